// Shipped custom code of a Stainless SDK imports the SDK's own modules the way Stainless's
// packages compile them: extensionless relative paths (`../core/error`, `../internal/utils/values`)
// and the package's own name (`<pkg>/resources/shared`, which Stainless's tsconfig maps to `src/`).
// Our package compiles with NodeNext resolution, which refuses both. In partner modes, when a
// customer's code is carried, the package's tsconfig resolves like a bundler (the generated code's
// `.js` specifiers resolve the same), maps the package name onto `src/` and, like Stainless's
// packages, develops against Node's types (`@types/node`); after the compile, the built `dist/`
// gets the extensions Node's ES-module loader needs from the script the package carries, which its
// own `npm run build` runs too, as Stainless's build post-processes its output
// (`scripts/utils/postprocess-files.cjs`; ours: postprocess-dist.ts).

import type { GeneratedFile } from '../step.ts';
import { BUILD_SCRIPT, postprocessScript } from './postprocess-dist.ts';

const decoder = new TextDecoder();
const text = (content: string | Uint8Array): string =>
  typeof content === 'string' ? content : decoder.decode(content);

/** The range of Node's types the package develops against (the Node versions it declares). */
const NODE_TYPES = '>=20.19.0';

/**
 * The package's tsconfig.json with bundler resolution and the package name mapped onto `src/`, and
 * its `build` followed by the post-processing script it now carries.
 */
export function admitExtensionlessImports(files: readonly GeneratedFile[]): GeneratedFile[] {
  const pkg = files.find((f) => f.path === 'package.json');
  const name = pkg ? (JSON.parse(text(pkg.content)) as { name?: unknown }).name : undefined;
  const postprocess = postprocessScript();
  const admitted = files
    .filter((file) => file.path !== postprocess.path)
    .map((file) => {
      if (file.path === 'package.json') {
        // Stainless packages develop against Node's types; shipped custom code uses them (fs, Buffer).
        const manifest = JSON.parse(text(file.content)) as {
          devDependencies?: Record<string, string>;
          scripts?: Record<string, string>;
        };
        manifest.devDependencies = { ...manifest.devDependencies, '@types/node': NODE_TYPES };
        manifest.scripts = { ...manifest.scripts, build: BUILD_SCRIPT, prepublishOnly: BUILD_SCRIPT };
        return { path: file.path, content: `${JSON.stringify(manifest, null, 2)}\n` };
      }
      if (file.path !== 'tsconfig.json') return file;
      const config = JSON.parse(text(file.content)) as { compilerOptions: Record<string, unknown> };
      config.compilerOptions = {
        ...config.compilerOptions,
        module: 'ESNext',
        moduleResolution: 'Bundler',
        // Shipped custom code imports types without `import type` (Stainless's tsconfig allows it).
        verbatimModuleSyntax: false,
        types: ['node'],
        ...(typeof name === 'string' && name
          ? { paths: { [name]: ['./src/index.ts'], [`${name}/*`]: ['./src/*'] } }
          : {}),
      };
      return { path: file.path, content: `${JSON.stringify(config, null, 2)}\n` };
    });
  return [...admitted, postprocess];
}
