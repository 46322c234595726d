import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { mintToken } from '../../server/services/auth/tokens.ts';
import { startService, type RunningService } from '../../server/service.ts';
import { createWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { createTestDatabase } from '../setup/database.ts';
import { PETSTORE, rest } from '../setup/http.ts';

// Every log line the service writes (debug level), captured; then grepped for the secrets used.
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

const STRIPE_SECRET = 'sk_test_secretvalue_do_not_log_0123456789';
let service: RunningService;
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
  });
  service = await startService(config, createLogger('debug', capture));
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
});
