import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Run, RunInput } from '../../db/models/index.ts';
import { PETSTORE, rest, trpc, trpcError } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

let service: TestService;
let api: ReturnType<typeof rest>;
let token: string;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '1000' });
  token = (await newWorkspace(service)).token;
  api = rest(service.url, token);
});
afterAll(async () => service?.stop());

async function startRun() {
  const res = await api.post('/reports/start', { openapiText: PETSTORE });
  expect(res.status).toBe(202);
  return res.body as { run: { id: string; projectId: string }; project: { id: string } };
}

describe('GET /api/runs/{runId}', () => {
  it('200 with the run; 404 for an unknown id (REST and tRPC)', async () => {
    const { run } = await startRun();
    const got = await api.get(`/runs/${run.id}`);
    expect(got.status).toBe(200);
    expect(got.body.run).toMatchObject({ id: run.id, status: 'queued' });
    expect((await trpc(service.url, token).runs.get.query({ runId: run.id })).run.id).toBe(run.id);
    const missing = await api.get('/runs/run_doesnotexist');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'not_found', message: expect.stringContaining('run_doesnotexist') });
  });
});

describe('POST /api/runs/{runId}/cancel', () => {
  it('200 from queued, cancels the queued job, then 409 run_not_cancelable', async () => {
    const { run } = await startRun();
    const canceled = await api.post(`/runs/${run.id}/cancel`, { reason: 'wrong file' });
    expect(canceled.status).toBe(200);
    expect(canceled.body.run).toMatchObject({ status: 'canceled', verdict: 'canceled' });
    expect(canceled.body.run.completedAt).toBeTruthy();
    expect(canceled.body.run.notes).toMatch(/wrong file/);
    expect(canceled.body.run.steps.every((s: { status: string }) => s.status === 'canceled')).toBe(true);
    const row = await Run.findByPk(run.id);
    const job = await service.deps.queue.boss.getJobById('report.run', row!.jobId!);
    expect(job?.state).toBe('cancelled');
    const again = await api.post(`/runs/${run.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('run_not_cancelable');
  });

  it('cancels running and blocked runs; refuses complete, ready, failed and expired ones', async () => {
    for (const status of ['running', 'blocked'] as const) {
      const { run } = await startRun();
      await Run.update({ status }, { where: { id: run.id } });
      expect((await api.post(`/runs/${run.id}/cancel`, {})).status).toBe(200);
    }
    for (const status of ['complete', 'ready', 'failed', 'expired'] as const) {
      const { run } = await startRun();
      await Run.update({ status }, { where: { id: run.id } });
      const res = await api.post(`/runs/${run.id}/cancel`, {});
      expect(res.status, status).toBe(409);
      expect((await Run.findByPk(run.id))?.status).toBe(status);
    }
  });

  it('a bodiless POST works; 404 for an unknown run through tRPC', async () => {
    const { run } = await startRun();
    const response = await fetch(`${service.url}/api/runs/${run.id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    await expect(trpc(service.url, token).runs.cancel.mutate({ runId: 'run_missing' })).rejects.toSatisfy(
      (e: unknown) => trpcError(e).httpStatus === 404,
    );
    await expect(trpc(service.url, token).runs.cancel.mutate({ runId: run.id })).rejects.toSatisfy(
      (e: unknown) => trpcError(e).code === 'run_not_cancelable',
    );
  });
});

describe('POST /api/runs/{runId}/retry', () => {
  it('202 with a new queued run from the retained inputs; the source run is unchanged', async () => {
    const { run } = await startRun();
    await api.post(`/runs/${run.id}/cancel`, {});
    const before = (await api.get(`/runs/${run.id}`)).body.run;
    const res = await api.post(`/runs/${run.id}/retry`, { reason: 'try again' });
    expect(res.status).toBe(202);
    expect(res.body.sourceRun).toEqual(before);
    expect(res.body.run).toMatchObject({ status: 'queued', projectId: run.projectId });
    expect(res.body.run.id).not.toBe(run.id);
    expect(res.body.run.inputSummary).toMatchObject({ retryOfRunId: run.id, retryReason: 'try again' });
    expect(res.body.project.runCount).toBe(2);
    expect(res.body.capabilities.queued).toBe(true);
    expect((await api.get(`/runs/${run.id}`)).body.run).toEqual(before);
    const retried = await Run.findByPk(res.body.run.id);
    expect(retried?.inputId).toBe((await Run.findByPk(run.id))?.inputId);
    expect(retried?.jobId).toBeTruthy();
    const viaTrpc = await trpc(service.url, token).runs.retry.mutate({ runId: run.id });
    expect(viaTrpc.sourceRun.id).toBe(run.id);
  });

  it('422 inputs_not_retained once the inputs are purged or past retention', async () => {
    const { run } = await startRun();
    const row = await Run.findByPk(run.id);
    await RunInput.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { id: row!.inputId! } });
    const expired = await api.post(`/runs/${run.id}/retry`, {});
    expect(expired.status).toBe(422);
    expect(expired.body.error).toBe('inputs_not_retained');
    const second = await startRun();
    const row2 = await Run.findByPk(second.run.id);
    await RunInput.destroy({ where: { id: row2!.inputId! } });
    const purged = await api.post(`/runs/${second.run.id}/retry`, {});
    expect(purged.status).toBe(422);
    await expect(trpc(service.url, token).runs.retry.mutate({ runId: second.run.id })).rejects.toSatisfy(
      (e: unknown) => trpcError(e).httpStatus === 422,
    );
  });

  it('404 for an unknown run', async () => {
    const res = await api.post('/runs/run_nope/retry', {});
    expect(res.status).toBe(404);
  });
});
