// A customer's own code in a new SDK: custom folders carried byte for byte, edits to generated
// files merged three-way (base = the pristine generation they last received, theirs = their SDK
// today, ours = the new generation), conflicts delivered with markers and reported, never dropped.
// Language-generic: a language is its custom-folder patterns (generators/custom-code/custom-folders.ts).

import { sortByPath } from '../../generators/core/files.ts';
import { isCustomPath, type SdkLanguage } from '../../generators/custom-code/custom-folders.ts';
import type { CustomCodeConflict, CustomCodeReport } from '../../../shared/schemas/custom-code.ts';
import type { GeneratedFile } from '../step.ts';
import { mergeFile } from './merge-file.ts';

export interface CarryInput {
  language: SdkLanguage;
  /** The new generation, pristine. */
  generated: readonly GeneratedFile[];
  /** The customer's SDK today (path → exact text), and where it came from. */
  theirs: ReadonlyMap<string, string> | undefined;
  source: CustomCodeReport['source'];
  /** The pristine generation the customer last received, if known. */
  base: { runId: string | null; files: ReadonlyMap<string, string> } | undefined;
  /** `custom_code.paths` of the config. */
  extraPaths: readonly string[];
  signal?: AbortSignal;
}

export interface CarryResult {
  /** What the SDK is delivered as: the new generation with the customer's code in place. */
  files: GeneratedFile[];
  report: CustomCodeReport;
}

const decoder = new TextDecoder();
const text = (content: string | Uint8Array): string =>
  typeof content === 'string' ? content : decoder.decode(content);

/**
 * Whether the customer's SDK derives from `base` at all: of the generated files both have, at
 * least half are unchanged, and it has at least one. An SDK from another vendor (a migration sent
 * on a project that also downloaded ours) shares paths with our generation but hardly a file's
 * text, or shares no path at all; merging it against our base would weave two generators' code
 * together, and keep its files as if the customer had added them to ours.
 */
function derivesFrom(
  theirs: ReadonlyMap<string, string>,
  base: ReadonlyMap<string, string>,
  custom: (path: string) => boolean,
): boolean {
  let others = 0;
  let shared = 0;
  let same = 0;
  for (const [path, text] of theirs) {
    if (custom(path)) continue;
    others += 1;
    const was = base.get(path);
    if (was === undefined) continue;
    shared += 1;
    if (was === text) same += 1;
  }
  // Only custom files: nothing to merge either way. Files of which none is a path of the base (an
  // SDK from elsewhere, laid out otherwise): not ours, and never added into our package.
  return others === 0 || (shared > 0 && same * 2 >= shared);
}

export async function carryCustomCode(input: CarryInput): Promise<CarryResult> {
  const { language, theirs, extraPaths } = input;
  const custom = (path: string) => isCustomPath(language, path, extraPaths);
  const baseIgnored = !!(input.base && theirs && !derivesFrom(theirs, input.base.files, custom));
  const base = baseIgnored ? undefined : input.base;
  const out = new Map(input.generated.map((f) => [f.path, f] as const));
  const report: CustomCodeReport = {
    language,
    source: theirs ? input.source : 'none',
    baseRunId: base?.runId ?? null,
    baseAvailable: base !== undefined,
    carried: [],
    merged: [],
    added: [],
    conflicts: [],
    notCarried: [],
    extraPaths: [...extraPaths],
    baseIgnored,
  };
  const conflict = (path: string, kind: CustomCodeConflict['kind'], hunks: CustomCodeConflict['hunks'] = []) =>
    report.conflicts.push({ path, kind, hunks });

  for (const [path, yours] of [...(theirs ?? new Map<string, string>())].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  )) {
    input.signal?.throwIfAborted();
    const generated = out.get(path);
    const ours = generated ? text(generated.content) : undefined;
    if (custom(path)) {
      out.set(path, { path, content: yours });
      report.carried.push(path);
      continue;
    }
    if (!base) {
      // No base: an edit cannot be told from the generator's (or another vendor's) own text.
      if (ours !== yours) report.notCarried.push(path);
      continue;
    }
    const was = base.files.get(path);
    if (ours === undefined) {
      if (was === undefined) {
        out.set(path, { path, content: yours });
        report.added.push(path);
      } else if (was !== yours) {
        // The new generation drops a file the customer edited: theirs is kept, and reported.
        out.set(path, { path, content: yours });
        conflict(path, 'removed_by_generation');
      }
      continue;
    }
    if (yours === ours || yours === was) continue; // nothing of theirs to keep
    if (ours === was) {
      out.set(path, { path, content: yours }); // only the customer changed it
      report.merged.push(path);
      continue;
    }
    const merge = await mergeFile(yours, was ?? '', ours, input.signal);
    out.set(path, { path, content: merge.content });
    if (merge.hunks.length === 0) report.merged.push(path);
    else conflict(path, 'content', merge.hunks);
  }
  return { files: sortByPath([...out.values()]), report };
}
