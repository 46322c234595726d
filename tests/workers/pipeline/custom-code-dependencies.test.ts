// The npm packages a customer's own code imports (docs/custom-code-and-release-prs.md): carried from
// their package.json into ours, installed from the configured registry for the step's tsc (a real
// Verdaccio on 127.0.0.1 the test publishes small packages to), kept in the worker's cache between
// runs; a registry that cannot be reached is said in plain words and the compile fails honestly.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carryDependencies } from '../../../workers/pipeline/custom-code/carry-dependencies.ts';
import type { GeneratedFile, StepOutcome } from '../../../workers/pipeline/step.ts';
import { typescriptSdkStep } from '../../../workers/pipeline/steps/typescript-sdk.ts';
import { stepContext } from '../../setup/step-context.ts';
import { startVerdaccio, type RunningVerdaccio } from '../../fakes/verdaccio.ts';

const run = promisify(execFile);
const V2 = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'custom-code', 'notes-v2.yaml'), 'utf8');
const SETTINGS = ['CUSTOM_CODE_NPM_REGISTRY', 'CUSTOM_CODE_NPM_CACHE_DIR', 'npm_config_userconfig'] as const;
const saved = Object.fromEntries(SETTINGS.map((k) => [k, process.env[k]]));

let verdaccio: RunningVerdaccio;
let temp: string;

/** Publishes a package of these files to the Verdaccio, as its user, with npm itself. */
async function publish(userconfig: string, name: string, version: string, files: Record<string, string>) {
  const dir = join(temp, 'packages', `${name.replace('/', '__')}-${version}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name, version, ...JSON.parse(files['package.json'] ?? '{}') }),
  );
  for (const [path, content] of Object.entries(files))
    if (path !== 'package.json') writeFileSync(join(dir, path), content);
  await run('npm', ['publish', '--userconfig', userconfig, '--registry', verdaccio.url, '--ignore-scripts'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: temp },
  });
}

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'custom-deps-'));
  verdaccio = await startVerdaccio();
  // The worker user's .npmrc names the registry's token (a private mirror); the worker's setting names the registry.
  const userconfig = join(temp, 'npmrc');
  writeFileSync(userconfig, `//${new URL(verdaccio.url).host}/:_authToken=${verdaccio.token}\n`);
  await Promise.all([
    publish(userconfig, 'greeting-kit', '1.2.0', {
      'package.json': JSON.stringify({ type: 'module', main: 'index.js', types: 'index.d.ts' }),
      'index.js': 'export const greet = (name) => `Hello, ${name}`;\n',
      'index.d.ts': 'export declare function greet(name: string): string;\n',
    }),
    publish(userconfig, 'untyped-clock', '2.0.0', {
      'package.json': JSON.stringify({ main: 'index.js' }),
      'index.js': 'exports.now = () => Date.now();\n',
    }),
    publish(userconfig, '@types/untyped-clock', '2.0.1', {
      'package.json': JSON.stringify({ types: 'index.d.ts' }),
      'index.d.ts': 'export declare function now(): number;\n',
    }),
  ]);
  process.env.CUSTOM_CODE_NPM_REGISTRY = verdaccio.url;
  process.env.CUSTOM_CODE_NPM_CACHE_DIR = join(temp, 'cache');
  process.env.npm_config_userconfig = userconfig;
}, 60_000);

afterAll(async () => {
  for (const key of SETTINGS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  await verdaccio?.stop();
  rmSync(temp, { recursive: true, force: true });
});

/** Their SDK: a custom file importing two packages, and their package.json declaring them (and more). */
function theirSdk(custom: string): string {
  const manifest = {
    name: 'notes-sdk',
    dependencies: { 'greeting-kit': '^1.2.0', 'untyped-clock': '^2.0.0', 'left-pad': '^1.3.0' },
    devDependencies: { '@types/untyped-clock': '^2.0.1', '@types/jest': '^29.4.0', typescript: '5.8.3' },
  };
  return `// File: package.json\n${JSON.stringify(manifest, null, 2)}\n// File: src/lib/hello.ts\n${custom}`;
}

const HELLO = `import { greet } from 'greeting-kit';\nimport { now } from 'untyped-clock';\n\nexport const hello = (name: string): string => \`\${greet(name)} at \${now()}\`;\n`;
const filesOf = (outcome: StepOutcome): Map<string, string> => {
  const draft = outcome.artifacts?.find((a) => 'files' in a);
  return new Map((draft && 'files' in draft ? draft.files : []).map((f) => [f.path, String(f.content)]));
};

describe('custom code’s npm dependencies', () => {
  it('are carried into package.json with their ranges and installed for tsc, which sees their types; the install is reused', async () => {
    const outcome = await typescriptSdkStep.run(stepContext(V2, { oldSdkText: theirSdk(HELLO) }));
    expect(outcome.status, outcome.summary).toBe('passed');
    const report = outcome.customCode?.report;
    // Imported by their code: carried (the @types package for the untyped one too); left-pad,
    // @types/jest and typescript are theirs but not imported, so not carried.
    expect(report?.dependencies).toEqual([
      { name: 'greeting-kit', range: '^1.2.0', field: 'dependencies' },
      { name: 'untyped-clock', range: '^2.0.0', field: 'dependencies' },
      { name: '@types/untyped-clock', range: '^2.0.1', field: 'devDependencies' },
    ]);
    expect(report?.dependencyInstall).toBe('installed');
    const manifest = JSON.parse(filesOf(outcome).get('package.json')!) as Record<string, Record<string, string>>;
    expect(manifest.dependencies).toEqual({ 'greeting-kit': '^1.2.0', 'untyped-clock': '^2.0.0' });
    expect(manifest.devDependencies?.['@types/untyped-clock']).toBe('^2.0.1');
    expect(outcome.summary).toContain(
      'npm dependencies of your code carried into package.json: greeting-kit@^1.2.0, untyped-clock@^2.0.0, @types/untyped-clock@^2.0.1',
    );
    expect(filesOf(outcome).get('dist/lib/hello.js')).toContain("from 'greeting-kit'");

    // The types are really seen: a wrong use of greet's return type is a type error, not a missing module.
    const wrong = HELLO.replace('=> `${greet(name)} at ${now()}`', '=> greet(name).length + now()');
    const failed = await typescriptSdkStep.run(stepContext(V2, { oldSdkText: theirSdk(wrong) }));
    expect(failed.status).toBe('failed');
    expect(failed.summary).toMatch(
      /src\/lib\/hello\.ts\(4,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/,
    );
    expect(failed.summary).toContain('custom code that fails the check: src/lib/hello.ts');
    // The same set of packages was installed once and reused by the second run.
    expect(readdirSync(join(temp, 'cache', 'installs')).filter((d) => !d.startsWith('.'))).toHaveLength(1);
  }, 120_000);

  it('a registry that cannot be reached is said in plain words, and the compile without the packages fails', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    process.env.CUSTOM_CODE_NPM_REGISTRY = `http://127.0.0.1:${closed}/`;
    process.env.CUSTOM_CODE_NPM_CACHE_DIR = join(temp, 'cache-unreachable');
    try {
      const outcome = await typescriptSdkStep.run(stepContext(V2, { oldSdkText: theirSdk(HELLO) }));
      expect(outcome.status).toBe('failed');
      expect(outcome.customCode?.report?.dependencyInstall).toBe(
        `the npm dependencies of your code could not be installed for the check, so tsc ran without them: the registry http://127.0.0.1:${closed}/ could not be reached (ECONNREFUSED)`,
      );
      expect(outcome.summary).toContain(`the registry http://127.0.0.1:${closed}/ could not be reached (ECONNREFUSED)`);
      expect(outcome.summary).toContain("error TS2307: Cannot find module 'greeting-kit'");
    } finally {
      process.env.CUSTOM_CODE_NPM_REGISTRY = verdaccio.url;
      process.env.CUSTOM_CODE_NPM_CACHE_DIR = join(temp, 'cache');
    }
  }, 120_000);

  it('ours win for a package we already depend on; a URL or git specifier is not carried', () => {
    const ours: GeneratedFile[] = [
      { path: 'package.json', content: JSON.stringify({ name: 'notes', dependencies: { 'greeting-kit': '2.0.0' } }) },
    ];
    const theirs = JSON.stringify({
      name: 'notes',
      dependencies: { 'greeting-kit': '^1.2.0', 'from-git': 'github:acme/from-git', 'untyped-clock': '~2.0.0' },
    });
    const own: [string, string][] = [
      [
        'src/lib/a.ts',
        "import { greet } from 'greeting-kit';\nimport x from 'from-git';\nimport * as fs from 'node:fs';\nimport 'path';\nimport { Notes } from 'notes/client';\nexport const c = typeof import('untyped-clock/sub');\n",
      ],
    ];
    const result = carryDependencies(ours, own, theirs);
    expect(result.carried).toEqual([{ name: 'untyped-clock', range: '~2.0.0', field: 'dependencies' }]);
    expect(result.refused).toEqual(['from-git']);
    expect(JSON.parse(String(result.files[0]!.content)).dependencies).toEqual({
      'greeting-kit': '2.0.0',
      'untyped-clock': '~2.0.0',
    });
  });
});
