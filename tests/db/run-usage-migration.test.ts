// The migration that made the plan quota a counter (db/migrations/2026-11-26T01-00-run-usage.ts):
// taken down and up again on a database with runs in this month and the last, the counter of each
// month is the number of runs started in it, and starts go on counting from there.

import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026-11-26T01-00-run-usage.ts';
import { currentPeriod } from '../../server/services/runs/capabilities.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '1000' });
});
afterAll(async () => service?.stop());

describe('run usage migration', () => {
  it('backfills each month from the runs started in it; starts and runs written by any other code count on from there', async () => {
    const { sequelize } = service.deps.db;
    const sql = (text: string) => sequelize.query(text);
    const ws = await newWorkspace(service);
    const api = rest(service.url, ws.token);
    const first = await api.post('/reports/start', { openapiText: PETSTORE });
    expect((await api.post('/reports/start', { openapiText: PETSTORE })).status).toBe(202);
    expect((await api.post(`/runs/${first.body.run.id}/retry`, {})).status).toBe(202);
    // One of the three moved into the previous month (before the counter existed).
    const { start } = currentPeriod();
    const lastMonth = new Date(start.getTime() - 24 * 3600_000);
    await sequelize.query('UPDATE runs SET created_at = $1 WHERE id = $2', { bind: [lastMonth, first.body.run.id] });

    await down({ context: sql });
    await up({ context: sql });
    const usage = async () =>
      await sequelize.query<{ period: Date; runs: number }>(
        'SELECT period_start AS period, runs FROM run_usage WHERE org_id = $1 ORDER BY period_start',
        { bind: [ws.organization.id], type: QueryTypes.SELECT },
      );
    const lastPeriod = currentPeriod(lastMonth).start;
    expect(await usage()).toEqual([
      { period: lastPeriod, runs: 1 },
      { period: start, runs: 2 },
    ]);
    const next = await api.post('/reports/start', { openapiText: PETSTORE });
    expect(next.status).toBe(202);
    expect(next.body.capabilities.usage.runsThisPeriod).toBe(3);
    expect((await usage()).at(-1)).toEqual({ period: start, runs: 3 });
    // A run inserted by other code (as the previous version's processes insert them during a
    // rolling upgrade) is counted too.
    await sequelize.query(
      `INSERT INTO runs (id, org_id, project_id, status, mode, verdict, input_summary)
       SELECT 'run_other_code', org_id, project_id, 'queued', mode, 'queued', input_summary FROM runs WHERE id = $1`,
      { bind: [next.body.run.id] },
    );
    expect((await usage()).at(-1)).toEqual({ period: start, runs: 4 });
  });
});
