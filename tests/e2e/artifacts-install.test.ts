// The artifacts as a user meets them, on a sample of the corpus: each description goes through the
// real pipeline steps (typescript_sdk, cli, python_sdk), each artifact is packed exactly as it is
// stored and offered for download (.tar.gz), unpacked with `tar`, and then used with no network:
// - TypeScript SDK: `npm pack`, installed into one fresh project (npm --offline, an unreachable
//   registry, an empty cache), imported from ESM and required from CommonJS on every Node on this
//   machine that the package's `engines` admits, and type-checked against with tsc;
// - CLI: `node dist/main.js --help` from the unpacked folder, then `npm pack` and
//   `npm install -g` of the packed files into a temp prefix, and each installed binary runs;
// - Python SDK: the wheel and the sdist are in `dist/`, `twine check --strict` passes on them, the
//   wheels install into one fresh venv with `pip --no-index`, and every module imports.
// Packages are batched: one npm install, one tsc run, one venv for the whole sample.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExecutable } from '../../workers/pipeline/check-with-tool.ts';
import { packArtifact } from '../../workers/pipeline/pack-artifact.ts';
import type { StepOutcome } from '../../workers/pipeline/step.ts';
import { cliStep } from '../../workers/pipeline/steps/cli.ts';
import { pythonSdkStep } from '../../workers/pipeline/steps/python-sdk.ts';
import { typescriptSdkStep } from '../../workers/pipeline/steps/typescript-sdk.ts';
import { stepContext } from '../setup/step-context.ts';
import { nodesToTry, ok } from './offline-install.ts';
import { pythonTools as pinnedPythonTools } from '../../workers/pipeline/python-tools.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const CORPUS = resolve(REPO_ROOT, '../shared/corpus');
/** Small and varied: a 3.1 showcase, a converted-from-Swagger 3.0 API, an events API, the OAI example. */
const SAMPLE = [
  'real-world/redocly-museum/openapi.yaml',
  'apis-guru/1password.com/events/1.0.0/openapi.yaml',
  'apis-guru/nytimes.com/top_stories/2.0.0/openapi.yaml',
  'oai-examples/v3.0/petstore-expanded.yaml',
];
const HAS_CORPUS = existsSync(CORPUS);
if (!HAS_CORPUS)
  console.warn(
    `\n*** artifacts-install tests SKIPPED: ${CORPUS} is missing (the corpus lives beside the repository) ***\n`,
  );
const missingPythonTools = pinnedPythonTools().missing;
if (HAS_CORPUS && missingPythonTools.length)
  console.warn(
    `\n*** artifacts-install Python tests SKIPPED: ${missingPythonTools.join(', ')} not installed (npm run setup:python-tools installs them) ***\n`,
  );

interface Sampled {
  description: string;
  slug: string;
  outcomes: Record<'typescript_sdk' | 'cli' | 'python_sdk', StepOutcome>;
  /** The unpacked artifact folders. */
  dirs: Record<'typescript_sdk' | 'cli' | 'python_sdk', string>;
}

describe.skipIf(!HAS_CORPUS)('artifacts as downloaded: installed and run offline (corpus sample)', () => {
  let work = '';
  const sampled: Sampled[] = [];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'artifacts-install-'));
    for (const description of SAMPLE) {
      const slug = description
        .split('/')
        .slice(-3, -1)
        .join('-')
        .replace(/[^a-z0-9-]/gi, '-');
      const context = stepContext(readFileSync(join(CORPUS, description), 'utf8'));
      const [typescript_sdk, cli, python_sdk] = await Promise.all([
        typescriptSdkStep.run(context),
        cliStep.run(context),
        missingPythonTools.length ? undefined : pythonSdkStep.run(context),
      ]);
      const outcomes = {
        typescript_sdk,
        cli,
        python_sdk: python_sdk ?? { status: 'skipped' as const, summary: 'python tools missing' },
      };
      const dirs = { typescript_sdk: '', cli: '', python_sdk: '' };
      for (const kind of ['typescript_sdk', 'cli', 'python_sdk'] as const) {
        const draft = outcomes[kind].artifacts?.[0];
        if (!draft) continue;
        // The stored bytes, downloaded: a .tar.gz a user unpacks with tar.
        const packed = await packArtifact(draft);
        const archive = join(work, `${slug}-${packed.fileName}`);
        writeFileSync(archive, packed.content);
        const dir = join(work, slug, kind);
        mkdirSync(dir, { recursive: true });
        await ok('tar', ['-xzf', archive, '-C', dir], work);
        dirs[kind] = dir;
      }
      sampled.push({ description, slug, outcomes, dirs });
    }
  }, 600_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('TypeScript SDK: dist/ beside src/, npm pack, offline install into a fresh project, import (ESM) and require (CommonJS) on the declared Node versions, tsc against it', async () => {
    const project = join(work, 'consumer');
    mkdirSync(project);
    const tarballs: string[] = [];
    const clients: { pkg: string; client: string }[] = [];
    for (const s of sampled) {
      expect(s.outcomes.typescript_sdk.status, `${s.description}: ${s.outcomes.typescript_sdk.summary}`).toBe('passed');
      const dir = s.dirs.typescript_sdk;
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name: string;
        engines: { node: string };
        exports: Record<string, Record<string, string>>;
      };
      expect(pkg.engines.node).toBe('^20.19.0 || >=22.12.0');
      for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/index.js.map', 'dist/client.js', 'src/index.ts'])
        expect(existsSync(join(dir, file)), `${s.description}: ${file}`).toBe(true);
      // Every target the package.json names exists.
      for (const target of Object.values(pkg.exports['.'] ?? {}))
        expect(existsSync(join(dir, target)), `${s.description}: exports ${target}`).toBe(true);
      const client = /export \{ (\w+), \1 as default/.exec(readFileSync(join(dir, 'src/index.ts'), 'utf8'))?.[1];
      expect(client, s.description).toBeDefined();
      // Lifecycle scripts are not needed: the artifact is built.
      const packed = (await ok('npm', ['pack', '--ignore-scripts', '--pack-destination', work], dir))
        .trim()
        .split('\n')
        .pop()!;
      tarballs.push(join(work, packed));
      clients.push({ pkg: pkg.name, client: client! });
    }
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    await ok(
      'npm',
      ['install', '--offline', '--ignore-scripts', '--cache', join(work, 'npm-cache'), ...tarballs],
      project,
    );

    const esm = clients
      .map(
        ({ pkg, client }, i) =>
          `import C${i}, { ${client} as N${i} } from ${JSON.stringify(pkg)};\nif (typeof C${i} !== 'function' || C${i} !== N${i}) throw new Error(${JSON.stringify(pkg)});`,
      )
      .join('\n');
    const cjs = clients
      .map(
        ({ pkg, client }) =>
          `{ const m = require(${JSON.stringify(pkg)}); if (typeof m.${client} !== 'function' || m.default !== m.${client}) throw new Error(${JSON.stringify(pkg)}); }`,
      )
      .join('\n');
    writeFileSync(join(project, 'esm.mjs'), `${esm}\nconsole.log('esm ok');\n`);
    writeFileSync(join(project, 'cjs.cjs'), `${cjs}\nconsole.log('cjs ok');\n`);
    const nodes = nodesToTry();
    expect(nodes.length).toBeGreaterThan(0);
    if (nodes.length < 2)
      console.warn(
        `\n*** only ${nodes.map((n) => n.version).join()} is on this machine; ESM/CJS checked there only ***\n`,
      );
    for (const node of nodes) {
      expect(await ok(node.path, ['esm.mjs'], project), node.version).toContain('esm ok');
      expect(await ok(node.path, ['cjs.cjs'], project), node.version).toContain('cjs ok');
    }

    // Type-check a usage file from both module kinds against the installed declarations.
    const usage = clients
      .map(
        ({ pkg, client }, i) =>
          `import { ${client} as C${i} } from ${JSON.stringify(pkg)};\nexport const c${i}: C${i} = new C${i}({ baseURL: 'http://127.0.0.1:9' });`,
      )
      .join('\n');
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
    await ok(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], project);
  }, 300_000);

  it('CLI: node dist/main.js --help runs from the unpacked artifact; npm install -g of the packed file installs a working binary offline', async () => {
    const tarballs: string[] = [];
    const bins: string[] = [];
    for (const s of sampled) {
      expect(s.outcomes.cli.status, `${s.description}: ${s.outcomes.cli.summary}`).toBe('passed');
      const dir = s.dirs.cli;
      const help = await ok(process.execPath, ['dist/main.js', '--help'], dir);
      expect(help, s.description).toMatch(/Usage:/);
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { bin: Record<string, string> };
      bins.push(...Object.keys(pkg.bin));
      tarballs.push(
        join(
          work,
          (await ok('npm', ['pack', '--ignore-scripts', '--pack-destination', work], dir)).trim().split('\n').pop()!,
        ),
      );
    }
    const prefix = join(work, 'global');
    await ok(
      'npm',
      ['install', '-g', '--prefix', prefix, '--offline', '--cache', join(work, 'npm-cache-g'), ...tarballs],
      work,
    );
    for (const node of nodesToTry()) {
      for (const bin of bins) {
        // The installed command, found on PATH as a user's shell finds it (`#!/usr/bin/env node`).
        const out = await ok(bin, ['--help'], work, {
          PATH: `${join(prefix, 'bin')}:${join(node.path, '..')}:/usr/bin:/bin`,
        });
        expect(out, `${bin} on ${node.version}`).toMatch(/Usage:/);
      }
    }
  }, 300_000);

  it.skipIf(missingPythonTools.length > 0)(
    'Python SDK: a wheel and an sdist built by python -m build, twine check --strict passes, the wheels install offline into a fresh venv and import',
    async () => {
      const wheels: string[] = [];
      const modules: string[] = [];
      for (const s of sampled) {
        expect(s.outcomes.python_sdk.status, `${s.description}: ${s.outcomes.python_sdk.summary}`).toBe('passed');
        const dir = s.dirs.python_sdk;
        const dist = readdirSync(join(dir, 'dist')).sort();
        const wheel = dist.find((f) => f.endsWith('-py3-none-any.whl'));
        const sdist = dist.find((f) => f.endsWith('.tar.gz'));
        expect(wheel && sdist, `${s.description}: dist/ holds ${dist.join(', ')}`).toBeTruthy();
        await ok(pinnedPythonTools().twine!, ['check', '--strict', `dist/${wheel}`, `dist/${sdist}`], dir);
        // The sdist is a real one: PKG-INFO, pyproject.toml and the sources under one top folder.
        const listing = await ok('tar', ['-tzf', `dist/${sdist}`], dir);
        expect(listing).toMatch(/^[^/]+\/PKG-INFO$/m);
        expect(listing).toMatch(/^[^/]+\/pyproject\.toml$/m);
        wheels.push(join(dir, 'dist', wheel!));
        modules.push(...readdirSync(join(dir, 'src')).filter((n) => !n.endsWith('.egg-info')));
      }
      const venv = join(work, 'venv');
      await ok(findExecutable('python3')!, ['-m', 'venv', venv], work);
      await ok(
        join(venv, 'bin', 'python'),
        ['-m', 'pip', 'install', '--no-index', '--no-deps', '--disable-pip-version-check', ...wheels],
        work,
      );
      const out = await ok(
        join(venv, 'bin', 'python'),
        ['-I', '-c', `import ${modules.join(', ')}\nprint(${modules.map((m) => `${m}.__version__`).join(', ')})`],
        work,
      );
      expect(out.trim().split(' ')).toHaveLength(modules.length);
    },
    300_000,
  );
});
