// The static assets copied verbatim into every site (`assets/`): the stylesheet and the one page
// script (search, theme toggle, code-sample tabs, the phone menu). They are real files in `bundle/`.

import { join } from 'node:path';
import { bundleCopier } from '../core/files.ts';

export const BUNDLE_DIR = join(import.meta.dirname, 'bundle');

export const bundleFiles = bundleCopier(BUNDLE_DIR, (name) => name.endsWith('.css') || name.endsWith('.js'), 'assets/');
