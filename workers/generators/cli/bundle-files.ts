// The CLI runtime copied verbatim into every package as `src/cli/*.ts`. The files are real
// TypeScript in `bundle/`, type-checked inside generated packages by the tests.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedFile } from './types.ts';

export const CLI_BUNDLE_DIR = join(import.meta.dirname, 'bundle');
let cached: GeneratedFile[] | undefined;

export function cliBundleFiles(): GeneratedFile[] {
  cached ??= readdirSync(CLI_BUNDLE_DIR)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => ({ path: `src/cli/${name}`, content: readFileSync(join(CLI_BUNDLE_DIR, name), 'utf8') }));
  return cached.map((file) => ({ ...file }));
}
