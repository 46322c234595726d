import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { mintToken } from '../../server/services/auth/tokens.ts';
import { startRoles, type RunningRoles } from '../../bin/roles.ts';
import { createWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { createTestDatabase } from '../setup/database.ts';
import { gunzipSync } from 'node:zlib';
import { Artifact, PublishingAction } from '../../db/models/index.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { waitForAction } from '../setup/publishing.ts';
import { waitForRun } from '../setup/runs.ts';

// Every log line the service writes (debug level), captured; then grepped for the secrets used.
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

const STRIPE_SECRET = 'sk_test_secretvalue_do_not_log_0123456789';
const PYPI_SECRET = 'pypi-secret-password-do-not-log-0123456789';
const GITHUB_SECRET = 'ghp_secret_token_do_not_log_0123456789';
let service: RunningRoles;
let url: string;

beforeAll(async () => {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    DATABASE_URL: await createTestDatabase(),
    BOOTSTRAP: 'false',
    ROLE: 'all',
    STRIPE_SECRET_KEY: STRIPE_SECRET,
    STRIPE_PRICE_LAUNCH: 'price_launch',
    STRIPE_API_BASE: 'http://127.0.0.1:9',
    PUBLISH_NPM_TOKEN: 'npm_secret_token_do_not_log',
    // Publishing is approved and every registry is configured, at addresses where nothing listens.
    PUBLISH_APPROVED: 'true',
    PUBLISH_NPM_REGISTRY: 'http://127.0.0.1:9/',
    PUBLISH_PYPI_TOKEN: PYPI_SECRET,
    PUBLISH_PYPI_REPOSITORY_URL: 'http://127.0.0.1:9/legacy/',
    PUBLISH_GITHUB_TOKEN: GITHUB_SECRET,
    PUBLISH_GITHUB_REMOTE_BASE: 'http://127.0.0.1:9/',
    PUBLISH_GITHUB_API_URL: 'http://127.0.0.1:9',
  });
  service = await startRoles(config, createLogger('debug', capture));
  url = service.url!;
}, 60_000);
afterAll(async () => service?.stop());

describe('secrets stay out of logs, errors and health', () => {
  it('tokens, keys and provider secrets never appear in captured logs or answers', async () => {
    const ws = await createWorkspace(service.deps.db.sequelize, { name: 'Secrets', email: 'secrets@example.com' });
    const api = rest(url, ws.token);
    const created = await api.post('/api-keys', { name: 'second', scopes: ['workspace:read'] });
    const bad = mintToken().token;
    const answers = [
      await api.post('/reports/start', { openapiText: PETSTORE }),
      await api.get('/me'),
      await rest(url, bad).get('/me'),
      await api.post('/billing/checkout', { plan: 'launch' }), // the provider is unreachable: 502
      await rest(url).get('/health'),
      await api.get('/api-keys'),
    ];
    expect(answers[3]!.status).toBe(502);
    // Let the worker log its run.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const logged = lines.join('');
    expect(logged.length).toBeGreaterThan(0);
    for (const secret of [ws.token, created.body.token as string, bad, STRIPE_SECRET, 'npm_secret_token_do_not_log']) {
      expect(logged).not.toContain(secret);
      for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
    // The key list never carries a token.
    expect(JSON.stringify(answers[5]!.body)).not.toMatch(/rsk_[A-Za-z0-9_-]{40,}/);
  }, 60_000);

  it('registry tokens and passwords stay out of logs, errors, action records and artifacts when publishing fails', async () => {
    const ws = await createWorkspace(service.deps.db.sequelize, { name: 'Publisher', email: 'publisher@example.com' });
    const api = rest(url, ws.token);
    const started = await api.post('/reports/start', { openapiText: PETSTORE });
    const runId = started.body.run.id as string;
    await waitForRun(runId, 120_000);
    const ids: string[] = [];
    for (const [registry, packageName] of [
      ['npm', 'secret-probe'],
      ['pypi', 'secret-probe'],
      ['github', 'acme/secret-probe'],
    ] as const) {
      const res = await api.post(`/runs/${runId}/publish/publish`, { registry, packageName, version: '1.0.0' });
      expect(res.status).toBe(202);
      expect(res.body.publishAction.status, JSON.stringify(res.body.publishAction.checklist)).toBe('ready');
      ids.push(res.body.publishAction.id as string);
    }
    const failed = await Promise.all(ids.map((id) => waitForAction(api, runId, id)));
    for (const action of failed) {
      expect(action.providerResult?.state).toBe('failed');
      expect(action.providerResult?.error?.code, JSON.stringify(action.providerResult)).toBe('registry_unreachable');
    }
    const listed = JSON.stringify((await api.get(`/runs/${runId}/publish/actions`)).body);
    const rows = JSON.stringify(await PublishingAction.findAll({ where: { runId } }));
    const contents = await Promise.all(
      (await Artifact.findAll({ where: { runId } })).map((a) => (a.objectKey ? a.readContent() : null)),
    );
    const artifacts = contents
      .map((c) => (!c ? '' : c[0] === 0x1f && c[1] === 0x8b ? gunzipSync(c) : c).toString('latin1'))
      .join('');
    const logged = lines.join('');
    const basic = Buffer.from(`x-access-token:${GITHUB_SECRET}`).toString('base64');
    for (const secret of ['npm_secret_token_do_not_log', PYPI_SECRET, GITHUB_SECRET, basic]) {
      for (const [where, text] of [
        ['logs', logged],
        ['answers', listed],
        ['rows', rows],
        ['artifacts', artifacts],
      ] as const)
        expect(text, `${where} carry a secret`).not.toContain(secret);
    }
  }, 180_000);
});
