// The static assets copied verbatim into every site (`assets/`): the stylesheet and the one page
// script (search, theme toggle, code-sample tabs, the phone menu). They are real files in `bundle/`.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedFile } from './types.ts';

export const BUNDLE_DIR = join(import.meta.dirname, 'bundle');
let cached: GeneratedFile[] | undefined;

export function bundleFiles(): GeneratedFile[] {
  cached ??= readdirSync(BUNDLE_DIR)
    .filter((name) => name.endsWith('.css') || name.endsWith('.js'))
    .sort()
    .map((name) => ({ path: `assets/${name}`, content: readFileSync(join(BUNDLE_DIR, name), 'utf8') }));
  return cached.map((file) => ({ ...file }));
}
