// The runtime copied verbatim into every package (`src/<module>/_*.py`). The files are real,
// mypy-checked Python in `bundle/`; they are read once per process.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedFile } from './types.ts';

const BUNDLE_DIR = join(import.meta.dirname, 'bundle');
let cached: GeneratedFile[] | undefined;

export function bundleFiles(): GeneratedFile[] {
  cached ??= readdirSync(BUNDLE_DIR)
    .filter((name) => name.endsWith('.py') && name !== '__init__.py')
    .sort()
    .map((name) => ({ path: name, content: readFileSync(join(BUNDLE_DIR, name), 'utf8') }));
  return cached.map((file) => ({ ...file }));
}
