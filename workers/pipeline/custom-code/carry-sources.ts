import type { SdkLanguage } from '../../generators/custom-code/custom-folders.ts';

/** A file tree as plain data (it crosses to the run's process): path → text. */
export type TextTree = Record<string, string>;

/**
 * What the worker finds for a run before its steps start (load-carry-sources.ts): per language,
 * the merge base (the pristine generation the customer last received) and, with a repository
 * connected, the customer's SDK from its default branch (else the run's `oldSdkText` is theirs).
 */
export interface CarrySources {
  bases: Partial<Record<SdkLanguage, { runId: string | null; files: TextTree }>>;
  repository: Partial<Record<SdkLanguage, TextTree>>;
}

export const NO_CARRY_SOURCES: CarrySources = { bases: {}, repository: {} };
