// The post-processing of a partner SDK's `dist/` that carries its team's custom code: extensionless
// specifiers completed, and for a CommonJS package (every Stainless SDK) the ES-module twin
// (`dist/<f>.mjs`, `dist/<f>.d.mts`) emitted after the checked compile without a second check
// (`tsc --noCheck`: the run's compile time is paid once, issue #33). The package carries the script
// that does it (`scripts/postprocess-dist.mjs`, from package-scripts/), and its `npm run build`
// runs it after the compile; the service runs the same file, so a user's rebuild makes what we
// shipped.

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTree } from '../check-with-tool.ts';
import type { GeneratedFile } from '../step.ts';

const NODE_MODULES = join(import.meta.dirname, '..', '..', '..', 'node_modules');
/** The compile gate's TypeScript 7 (tsc-check.ts). */
const TSC = join(NODE_MODULES, 'typescript-native', 'bin', 'tsc');
const TYPE_ROOTS = join(NODE_MODULES, '@types');

/** Where the package keeps the script. */
export const POSTPROCESS_SCRIPT = 'scripts/postprocess-dist.mjs';

let script: string | undefined;

/** The script (package-scripts/postprocess-dist.mjs) as a file of the package; read once per process. */
export function postprocessScript(): GeneratedFile {
  script ??= readFileSync(join(import.meta.dirname, 'package-scripts', 'postprocess-dist.mjs'), 'utf8');
  return { path: POSTPROCESS_SCRIPT, content: script };
}

/** The package's `build`: the checked compile, then the script (the twin only for a CommonJS package). */
export const BUILD_SCRIPT = `tsc -p tsconfig.json && node ${POSTPROCESS_SCRIPT}`;

/**
 * In the folder `root` whose `dist/` the package's checked compile wrote: runs the package's own
 * `scripts/postprocess-dist.mjs` (with the gate's TypeScript for the twin, which it emits when the
 * package.json says CommonJS), then returns `dist/`. Throws when it fails.
 */
export async function postprocessDist(root: string, signal: AbortSignal): Promise<GeneratedFile[]> {
  const args = [join(root, POSTPROCESS_SCRIPT), '--typeRoots', TYPE_ROOTS];
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { cwd: root, signal, timeout: 120_000, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, TSC } },
      (error, stdout, stderr) => {
        if (!error) return resolve();
        const said = `${stdout}\n${stderr}`.trim().replaceAll(root, '.').split('\n').slice(0, 3).join(' | ');
        reject(new Error(`post-processing dist/ (${POSTPROCESS_SCRIPT}) failed: ${said || error.message}`));
      },
    );
  });
  signal.throwIfAborted();
  return readTree(root, 'dist');
}
