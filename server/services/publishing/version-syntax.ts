// What a registry accepts as a version: one definition for the checklist, the proposal, the
// version order and rollbacks.

/** Semantic Versioning 2.0.0 (npm, GitHub tags). */
export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/** PEP 440 public versions, the forms our Python packages use. */
export const PEP440 = /^\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?$/;

/** Whether `version` is a version the registry accepts (PEP 440 for pypi, semver otherwise). */
export function isValidVersion(registry: string, version: string): boolean {
  return (registry === 'pypi' ? PEP440 : SEMVER).test(version);
}
