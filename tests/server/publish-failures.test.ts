// The failure matrix of publishing, against real servers on 127.0.0.1: npm 403 (a Verdaccio that
// denies the user publishing), PyPI 401, PyPI unreachable and timing out, a git remote that cannot
// be reached and an HTTP git remote answering 401. Each request goes through the API (202, queued)
// and the worker's job handler (handlePublishJob, the code pg-boss runs), with the registry of the
// case configured; the recorded action is read back through the API. Every case asserts the code
// and status recorded, that no answer is a 500, and that the token is in no log line, answer or row.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Job } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishingAction, Run } from '../../db/models/index.ts';
import { loadConfig, type Config } from '../../shared/config.ts';
import { startRoles, type RunningRoles } from '../../bin/roles.ts';
import { createWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { PUBLISH_QUEUE, type PublishJobData } from '../../shared/jobs.ts';
import { createLogger } from '../../shared/logger.ts';
import { handlePublishJob } from '../../workers/jobs/publish-action.ts';
import { closedPort } from '../fakes/local-server.ts';
import { type RunningVerdaccio, startVerdaccio } from '../fakes/verdaccio.ts';
import { createTestDatabase } from '../setup/database.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import type { ActionBody } from '../setup/publishing.ts';
import { storeStepArtifacts } from '../setup/sdk-artifacts.ts';

const PYPI_TOKEN = 'pypi-failure-matrix-token-do-not-log-0123456789';
const GIT_TOKEN = 'ghp_failure_matrix_token_do_not_log_0123456789';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let service: RunningRoles;
let api: ReturnType<typeof rest>;
let orgId: string;
let runId: string;
let verdaccio: RunningVerdaccio;
const servers: Server[] = [];
/** Every HTTP status the API answered in these tests. */
const statuses: number[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function drain(req: IncomingMessage): Promise<void> {
  for await (const _chunk of req) {
    // read the upload and drop it
  }
}

beforeAll(async () => {
  verdaccio = await startVerdaccio('release-manager');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    DATABASE_URL: await createTestDatabase(),
    BOOTSTRAP: 'false',
    // No worker: each queued job is run below by the worker's handler with the case's registry.
    ROLE: 'api',
    REPORT_RATE_LIMIT: '1000',
    AUTH_FAILURE_LIMIT: '1000000',
    PUBLISH_APPROVED: 'true',
    PUBLISH_NPM_REGISTRY: verdaccio.url,
    PUBLISH_NPM_TOKEN: verdaccio.token,
    PUBLISH_PYPI_TOKEN: PYPI_TOKEN,
    PUBLISH_GITHUB_TOKEN: GIT_TOKEN,
    PUBLISH_GITHUB_REMOTE_BASE: 'http://127.0.0.1:9/',
  });
  service = await startRoles(config, createLogger('debug', capture));
  const ws = await createWorkspace(service.deps.db.sequelize, { name: 'Failures', email: 'failures@example.com' });
  orgId = ws.organization.id;
  api = rest(service.url!, ws.token);
  const started = await api.post('/reports/start', { openapiText: PETSTORE, projectName: 'Pet Store' });
  runId = started.body.run.id as string;
  await Run.update({ status: 'ready', verdict: 'ready', completedAt: new Date() }, { where: { id: runId } });
  await storeStepArtifacts(orgId, runId, PETSTORE, ['typescript_sdk', 'python_sdk']);
}, 240_000);

afterAll(async () => {
  await service?.stop();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  await verdaccio?.stop();
});

type Publishing = Config['publishing'];

/**
 * Requests a publish through the API (202, ready, queued), runs its job with the worker's handler
 * under `publishing` (the case's registry), and answers the action as the API lists it.
 */
async function publishThrough(
  registry: 'npm' | 'pypi' | 'github',
  packageName: string,
  version: string,
  publishing: (base: Publishing) => Publishing,
): Promise<ActionBody> {
  const requested = await api.post(`/runs/${runId}/publish/publish`, { registry, packageName, version });
  statuses.push(requested.status);
  expect(requested.status, JSON.stringify(requested.body)).toBe(202);
  expect(requested.body.publishAction.status, JSON.stringify(requested.body.publishAction.checklist)).toBe('ready');
  expect(requested.body.publishAction.providerResult.state).toBe('queued');
  const id = requested.body.publishAction.id as string;
  const deps = {
    ...service.deps,
    config: { ...service.deps.config, publishing: publishing(service.deps.config.publishing) },
  };
  await handlePublishJob(deps, {
    id: `job-${id}`,
    name: PUBLISH_QUEUE,
    data: { actionId: id, orgId },
  } as Job<PublishJobData>);
  const listed = await api.get(`/runs/${runId}/publish/actions`);
  statuses.push(listed.status);
  expect(listed.status).toBe(200);
  const action = (listed.body.publishActions as ActionBody[]).find((a) => a.id === id)!;
  expect(action.providerResult?.state, JSON.stringify(action.providerResult)).toBe('failed');
  expect(action.status).toBe('blocked');
  expect(action.providerResult?.attempts).toBe(1);
  return action;
}

/** The token is in no log line, no answer of the API and no stored row. */
async function expectNoSecret(secret: string, action: ActionBody): Promise<void> {
  const basic = Buffer.from(`x-access-token:${secret}`).toString('base64');
  const rows = JSON.stringify(await PublishingAction.findAll({ where: { runId } }));
  const listed = JSON.stringify((await api.get(`/runs/${runId}/publish/actions`)).body);
  expect(lines.join('')).toContain(action.id); // the worker's log lines of this action were captured
  for (const form of [secret, basic, encodeURIComponent(secret)]) {
    for (const [where, text] of [
      ['logs', lines.join('')],
      ['the action', JSON.stringify(action)],
      ['the list', listed],
      ['rows', rows],
    ] as const)
      expect(text, `${where} carry the token`).not.toContain(form);
  }
}

describe("publishing failures become clear recorded states (real servers on 127.0.0.1, the worker's job handler)", () => {
  it('npm 403: a Verdaccio that denies the user publishing → registry_forbidden, status 403, E403', async () => {
    const action = await publishThrough('npm', '@acme/forbidden-client', '1.0.0', (base) => base);
    expect(action.providerResult?.error, JSON.stringify(action.providerResult)).toMatchObject({
      code: 'registry_forbidden',
      status: 403,
    });
    expect(action.providerResult?.registryResponse).toMatchObject({ status: 403, code: 'E403' });
    expect(action.providerResult?.registryResponse?.message).toMatch(/not allowed to publish|forbidden/i);
    await expectNoSecret(verdaccio.token, action);
  }, 120_000);

  it('pypi 401: an index refusing the credentials → registry_unauthorized, status 401', async () => {
    const url = await listen(
      createServer(async (req, res) => {
        await drain(req);
        res
          .writeHead(401, 'Unauthorized', { 'www-authenticate': 'Basic realm="pypi"', 'content-type': 'text/plain' })
          .end('Invalid or non-existent authentication information.');
      }),
    );
    const action = await publishThrough('pypi', 'acme-petstore', '1.0.0', (base) => ({
      ...base,
      pypi: { ...base.pypi, repositoryUrl: `${url}/legacy/` },
    }));
    expect(action.providerResult?.error, JSON.stringify(action.providerResult)).toMatchObject({
      code: 'registry_unauthorized',
      status: 401,
    });
    expect(action.providerResult?.registryResponse).toMatchObject({ status: 401 });
    await expectNoSecret(PYPI_TOKEN, action);
  }, 180_000);

  it('pypi unreachable (nothing listens) → registry_unreachable', async () => {
    const port = await closedPort();
    const action = await publishThrough('pypi', 'acme-petstore', '1.0.1', (base) => ({
      ...base,
      pypi: { ...base.pypi, repositoryUrl: `http://127.0.0.1:${port}/legacy/` },
    }));
    expect(action.providerResult?.error, JSON.stringify(action.providerResult)).toMatchObject({
      code: 'registry_unreachable',
    });
    expect(action.providerResult?.error?.status).toBeUndefined();
    await expectNoSecret(PYPI_TOKEN, action);
  }, 180_000);

  it('pypi timeout (an index that accepts and never answers) → registry_timeout', async () => {
    const url = await listen(
      createServer(() => {
        // accepts the connection and never answers
      }),
    );
    // The limit covers the wheel build (a few seconds) and then twine's upload, which hangs.
    const action = await publishThrough('pypi', 'acme-petstore', '1.0.2', (base) => ({
      ...base,
      timeoutMs: 30_000,
      pypi: { ...base.pypi, repositoryUrl: `${url}/legacy/` },
    }));
    expect(action.providerResult?.error, JSON.stringify(action.providerResult)).toMatchObject({
      code: 'registry_timeout',
    });
    await expectNoSecret(PYPI_TOKEN, action);
  }, 180_000);

  it('git push to an unreachable remote → registry_unreachable', async () => {
    const port = await closedPort();
    const action = await publishThrough('github', 'acme/unreachable-sdk', '1.0.0', (base) => ({
      ...base,
      github: { ...base.github, remoteBase: `http://127.0.0.1:${port}/`, apiUrl: undefined },
    }));
    expect(action.providerResult?.error, JSON.stringify(action.providerResult)).toMatchObject({
      code: 'registry_unreachable',
    });
    await expectNoSecret(GIT_TOKEN, action);
  }, 120_000);

  it('git over HTTP to a remote answering 401 → registry_unauthorized, status 401; the token was sent only as a header', async () => {
    const seen: Array<{ url: string | undefined; authorization: string | undefined }> = [];
    const url = await listen(
      createServer(async (req, res) => {
        seen.push({ url: req.url, authorization: req.headers.authorization });
        await drain(req);
        res
          .writeHead(401, { 'www-authenticate': 'Basic realm="git"', 'content-type': 'text/plain' })
          .end('Bad credentials');
      }),
    );
    const action = await publishThrough('github', 'acme/private-sdk', '1.0.0', (base) => ({
      ...base,
      github: { ...base.github, remoteBase: `${url}/`, apiUrl: undefined },
    }));
    expect(action.providerResult?.error, JSON.stringify(action.providerResult)).toMatchObject({
      code: 'registry_unauthorized',
      status: 401,
    });
    expect(action.providerResult?.registryResponse).toMatchObject({ status: 401 });
    // git asked the remote (smart HTTP), with the token in its Authorization header, not in the URL.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]!.url).toMatch(/^\/acme\/private-sdk\.git\/info\/refs\?service=git-(upload|receive)-pack$/);
    expect(seen[0]!.authorization).toBe(`Basic ${Buffer.from(`x-access-token:${GIT_TOKEN}`).toString('base64')}`);
    for (const s of seen) expect(s.url).not.toContain(GIT_TOKEN);
    await expectNoSecret(GIT_TOKEN, action);
  }, 120_000);

  it('no answer of the API was a 500', () => {
    expect(statuses.length).toBeGreaterThanOrEqual(12);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
