import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

const NODE_MODULES = join(import.meta.dirname, '..', '..', 'node_modules');

/**
 * Bundles a built package's entry point (`dist/main.js`, already compiled by tsc) with the
 * packages it imports from this repository's node_modules into that one file, in place: the
 * artifact then runs and installs with no registry (`npm install -g ./pkg.tgz` offline), which an
 * npm dependency could not. esbuild (a well-kept bundler) does the work; the other files of `dist/`
 * stay for readers and types. Node built-ins stay imports; CommonJS inside a dependency gets a
 * `require` made from the bundle's own URL. The bundle's bytes depend on its inputs only (not on
 * the temp folder or the install location).
 */
export async function bundleEntry(root: string, entry: string): Promise<void> {
  const file = join(root, entry);
  await build({
    entryPoints: [file],
    outfile: file,
    // esbuild names each module in a comment by its path from here: the package's own files then
    // read `dist/...`, not the temp folder the check ran in.
    absWorkingDir: root,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    nodePaths: [NODE_MODULES],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    legalComments: 'eof',
    logLevel: 'silent',
  });
  // tsc's source map described the file before bundling.
  await rm(`${file}.map`, { force: true });
  // The dependencies' comments name them from `node_modules/` on, not from where this service is
  // installed: the same inputs give the same bytes on every worker.
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace(/^\/\/ (?:[^\n]*?\/)?node_modules\//gm, '// node_modules/'));
}
