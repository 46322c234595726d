// The runtime copied into every module (`option/`, `packages/`, `internal/`): real Go in
// `bundle/`, vetted and tested as its own module (`sdkruntime`). Copied verbatim except for the
// import paths, whose `sdkruntime/` prefix becomes the generated module's path.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { GeneratedFile } from '../core/files.ts';

export const BUNDLE_DIR = join(import.meta.dirname, 'bundle');
/** The bundle's own module path, as its import lines spell it. */
export const BUNDLE_MODULE = 'sdkruntime';

let cached: GeneratedFile[] | undefined;

function read(): GeneratedFile[] {
  cached ??= readdirSync(BUNDLE_DIR, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.go') && !e.name.endsWith('_test.go'))
    .map((e) => relative(BUNDLE_DIR, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort()
    .map((path) => ({ path, content: readFileSync(join(BUNDLE_DIR, path), 'utf8') }));
  return cached;
}

/** The runtime's files with their imports pointing into `modulePath` (a path `goModulePath` accepted). */
export function bundleFiles(modulePath: string): GeneratedFile[] {
  return read().map((file) => ({
    path: file.path,
    content: file.content.replaceAll(`"${BUNDLE_MODULE}/`, `"${modulePath}/`),
  }));
}
