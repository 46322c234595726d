// The static assets of every site (`assets/`): the stylesheet, copied verbatim, and the one page
// script, `site.js`, bundled from the real TypeScript in `bundle/` (the page behaviour and the
// try-it console, type-checked by `bundle/tsconfig.json` and unit-tested) by esbuild, once per
// process. The output is deterministic: same sources, same bytes.

import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { bundleCopier, type GeneratedFile } from '../core/files.ts';

export const BUNDLE_DIR = join(import.meta.dirname, 'bundle');

const styles = bundleCopier(BUNDLE_DIR, (name) => name.endsWith('.css'), 'assets/');

let script: string | undefined;

/** `bundle/site.ts` and what it imports, as one classic script (no modules: `script-src 'self'` and a `defer` tag). */
export function siteScript(): string {
  if (script !== undefined) return script;
  const result = buildSync({
    entryPoints: [join(BUNDLE_DIR, 'site.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    absWorkingDir: BUNDLE_DIR,
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
    banner: { js: '// Generated docs site script: theme, menu, code-sample tabs, search, try-it console.' },
  });
  script = result.outputFiles[0]?.text ?? '';
  return script;
}

export function bundleFiles(): GeneratedFile[] {
  return [...styles(), { path: 'assets/site.js', content: siteScript() }];
}
