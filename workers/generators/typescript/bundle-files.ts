// The runtime core copied verbatim into every package as `src/core/*.ts`. The files are real,
// type-checked TypeScript in `bundle/`; they are read once per process.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedFile } from './types.ts';

const BUNDLE_DIR = join(import.meta.dirname, 'bundle');
let cached: GeneratedFile[] | undefined;

export function bundleFiles(): GeneratedFile[] {
  cached ??= readdirSync(BUNDLE_DIR)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => ({ path: `src/core/${name}`, content: readFileSync(join(BUNDLE_DIR, name), 'utf8') }));
  return cached.map((file) => ({ ...file }));
}
