// A partner SDK carrying a customer's custom code, whose shipped package is CommonJS (every
// Stainless TypeScript SDK), is built the way Stainless ships it: CommonJS (the checked compile)
// with an ES-module twin (`.mjs`, `.d.mts`) that `exports` serves to `import`. kernel-hypeman's
// shipped SDK sent as `oldSdkText` in `partner_compatible` mode; its artifact packed as stored,
// unpacked with tar, `npm pack`ed and installed offline into a fresh project (with `ws`, its one
// dependency, packed from the folder the step's check installed it in: no registry is asked); then
// `require` loads the CommonJS files and `import` the ES-module ones, the custom module included,
// on every Node on the machine that `engines` admits, and tsc resolves each side's declarations;
// and the package's own `npm run build` makes its dist/ again, byte for byte.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installDependencies } from '../../workers/pipeline/custom-code/install-dependencies.ts';
import { packArtifact } from '../../workers/pipeline/pack-artifact.ts';
import { typescriptSdkStep } from '../../workers/pipeline/steps/typescript-sdk.ts';
import { rebuildAsUser } from '../setup/rebuild-package.ts';
import { stepContext } from '../setup/step-context.ts';
import { nodesToTry, ok } from './offline-install.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const TRIPLE = resolve(REPO_ROOT, '../shared/corpus/migration/kernel-hypeman');
const HAS_TRIPLE = existsSync(join(TRIPLE, 'sdk-typescript'));
if (!HAS_TRIPLE) console.warn(`\n*** partner dual-package test SKIPPED: ${TRIPLE} not found ***\n`);

function oldSdkText(): string {
  const sdk = join(TRIPLE, 'sdk-typescript');
  return readdirSync(join(sdk, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(sdk, join(e.parentPath, e.name)))
    .concat('package.json')
    .sort()
    .map((path) => `// File: ${path}\n${readFileSync(join(sdk, path), 'utf8')}`)
    .join('');
}

describe.skipIf(!HAS_TRIPLE)(
  'a partner SDK whose shipped package is CommonJS: CommonJS with its ES-module twin',
  () => {
    const work = mkdtempSync(join(tmpdir(), 'partner-dual-'));
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    it('kernel-hypeman: packed, installed offline, works from require and from import, types resolve for both', async () => {
      const outcome = await typescriptSdkStep.run(
        stepContext(readFileSync(join(TRIPLE, 'openapi.yaml'), 'utf8'), {
          mode: 'partner_compatible',
          configText: readFileSync(join(TRIPLE, 'stainless.yml'), 'utf8'),
          oldSdkText: oldSdkText(),
        }),
      );
      const report = outcome.customCode?.report;
      if (report?.dependencyInstall !== 'installed') {
        console.warn(
          `\n*** REGISTRY UNREACHABLE: kernel-hypeman's ws could not be installed (${report?.dependencyInstall}), so its compile fails and there is no package to install; the dual package is not checked here ***\n`,
        );
        expect(outcome.status).toBe('failed');
        return;
      }
      expect(outcome.status, outcome.summary).toBe('passed');
      expect(outcome.summary).toContain(
        'built as your package ships: CommonJS (dist/*.js, checked) with its ES-module twin',
      );
      const draft = outcome.artifacts?.[0];
      if (!draft || !('files' in draft)) throw new Error('no artifact');

      // The stored bytes, downloaded and unpacked as a user does.
      const packed = await packArtifact(draft);
      const archive = join(work, packed.fileName);
      writeFileSync(archive, packed.content);
      const dir = join(work, 'sdk');
      mkdirSync(dir);
      await ok('tar', ['-xzf', archive, '-C', dir], work);
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
      expect(pkg).toMatchObject({ name: '@onkernel/hypeman', type: 'commonjs', main: './dist/index.js' });
      expect(pkg.exports).toMatchObject({
        '.': {
          import: { types: './dist/index.d.mts', default: './dist/index.mjs' },
          require: { types: './dist/index.d.ts', default: './dist/index.js' },
        },
        './*': {
          import: { types: './dist/*.d.mts', default: './dist/*.mjs' },
          require: { types: './dist/*.d.ts', default: './dist/*.js' },
        },
      });
      const tsconfig = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')) as {
        compilerOptions: Record<string, unknown>;
      };
      expect(tsconfig.compilerOptions).toMatchObject({ module: 'CommonJS', moduleResolution: 'Bundler' });
      for (const base of ['index', 'client', 'lib/cp', 'lib/index'])
        for (const ext of ['.js', '.d.ts', '.js.map', '.mjs', '.d.mts', '.mjs.map'])
          expect(existsSync(join(dir, 'dist', `${base}${ext}`)), `dist/${base}${ext}`).toBe(true);
      // The custom index's extensionless re-export names each build's own file.
      expect(readFileSync(join(dir, 'dist/lib/index.mjs'), 'utf8')).toContain(`export * from './cp.mjs';`);
      expect(readFileSync(join(dir, 'dist/lib/index.d.mts'), 'utf8')).toContain(`export * from './cp.mjs';`);
      expect(readFileSync(join(dir, 'dist/lib/index.js'), 'utf8')).toContain(`require("./cp.js")`);
      expect(readFileSync(join(dir, 'dist/index.mjs'), 'utf8')).toMatch(/sourceMappingURL=index\.mjs\.map\s*$/);

      // `ws`, the custom code's dependency, packed from the folder the step's check installed it in.
      const install = await installDependencies(report.dependencies ?? [], new AbortController().signal);
      if (!install.ok) throw new Error(install.message);
      const tarballs: string[] = [];
      for (const folder of [dir, join(install.nodeModules, 'ws')]) {
        const name = (await ok('npm', ['pack', '--ignore-scripts', '--pack-destination', work], folder))
          .trim()
          .split('\n')
          .pop()!;
        tarballs.push(join(work, name));
      }
      const project = join(work, 'consumer');
      mkdirSync(project);
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }),
      );
      await ok(
        'npm',
        ['install', '--offline', '--ignore-scripts', '--cache', join(work, 'npm-cache'), ...tarballs],
        project,
      );

      writeFileSync(
        join(project, 'cjs.cjs'),
        [
          `const m = require('@onkernel/hypeman');`,
          `if (typeof m.Hypeman !== 'function' || m.default !== m.Hypeman) throw new Error('client');`,
          `if (!require.resolve('@onkernel/hypeman').endsWith('/dist/index.js')) throw new Error(require.resolve('@onkernel/hypeman'));`,
          `const cp = require('@onkernel/hypeman/lib/cp');`,
          `if (typeof cp.cpToInstance !== 'function') throw new Error('custom code');`,
          `new m.Hypeman({ apiKey: 'k', baseURL: 'http://127.0.0.1:9' });`,
          `console.log('cjs ok');`,
        ].join('\n'),
      );
      writeFileSync(
        join(project, 'esm.mjs'),
        [
          `import Default, { Hypeman } from '@onkernel/hypeman';`,
          `import { cpToInstance } from '@onkernel/hypeman/lib/cp';`,
          `import { createRequire } from 'node:module';`,
          `if (typeof Hypeman !== 'function' || Default !== Hypeman) throw new Error('client');`,
          `if (!import.meta.resolve('@onkernel/hypeman').endsWith('/dist/index.mjs')) throw new Error(import.meta.resolve('@onkernel/hypeman'));`,
          `if (typeof cpToInstance !== 'function') throw new Error('custom code');`,
          // The ES-module graph is the twin's alone: no CommonJS file of the package was loaded.
          `const cjs = Object.keys(createRequire(import.meta.url).cache).filter((f) => f.includes('hypeman'));`,
          `if (cjs.length) throw new Error('CommonJS files loaded by import: ' + cjs.join(', '));`,
          `new Hypeman({ apiKey: 'k', baseURL: 'http://127.0.0.1:9' });`,
          `console.log('esm ok');`,
        ].join('\n'),
      );
      const nodes = nodesToTry();
      expect(nodes.length).toBeGreaterThan(0);
      for (const node of nodes) {
        expect(await ok(node.path, ['cjs.cjs'], project), node.version).toContain('cjs ok');
        expect(await ok(node.path, ['esm.mjs'], project), node.version).toContain('esm ok');
      }

      // Types: `import` sees the .d.mts (and through them the twin's other .d.mts), `require` the
      // .d.ts, the custom module's included.
      const usage = [
        `import { Hypeman } from '@onkernel/hypeman';`,
        `import type { CpConfig } from '@onkernel/hypeman/lib/cp';`,
        `export const client: Hypeman = new Hypeman({ apiKey: 'k', baseURL: 'http://127.0.0.1:9' });`,
        `export const config: CpConfig = { baseURL: 'http://127.0.0.1:9', apiKey: 'k' };`,
      ].join('\n');
      writeFileSync(join(project, 'usage.mts'), usage);
      writeFileSync(join(project, 'usage.cts'), usage);
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: 'nodenext',
            target: 'es2022',
            lib: ['es2022', 'dom'],
            types: [],
            noEmit: true,
            skipLibCheck: false,
          },
          files: ['usage.mts', 'usage.cts'],
        }),
      );
      const listed = await ok(
        process.execPath,
        [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--listFiles'],
        project,
      );
      for (const declaration of [
        'index.d.mts',
        'client.d.mts',
        'index.d.ts',
        'client.d.ts',
        'lib/cp.d.mts',
        'lib/cp.d.ts',
      ])
        expect(listed, declaration).toContain(`node_modules/@onkernel/hypeman/dist/${declaration}`);

      // The team edits and rebuilds the downloaded package: its own `npm run build` (the checked
      // CommonJS compile, then scripts/postprocess-dist.mjs) makes both halves again, byte for
      // byte the dist/ that was shipped, with its dependencies installed as package.json asks.
      const shipped = Object.fromEntries(
        draft.files.filter((f) => f.path.startsWith('dist/')).map((f) => [f.path, String(f.content)]),
      );
      const deps = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
        devDependencies: Record<string, string>;
      };
      expect(deps.dependencies).toHaveProperty('ws');
      expect(deps.devDependencies).toHaveProperty('@types/ws');
      expect(
        rebuildAsUser(dir, {
          ws: join(install.nodeModules, 'ws'),
          '@types/ws': join(install.nodeModules, '@types/ws'),
        }),
      ).toEqual(shipped);
    }, 300_000);
  },
);
