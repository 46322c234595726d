// The runtime copied verbatim into every package (`src/<module>/_*.py`). The files are real,
// mypy-checked Python in `bundle/`; they are read once per process.

import { join } from 'node:path';
import { bundleCopier } from '../core/files.ts';

const BUNDLE_DIR = join(import.meta.dirname, 'bundle');

export const bundleFiles = bundleCopier(BUNDLE_DIR, (name) => name.endsWith('.py') && name !== '__init__.py', '');
