import type { SdkDiffReport } from '../../../workers/for-api.ts';
import { SEMVER } from './version-syntax.ts';

export type Bump = 'major' | 'minor' | 'patch';

export interface VersionProposal {
  /** The proposed next version, or undefined when there is no version to start from. */
  version: string | undefined;
  bump: Bump;
  /** The version the bump starts from, and where it was found. */
  base: { version: string; source: string } | undefined;
  /** Why this bump: the diff's counts in words. */
  reason: string;
  /** Where the proposal came from, for the checklist. */
  source: string;
  /** The CHANGELOG entry written from the same diff (Markdown). */
  changelog: string;
}

/**
 * The version the customer's shipped SDK declares, read from the text they sent as `oldSdkText`
 * (never executed): a package.json `"version"`, a pyproject `version = "…"`, `__version__ = "…"`
 * or `VERSION = '…'` (Stainless' src/version.ts). The first semantic version found wins.
 */
export function shippedVersion(oldSdkText: string | null | undefined): string | undefined {
  if (!oldSdkText) return undefined;
  const patterns = [
    /"version"\s*:\s*"([^"\n]{1,64})"/,
    /^\s*version\s*=\s*["']([^"'\n]{1,64})["']/m,
    /\b__version__\s*(?::\s*str\s*)?=\s*["']([^"'\n]{1,64})["']/,
    /\bVERSION\s*(?::\s*string\s*)?=\s*["']([^"'\n]{1,64})["']/,
    // A Stainless Go SDK: internal/version.go `const PackageVersion = "0.7.0"`.
    /\bPackageVersion\s*=\s*"([^"\n]{1,64})"/,
  ];
  for (const pattern of patterns) {
    const found = pattern.exec(oldSdkText)?.[1];
    if (found !== undefined && SEMVER.test(found)) return found;
  }
  return undefined;
}

/** `a.b.c` bumped; a pre-release or build suffix is dropped (the next release is a plain one). */
export function bumpVersion(version: string, bump: Bump): string {
  const [major = 0, minor = 0, patch = 0] = version.split(/[-+]/)[0]!.split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** -1, 0 or 1 as semantic versions order (pre-release below its release; build metadata ignored). */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = '', pre] = v.split('+')[0]!.split(/-(.*)/s);
    return { nums: core.split('.').map(Number), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

interface Classified {
  breaking: { text: string }[];
  added: { text: string }[];
  fixed: { text: string }[];
}

/**
 * The diff's methods in three groups. Breaking: a removed or renamed method (old calls no longer
 * compile), a changed method with a breaking change (a required parameter added, a type changed,
 * a different endpoint), a removed model, error class or client option. Added: new methods,
 * models, options; a changed method whose changes are all additive (an optional parameter).
 */
function classify(diff: SdkDiffReport): Classified {
  const out: Classified = { breaking: [], added: [], fixed: [] };
  for (const m of diff.methods) {
    const name = m.newId ?? m.oldId ?? '?';
    if (m.status === 'removed')
      out.breaking.push({ text: `Removed \`${m.oldId}\`${m.reason ? ` (${m.reason.replace(/\.$/, '')})` : ''}.` });
    else if (m.status === 'renamed') out.breaking.push({ text: `Renamed \`${m.oldId}\` to \`${m.newId}\`.` });
    else if (m.status === 'added')
      out.added.push({ text: `Added \`${m.newId}\`${m.endpoint ? ` (${m.endpoint})` : ''}.` });
    else if (m.status === 'changed') {
      const breaking = m.changes.filter((c) => c.breaking);
      if (breaking.length > 0)
        out.breaking.push({ text: `Changed \`${name}\`: ${breaking.map((c) => c.message).join('; ')}.` });
      else out.added.push({ text: `\`${name}\`: ${m.changes.map((c) => c.message).join('; ')}.` });
    }
  }
  for (const [label, items] of [
    ['model', diff.models],
    ['error class', diff.errors],
    ['client option', diff.clientOptions],
  ] as const) {
    for (const removed of items.removed) out.breaking.push({ text: `Removed ${label} \`${removed}\`.` });
    for (const added of items.added) out.added.push({ text: `Added ${label} \`${added}\`.` });
  }
  for (const changed of diff.models.changed) {
    const breaking = changed.changes.filter((c) => c.breaking);
    if (breaking.length > 0)
      out.breaking.push({ text: `Changed model \`${changed.name}\`: ${breaking.map((c) => c.message).join('; ')}.` });
  }
  return out;
}

/** One line of the entry per change (messages are single lines; a stray newline is folded). */
const md = (text: string): string => text.replace(/\r?\n/g, ' ').slice(0, 500);

/**
 * The next version from the compatibility diff against the SDK the customer ships (the run's
 * compat_diff, `oldSdkText` against the SDK generated now): breaking changes → major, additions →
 * minor, otherwise patch; below 1.0.0 a breaking change bumps the minor and an addition the patch.
 * The CHANGELOG entry is written from the same diff. Without a diff there is nothing to derive a
 * bump from: a patch of the shipped version, or the package's own version as a first release.
 */
export function proposeVersion(input: {
  diff: SdkDiffReport | undefined;
  /** The version the shipped SDK declares (see `shippedVersion`). */
  shipped: string | undefined;
  /** The version the generated package carries (the description's info.version, or 0.1.0). */
  packageVersion: string | undefined;
}): VersionProposal {
  const base =
    input.shipped !== undefined
      ? { version: input.shipped, source: 'the version the shipped SDK declares in oldSdkText' }
      : undefined;
  if (!input.diff) {
    if (base) {
      const version = bumpVersion(base.version, 'patch');
      return {
        version,
        bump: 'patch',
        base,
        reason: 'no compatibility diff against the shipped SDK',
        source: `The run has no SDK compatibility diff (see its compat_diff step), so no bump could be derived: a patch release of ${base.version} (${base.source}) is proposed.`,
        changelog: `## ${version}\n\n- Regenerated from the API description; the SDK surface was not compared.\n`,
      };
    }
    return {
      version: input.packageVersion,
      bump: 'patch',
      base: undefined,
      reason: 'no shipped SDK was compared',
      source: `No shipped SDK was compared (start the report with oldSdkText to get a bump from the diff)${input.packageVersion ? `: the package's own version ${input.packageVersion} (from the description's info.version) is proposed as a first release` : ''}.`,
      changelog: input.packageVersion
        ? `## ${input.packageVersion}\n\n- First release, generated from the API description.\n`
        : '',
    };
  }
  const groups = classify(input.diff);
  const stable = base === undefined || compareVersions(base.version, '1.0.0') >= 0;
  const bump: Bump =
    groups.breaking.length > 0
      ? stable
        ? 'major'
        : 'minor'
      : groups.added.length > 0
        ? stable
          ? 'minor'
          : 'patch'
        : 'patch';
  const version = base ? bumpVersion(base.version, bump) : undefined;
  const reason = `${groups.breaking.length} breaking, ${groups.added.length} additive change${groups.added.length === 1 ? '' : 's'} (${input.diff.counts.kept} methods kept, ${input.diff.counts.renamed} renamed, ${input.diff.counts.changed} changed, ${input.diff.counts.removed} removed, ${input.diff.counts.added} added)`;
  const lines = [`## ${version ?? 'Next version'}`, ''];
  if (groups.breaking.length > 0)
    lines.push('### Breaking changes', '', ...groups.breaking.map((c) => `- ${md(c.text)}`), '');
  if (groups.added.length > 0) lines.push('### Added', '', ...groups.added.map((c) => `- ${md(c.text)}`), '');
  if (groups.breaking.length === 0 && groups.added.length === 0)
    lines.push('- No change to the SDK surface: fixes and documentation only.', '');
  return {
    version,
    bump,
    base,
    reason,
    source: `From the compatibility diff of this run's SDK against the shipped SDK (oldSdkText, ${input.diff.oldLanguage}): ${reason} → ${bump}${
      base
        ? ` of ${base.version} (${base.source})${!stable ? '; below 1.0.0 a breaking change bumps the minor and an addition the patch' : ''}`
        : '; the shipped SDK text declares no version to bump (include its package.json, version.ts or __version__ in oldSdkText), so no number is proposed'
    }.`,
    changelog: lines.join('\n'),
  };
}
