// The npm package check of the publishing dry-run (server/services/publishing/package-checks.ts)
// with a customer's carried dependencies (docs/publishing.md, issue #32): an SDK whose custom code
// imports npm packages declares them, so its packed file installs with those from the registry
// custom code's packages come from (a real Verdaccio on 127.0.0.1 the test publishes to), and the
// import, require and type-check stages run with them; a registry that cannot be reached blocks the
// release, naming the registry and the packages; a package without dependencies is installed
// offline exactly as before (the configured registry is never asked).

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Run } from '../../../../db/models/index.ts';
import type { ArtifactDraft } from '../../../../workers/pipeline/step.ts';
import { typescriptSdkStep } from '../../../../workers/pipeline/steps/typescript-sdk.ts';
import { closedPort, serveLocal } from '../../../fakes/local-server.ts';
import { startVerdaccio, type RunningVerdaccio } from '../../../fakes/verdaccio.ts';
import { PETSTORE, rest } from '../../../setup/http.ts';
import { storeArtifact, storeStepArtifacts } from '../../../setup/sdk-artifacts.ts';
import { startTestService, type TestService } from '../../../setup/service.ts';
import { stepContext } from '../../../setup/step-context.ts';
import { newWorkspace } from '../../../setup/workspace.ts';

const run = promisify(execFile);
const NOTES = readFileSync(
  join(import.meta.dirname, '..', '..', '..', 'fixtures', 'custom-code', 'notes-v2.yaml'),
  'utf8',
);
const SETTINGS = [
  'CUSTOM_CODE_NPM_REGISTRY',
  'CUSTOM_CODE_NPM_CACHE_DIR',
  'npm_config_userconfig',
  'npm_config_registry',
] as const;
const saved = Object.fromEntries(SETTINGS.map((k) => [k, process.env[k]]));

/** Their custom code: a type of one package in its declarations, the namespace of an untyped one (typed by @types). */
const HELLO = `import { greet, type Greeting } from 'greeting-kit';
import * as clock from 'untyped-clock';

export { clock };
export const hello = (name: string): Greeting => ({ text: greet(name), at: clock.now() });
`;
const THEIR_MANIFEST = {
  name: 'notes-sdk',
  dependencies: { 'greeting-kit': '^1.2.0', 'untyped-clock': '^2.0.0' },
  devDependencies: { '@types/untyped-clock': '^2.0.1', typescript: '5.8.3' },
};
const DEPENDENCIES = 'greeting-kit@^1.2.0, untyped-clock@^2.0.0, @types/untyped-clock@^2.0.1';

let verdaccio: RunningVerdaccio;
let temp: string;
let service: TestService;
let api: ReturnType<typeof rest>;
let orgId: string;
/** The typescript_sdk step's artifact for NOTES with their custom code, its entry points re-exporting it. */
let carrying: ArtifactDraft;

/** Publishes a package of these files to the Verdaccio, as its user, with npm itself. */
async function publish(userconfig: string, name: string, version: string, files: Record<string, string>) {
  const dir = join(temp, 'packages', `${name.replace('/', '__')}-${version}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version, ...JSON.parse(files['package.json']!) }));
  for (const [path, content] of Object.entries(files))
    if (path !== 'package.json') writeFileSync(join(dir, path), content);
  await run('npm', ['publish', '--userconfig', userconfig, '--registry', verdaccio.url, '--ignore-scripts'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: temp },
  });
}

/** The SDK's entry points (JavaScript and declarations) also export the custom module, so every stage loads it. */
function reexportingCustomCode(draft: ArtifactDraft): ArtifactDraft {
  if (!('files' in draft)) throw new Error('the step gave no file tree');
  const line = "export * from './lib/hello.js';\n";
  const paths = ['dist/index.js', 'dist/index.d.ts'];
  for (const path of paths)
    if (!draft.files.some((f) => f.path === path)) throw new Error(`the step's SDK has no ${path}`);
  return {
    ...draft,
    files: draft.files.map((f) =>
      paths.includes(f.path) ? { path: f.path, content: `${String(f.content)}${line}` } : f,
    ),
  };
}

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'package-check-deps-'));
  verdaccio = await startVerdaccio();
  // The server user's .npmrc names the registry's token (a private mirror); the setting names the registry.
  const userconfig = join(temp, 'npmrc');
  writeFileSync(userconfig, `//${new URL(verdaccio.url).host}/:_authToken=${verdaccio.token}\n`);
  await Promise.all([
    // Its install script would leave a file (scripts stay off); loaded with the registry's settings
    // (the .npmrc holding the token) in its environment, it throws: only npm gets them.
    publish(userconfig, 'greeting-kit', '1.2.0', {
      'package.json': JSON.stringify({
        main: 'index.js',
        types: 'index.d.ts',
        scripts: {
          install: `node -e "require('fs').writeFileSync(${JSON.stringify(JSON.stringify(join(temp, 'script-ran')))}, '')"`,
        },
      }),
      'index.js':
        "if (process.env.npm_config_userconfig || process.env.CUSTOM_CODE_NPM_REGISTRY) throw new Error('the registry settings reached the package');\nexports.greet = (name) => `Hello, ${name}`;\n",
      'index.d.ts':
        'export declare function greet(name: string): string;\nexport interface Greeting { text: string; at: number }\n',
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

  const their = `// File: package.json\n${JSON.stringify(THEIR_MANIFEST, null, 2)}\n// File: src/lib/hello.ts\n${HELLO}`;
  const outcome = await typescriptSdkStep.run(stepContext(NOTES, { oldSdkText: their }));
  if (outcome.status !== 'passed') throw new Error(`the typescript_sdk step failed: ${outcome.summary}`);
  const draft = outcome.artifacts?.find((a) => a.kind === 'typescript_sdk');
  if (!draft) throw new Error('the typescript_sdk step gave no artifact');
  carrying = reexportingCustomCode(draft);

  // Approved, with a token: a dry-run here is blocked by its own checks only.
  service = await startTestService({
    ROLE: 'api',
    REPORT_RATE_LIMIT: '1000',
    PUBLISH_APPROVED: 'true',
    PUBLISH_NPM_TOKEN: 'npm_test_token_not_real',
  });
  const ws = await newWorkspace(service);
  orgId = ws.organization.id;
  api = rest(service.url, ws.token);
}, 180_000);

afterAll(async () => {
  for (const key of SETTINGS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  await service?.stop();
  await verdaccio?.stop();
  rmSync(temp, { recursive: true, force: true });
});

async function finishedRun(openapiText: string): Promise<string> {
  const started = await api.post('/reports/start', { projectName: 'Notes', openapiText });
  const runId = started.body.run.id as string;
  await Run.update({ status: 'ready', verdict: 'ready', completedAt: new Date() }, { where: { id: runId } });
  return runId;
}

async function packageCheck(runId: string) {
  const res = await api.post(`/runs/${runId}/publish/dry-run`, { registry: 'npm', packageName: '@acme/notes' });
  expect(res.status).toBe(200);
  const checklist = res.body.publishAction.checklist as { id: string; label: string; status: string; detail: string }[];
  const failed = checklist.filter((c) => c.status === 'fail' && c.id !== 'package_installs');
  expect(failed, 'only the package check may fail here').toEqual([]);
  return {
    status: res.body.publishAction.status as string,
    check: checklist.find((c) => c.id === 'package_installs')!,
  };
}

describe('the npm package check with a customer’s carried dependencies', () => {
  it('installs them from the configured registry beside the packed file; import, require and tsc run with them', async () => {
    const manifest = JSON.parse(
      String(('files' in carrying ? carrying.files : []).find((f) => f.path === 'package.json')?.content),
    ) as Record<string, Record<string, string>>;
    expect(manifest.dependencies).toEqual({ 'greeting-kit': '^1.2.0', 'untyped-clock': '^2.0.0' });
    const runId = await finishedRun(NOTES);
    await storeArtifact(orgId, runId, carrying);
    const { status, check } = await packageCheck(runId);
    expect(check.status, check.detail).toBe('pass');
    expect(status).toBe('ready');
    expect(check.label).toBe(
      'The packed package installs (its dependencies from the registry), imports (ESM and CommonJS) and type-checks',
    );
    expect(check.detail).toMatch(
      new RegExp(
        `^packed acme-notes-1\\.0\\.0\\.tgz \\(\\d+ files, \\d+ bytes\\); installed into a clean project; its dependencies ${DEPENDENCIES.replaceAll('^', '\\^').replaceAll('.', '\\.')} from ${verdaccio.url.replaceAll('.', '\\.')}; import and require work on Node v\\d+`,
      ),
    );
    expect(check.detail).toContain(
      'a usage file type-checks against its declarations (tsc --strict, ESM and CommonJS)',
    );
    expect(existsSync(join(temp, 'script-ran')), 'an install script ran').toBe(false);
  }, 120_000);

  it('without CUSTOM_CODE_NPM_REGISTRY they come from npm’s configured registry, named in the checklist', async () => {
    delete process.env.CUSTOM_CODE_NPM_REGISTRY;
    process.env.npm_config_registry = verdaccio.url;
    try {
      const runId = await finishedRun(NOTES);
      await storeArtifact(orgId, runId, carrying);
      const { check } = await packageCheck(runId);
      expect(check.status, check.detail).toBe('pass');
      expect(check.detail).toContain(
        `installed into a clean project; its dependencies ${DEPENDENCIES} from ${verdaccio.url};`,
      );
    } finally {
      process.env.CUSTOM_CODE_NPM_REGISTRY = verdaccio.url;
      delete process.env.npm_config_registry;
    }
  }, 120_000);

  it('the same package with the registry a closed port is blocked, naming the registry and the packages', async () => {
    const port = await closedPort();
    process.env.CUSTOM_CODE_NPM_REGISTRY = `http://127.0.0.1:${port}/`;
    try {
      const runId = await finishedRun(NOTES);
      await storeArtifact(orgId, runId, carrying);
      const { status, check } = await packageCheck(runId);
      expect(status).toBe('blocked');
      expect(check.status).toBe('fail');
      expect(check.detail).toMatch(
        new RegExp(
          `^npm install of the packed file into a clean project failed: its dependencies ${DEPENDENCIES.replaceAll('^', '\\^').replaceAll('.', '\\.')} could not be installed: the registry http://127\\.0\\.0\\.1:${port}/ could not be reached \\(ECONNREFUSED\\) \\(before that: packed acme-notes-1\\.0\\.0\\.tgz`,
        ),
      );
    } finally {
      process.env.CUSTOM_CODE_NPM_REGISTRY = verdaccio.url;
    }
  }, 120_000);

  it('a package without dependencies installs offline as before: the configured registry is never asked', async () => {
    const asked: string[] = [];
    const registry = await serveLocal((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.writeHead(500).end();
    });
    process.env.CUSTOM_CODE_NPM_REGISTRY = `${registry.url}/`;
    try {
      const runId = await finishedRun(PETSTORE);
      await storeStepArtifacts(orgId, runId, PETSTORE, ['typescript_sdk']);
      const { status, check } = await packageCheck(runId);
      expect(check.status, check.detail).toBe('pass');
      expect(status).toBe('ready');
      expect(check.label).toBe('The packed package installs offline, imports (ESM and CommonJS) and type-checks');
      expect(check.detail).toMatch(
        /^packed acme-notes-1\.0\.0\.tgz \(\d+ files, \d+ bytes\); installed offline into a clean project; import and require work/,
      );
      expect(asked).toEqual([]);
    } finally {
      process.env.CUSTOM_CODE_NPM_REGISTRY = verdaccio.url;
      await registry.close();
    }
  }, 120_000);
});
