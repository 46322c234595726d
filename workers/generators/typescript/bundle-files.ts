// The runtime core copied verbatim into every package as `src/core/*.ts`. The files are real,
// type-checked TypeScript in `bundle/`; they are read once per process.

import { join } from 'node:path';
import { bundleCopier } from '../core/files.ts';

const BUNDLE_DIR = join(import.meta.dirname, 'bundle');

export const bundleFiles = bundleCopier(BUNDLE_DIR, (name) => name.endsWith('.ts'), 'src/core/');
