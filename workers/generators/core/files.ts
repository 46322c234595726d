// What every emitter hands back: a list of files, ordered by path, some of them copied verbatim
// from a `bundle/` folder beside the emitter (the runtime a generated package carries).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One file of a generated tree (an SDK, a CLI, a docs site); `path` is relative to the tree's
 * root, `/`-separated. The generators write text; the pipeline also stores bytes (`Uint8Array`).
 */
export interface GeneratedFile<Content extends string | Uint8Array = string> {
  path: string;
  content: Content;
}

/** Orders strings by UTF-16 code units (not locale): the same order on every machine. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders files by path (code units). */
export function byPath(a: { path: string }, b: { path: string }): number {
  return compareCodeUnits(a.path, b.path);
}

/** Sorts `files` in place by path and returns them. */
export function sortByPath<F extends { path: string }>(files: F[]): F[] {
  return files.sort(byPath);
}

/**
 * The files of a bundle folder that `keep` accepts, in name order, each as `<prefix><name>`. Read
 * once per process; every call returns fresh objects.
 */
export function bundleCopier(dir: string, keep: (name: string) => boolean, prefix: string): () => GeneratedFile[] {
  let cached: GeneratedFile[] | undefined;
  return () => {
    cached ??= readdirSync(dir)
      .filter(keep)
      .sort()
      .map((name) => ({ path: `${prefix}${name}`, content: readFileSync(join(dir, name), 'utf8') }));
    return cached.map((file) => ({ ...file }));
  };
}
