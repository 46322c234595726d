import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Project, Run, RunInput } from '../../db/models/index.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api' });
});
afterAll(async () => service?.stop());

describe('run creation and enqueueing are one transaction', () => {
  it('a failure while enqueuing leaves no run, project or retained input behind', async () => {
    const ws = await newWorkspace(service);
    const api = rest(service.url, ws.token);
    const sql = service.deps.db.sequelize;
    // A real database fault on pg-boss's insert: the queue refuses every job.
    await sql.query(`
      CREATE FUNCTION refuse_job() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'queue refused the job'; END $$;
      CREATE TRIGGER refuse_job BEFORE INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION refuse_job();
    `);
    try {
      const res = await api.post('/reports/start', { openapiText: PETSTORE, projectName: 'Doomed' });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'internal_error', message: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toMatch(/refused|stack|at /);
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(await Run.count({ where: { orgId: ws.organization.id } })).toBe(0);
      expect(await Project.count({ where: { orgId: ws.organization.id } })).toBe(0);
      expect(await RunInput.count({ where: { orgId: ws.organization.id } })).toBe(0);
    } finally {
      await sql.query('DROP TRIGGER refuse_job ON pgboss.job; DROP FUNCTION refuse_job();');
    }
    const ok = await api.post('/reports/start', { openapiText: PETSTORE, projectName: 'Fine' });
    expect(ok.status).toBe(202);
    expect(await Run.count({ where: { orgId: ws.organization.id } })).toBe(1);
  });
});
