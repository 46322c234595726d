import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PETSTORE, rest } from '../setup/http.ts';
import { spawnService, type ServiceProcess } from '../setup/process.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

const LIMITS = { ROLE: 'api', REPORT_RATE_LIMIT: '4', REPORT_RATE_WINDOW_SECONDS: '3600' };

let first: TestService;
let second: ServiceProcess;

beforeAll(async () => {
  first = await startTestService(LIMITS);
  // A second API server: its own process, same database.
  second = await spawnService({ ...LIMITS, DATABASE_URL: first.databaseUrl, BOOTSTRAP: 'false' });
}, 90_000);
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

describe('the report-start rate limit is shared by every server process', () => {
  it('four starts across two servers spend the window; the fifth gets 429 on either', async () => {
    const ws = await newWorkspace(first);
    const a = rest(first.url, ws.token);
    const b = rest(second.url, ws.token);
    const statuses = [];
    for (const api of [a, b, a, b]) statuses.push((await api.post('/reports/start', { openapiText: PETSTORE })).status);
    expect(statuses).toEqual([202, 202, 202, 202]);
    for (const api of [a, b]) {
      const res = await api.post('/reports/start', { openapiText: PETSTORE });
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('rate_limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
