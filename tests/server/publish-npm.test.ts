import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'pg-boss';
import { Artifact, PublishingAction } from '../../db/models/index.ts';
import { PUBLISH_QUEUE, type PublishJobData } from '../../shared/jobs.ts';
import { handlePublishJob } from '../../workers/jobs/publish-action.ts';
import { unpackArtifact } from '../../workers/pipeline/unpack-artifact.ts';
import { npmPublish } from '../../workers/publishing/npm-publish.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { finishedRun, waitForAction, type ActionBody } from '../setup/publishing.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { startVerdaccio, type RunningVerdaccio } from '../fakes/verdaccio.ts';
import { newWorkspace } from '../setup/workspace.ts';

const run = promisify(execFile);
const PACKAGE = '@acme/petstore-client';

let verdaccio: RunningVerdaccio;
let service: TestService;
let api: ReturnType<typeof rest>;
let runA: string;
let runB: string;
let client: string;

/** npm as a user runs it: a clean folder whose .npmrc points at the Verdaccio with the token. */
async function userNpm(args: string[], cwd: string) {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: cwd,
    npm_config_userconfig: join(cwd, '.npmrc'),
    npm_config_cache: join(cwd, '.cache'),
  };
  return await run('npm', args, { cwd, env, timeout: 60_000 });
}

beforeAll(async () => {
  verdaccio = await startVerdaccio();
  service = await startTestService({
    ROLE: 'all',
    REPORT_RATE_LIMIT: '1000',
    PUBLISH_APPROVED: 'true',
    PUBLISH_NPM_REGISTRY: verdaccio.url,
    PUBLISH_NPM_TOKEN: verdaccio.token,
  });
  api = rest(service.url, (await newWorkspace(service)).token);
  [{ runId: runA }, { runId: runB }] = await Promise.all([
    finishedRun(api, PETSTORE, 'Pet Store'),
    finishedRun(api, PETSTORE, 'Pet Store'),
  ]);
  client = await mkdtemp(join(tmpdir(), 'report-npm-client-'));
  const host = new URL(verdaccio.url).host;
  await writeFile(
    join(client, '.npmrc'),
    `registry=${verdaccio.url}\n//${host}/:_authToken=${verdaccio.token}\naudit=false\nfund=false\n`,
  );
  await writeFile(
    join(client, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }),
  );
}, 240_000);
afterAll(async () => {
  await service?.stop();
  await verdaccio?.stop();
  if (client) await rm(client, { recursive: true, force: true });
});

describe('npm publishing to a real registry (Verdaccio on 127.0.0.1, htpasswd auth, no uplinks)', () => {
  let first: ActionBody;

  it('publishes once: queued (202), then published by the worker; a repeated request answers the same action', async () => {
    const requested = await api.post(`/runs/${runA}/publish/publish`, {
      registry: 'npm',
      packageName: PACKAGE,
      version: '1.0.0',
      notes: 'first release',
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(202);
    expect(requested.body.publishAction).toMatchObject({ action: 'publish', status: 'ready', version: '1.0.0' });
    expect(requested.body.publishAction.providerResult.state).toBe('queued');
    const again = await api.post(`/runs/${runA}/publish/publish`, {
      registry: 'npm',
      packageName: PACKAGE,
      version: '1.0.0',
    });
    expect(again.body.publishAction.id).toBe(requested.body.publishAction.id);
    first = await waitForAction(api, runA, requested.body.publishAction.id);
    expect(first.providerResult?.state, JSON.stringify(first.providerResult)).toBe('published');
    expect(first.providerResult?.target).toMatchObject({
      packageName: PACKAGE,
      version: '1.0.0',
      tag: 'latest',
      url: `${verdaccio.url}@acme%2fpetstore-client/1.0.0`,
    });
    // After it is published, a repeat still answers the same action and nothing is queued again.
    const later = await api.post(`/runs/${runA}/publish/publish`, {
      registry: 'npm',
      packageName: PACKAGE,
      version: '1.0.0',
    });
    expect(later.body.publishAction.id).toBe(first.id);
    expect(await PublishingAction.count({ where: { runId: runA, action: 'publish', version: '1.0.0' } })).toBe(1);
    const view = await userNpm(['view', `${PACKAGE}@1.0.0`, 'dist.integrity'], client);
    expect(view.stdout.trim()).toBe(first.providerResult?.target?.integrity);
  }, 120_000);

  it('the published package installs from the registry into a clean project and imports', async () => {
    await userNpm(['install', `${PACKAGE}@1.0.0`], client);
    const pkg = JSON.parse(
      await readFile(join(client, 'node_modules', '@acme', 'petstore-client', 'package.json'), 'utf8'),
    ) as { name: string; version: string };
    expect(pkg).toMatchObject({ name: PACKAGE, version: '1.0.0' });
    // The package ships this version's CHANGELOG entry (the run, the request's notes, the diff's entry).
    const changelog = await readFile(join(client, 'node_modules', '@acme', 'petstore-client', 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(
      /^# Changelog\n\n## 1\.0\.0 \(\d{4}-\d{2}-\d{2}\)\n\n- Generated from run run_\w+\.\n- first release\n- First release, generated from the API description\.\n/,
    );
    const imported = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import('${PACKAGE}'); console.log(JSON.stringify({ names: Object.keys(m).sort(), client: typeof m.default, same: m.default === m.Petstore }))`,
      ],
      { cwd: client, timeout: 30_000 },
    );
    const loaded = JSON.parse(imported.stdout) as { names: string[]; client: string; same: boolean };
    // The client class (also the default export) and the runtime core, as src/index.ts exports them.
    expect(loaded).toMatchObject({ client: 'function', same: true });
    expect(loaded.names).toEqual(
      expect.arrayContaining(['default', 'Petstore', 'BaseClient', 'Page', 'Stream', 'toFile']),
    );
  }, 120_000);

  it('exactly once: concurrent requests make one action; a job retried after a crash mid-publish finds the tarball and does not publish again', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        api.post(`/runs/${runA}/publish/publish`, { registry: 'npm', packageName: PACKAGE, version: '1.0.1' }),
      ),
    );
    expect(new Set(answers.map((a) => a.body.publishAction.id)).size).toBe(1);
    const id = answers[0]!.body.publishAction.id as string;
    const done = await waitForAction(api, runA, id);
    expect(done.providerResult?.state).toBe('published');
    expect(await PublishingAction.count({ where: { runId: runA, action: 'publish', version: '1.0.1' } })).toBe(1);
    const modifiedBefore = JSON.parse((await userNpm(['view', PACKAGE, 'time', '--json'], client)).stdout)[
      '1.0.1'
    ] as string;
    // The window a crash leaves: the registry has the version, the row still says publishing.
    await PublishingAction.update({ state: 'publishing' }, { where: { id } });
    const job = {
      id: 'retried-job',
      name: PUBLISH_QUEUE,
      data: { actionId: id, orgId: (await PublishingAction.findByPk(id))!.orgId },
    } as Job<PublishJobData>;
    await handlePublishJob(service.deps, job);
    const resumed = (await PublishingAction.findByPk(id))!;
    expect(resumed.state).toBe('published');
    expect(resumed.attempts).toBe(2);
    expect(String(resumed.providerResult?.summary)).toContain('already on the registry with the same tarball');
    expect(JSON.parse((await userNpm(['view', PACKAGE, 'time', '--json'], client)).stdout)['1.0.1']).toBe(
      modifiedBefore,
    );
    // A finished action taken up again does nothing.
    await handlePublishJob(service.deps, job);
    expect((await PublishingAction.findByPk(id))!.attempts).toBe(2);
  }, 120_000);

  it('the same version from another run is refused by the registry and reported once (version_exists, not retried)', async () => {
    const requested = await api.post(`/runs/${runB}/publish/publish`, {
      registry: 'npm',
      packageName: PACKAGE,
      version: '1.0.0',
    });
    expect(requested.status).toBe(202);
    const failed = await waitForAction(api, runB, requested.body.publishAction.id);
    expect(failed.status).toBe('blocked');
    expect(failed.providerResult?.state).toBe('failed');
    expect(failed.providerResult?.error?.code, JSON.stringify(failed.providerResult)).toBe('version_exists');
    // npm reads the registry's document of the package and refuses a version it already lists.
    expect(failed.providerResult?.registryResponse?.message).toMatch(/previously published versions: 1\.0\.0/);
    expect(failed.providerResult?.attempts).toBe(1);
  }, 120_000);

  it('rollback moves latest back to the previous published version', async () => {
    const second = await api.post(`/runs/${runB}/publish/publish`, {
      registry: 'npm',
      packageName: PACKAGE,
      version: '1.1.0',
    });
    expect((await waitForAction(api, runB, second.body.publishAction.id)).providerResult?.state).toBe('published');
    expect(JSON.parse((await userNpm(['view', PACKAGE, 'dist-tags', '--json'], client)).stdout)).toMatchObject({
      latest: '1.1.0',
    });
    const rollback = await api.post(`/runs/${runB}/publish/rollback`, { registry: 'npm' });
    expect(rollback.status, JSON.stringify(rollback.body)).toBe(202);
    expect(rollback.body.publishAction, JSON.stringify(rollback.body.publishAction.checklist)).toMatchObject({
      action: 'rollback',
      status: 'ready',
      version: '1.0.1',
    });
    const done = await waitForAction(api, runB, rollback.body.publishAction.id);
    expect(done.providerResult?.state, JSON.stringify(done.providerResult)).toBe('published');
    // The publication before 1.1.0 is 1.0.1 (the exactly-once case above).
    expect(JSON.parse((await userNpm(['view', PACKAGE, 'dist-tags', '--json'], client)).stdout)).toMatchObject({
      latest: '1.0.1',
    });
    const actions = (await api.get(`/runs/${runB}/publish/actions`)).body.publishActions as ActionBody[];
    expect(actions.find((a) => a.id === second.body.publishAction.id)?.providerResult?.state).toBe('rolled_back');
    // Nothing left to roll back on this run: blocked, with the reason.
    const again = await api.post(`/runs/${runB}/publish/rollback`, { registry: 'npm' });
    expect(again.body.publishAction.status).toBe('blocked');
    expect(again.body.publishAction.checklist.find((c: { id: string }) => c.id === 'current_publication').status).toBe(
      'fail',
    );
  }, 120_000);
});

describe('registry failures are clear outcomes (the publisher against real servers)', () => {
  async function files() {
    return await unpackArtifact(
      await (await Artifact.findOne({ where: { runId: runA, kind: 'typescript_sdk' } }))!.readContent(),
    );
  }

  it('a wrong token: registry_unauthorized with the status, and the token in no output', async () => {
    const token = 'wrong-token-do-not-echo-0123456789';
    const outcome = await npmPublish({
      files: await files(),
      packageName: '@acme/other',
      version: '1.0.0',
      registry: verdaccio.url,
      token,
      timeoutMs: 60_000,
      resumed: false,
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.error?.code, JSON.stringify(outcome)).toBe('registry_unauthorized');
    expect(outcome.error?.status).toBe(401);
    expect(JSON.stringify(outcome)).not.toContain(token);
  }, 60_000);

  it('unreachable and timing-out registries', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await npmPublish({
      files: await files(),
      packageName: '@acme/other',
      version: '1.0.0',
      registry: `http://127.0.0.1:${port}/`,
      token: 'token-for-a-registry-that-is-not-there',
      timeoutMs: 30_000,
      resumed: false,
    });
    expect(unreachable.error?.code, JSON.stringify(unreachable)).toBe('registry_unreachable');

    const silent: Server = createServer(() => {
      // accepts and never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = await npmPublish({
        files: await files(),
        packageName: '@acme/other',
        version: '1.0.0',
        registry: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`,
        token: 'token-for-a-registry-that-is-not-there',
        timeoutMs: 3_000,
        resumed: false,
      });
      expect(slow.error?.code, JSON.stringify(slow)).toBe('registry_timeout');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 90_000);
});
