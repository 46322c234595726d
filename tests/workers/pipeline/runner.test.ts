import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Project, Run } from '../../../db/models/index.ts';
import { runPipeline } from '../../../workers/pipeline/runner.ts';
import { PETSTORE, rest } from '../../setup/http.ts';
import { waitForRun } from '../../setup/runs.ts';
import { startTestService, type TestService } from '../../setup/service.ts';
import { newWorkspace } from '../../setup/workspace.ts';

// The API only (no worker): jobs stay queued and the runner is driven directly, or by a worker
// started inside a test.
let service: TestService;
let api: ReturnType<typeof rest>;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '1000' });
  api = rest(service.url, (await newWorkspace(service)).token);
});
afterAll(async () => service?.stop());

describe('pipeline runner', { timeout: 60_000 }, () => {
  it('resumes at the first unfinished step: a step recorded as finished is not run again', async () => {
    const runId = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
    // As if an earlier attempt finished `validate` and died during `typescript_sdk`.
    const row = await Run.findByPk(runId);
    const steps = row!.steps.map((s, i) =>
      i === 0
        ? {
            ...s,
            status: 'passed' as const,
            summary: 'from the earlier attempt',
            startedAt: '2026-01-01T00:00:00.000Z',
            completedAt: '2026-01-01T00:00:01.000Z',
            durationMs: 1000,
            counts: { errors: 0, warnings: 1, infos: 0 },
          }
        : i === 1
          ? { ...s, status: 'running' as const }
          : s,
    );
    await Run.update({ status: 'running', steps, currentStep: 'typescript_sdk' }, { where: { id: runId } });
    expect(await runPipeline(service.deps, runId, new AbortController().signal)).toBe('finished');
    const done = await Run.findByPk(runId);
    expect(done!.steps[0]).toMatchObject({ status: 'passed', summary: 'from the earlier attempt', durationMs: 1000 });
    expect(done!.steps[1]!.status).toBe('passed');
    expect(done!.steps[2]!.status).toBe('passed');
    expect(done!.steps[3]!.status).toBe('passed');
    expect(done!.steps[4]!.status).toBe('passed');
    expect(done!.steps[5]!.status).toBe('passed');
    expect(done!.steps[6]!.status).toBe('passed');
    expect(done!.steps[7]!.status).toBe('skipped');
    // The verdict reads the recorded validate step's counts (one warning): the description's checks are not run again.
    expect(done!.status).toBe('complete');
    expect(done!.verdict).toBe('needs_review');
  });

  it('a run\'s end makes its project `active` (it was `created`), so the "Active" filter lists it (issue #34, point 1)', async () => {
    const started = (await api.post('/reports/start', { openapiText: PETSTORE })).body;
    expect((await Project.findByPk(started.project.id))!.status).toBe('created');
    expect(await runPipeline(service.deps, started.run.id, new AbortController().signal)).toBe('finished');
    expect((await Project.findByPk(started.project.id))!.status).toBe('active');
    const active = await api.get('/projects?status=active');
    expect(active.body.projects.map((p: { id: string }) => p.id)).toContain(started.project.id);
  });

  it('an older attempt stops writing once a newer attempt has claimed the run (a retried job whose first worker is still alive)', async () => {
    const runId = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
    const older = runPipeline(service.deps, runId, new AbortController().signal);
    // Let the older attempt record `validate`, then claim the run as a newer attempt would.
    for (let i = 0; i < 600; i++) {
      const row = await Run.findByPk(runId);
      if (row?.steps[0]?.status === 'passed') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await Run.update({ claimToken: 'newer-attempt' }, { where: { id: runId } });
    const stepsAtTakeover = JSON.stringify((await Run.findByPk(runId))!.steps);
    expect(await older).toBe('canceled');
    const after = await Run.findByPk(runId);
    expect(after!.status).toBe('running');
    expect(JSON.stringify(after!.steps)).toBe(stepsAtTakeover);
    expect(after!.claimToken).toBe('newer-attempt');
    // The newer attempt (a fresh claim) resumes after `validate` and finishes the run once.
    expect(await runPipeline(service.deps, runId, new AbortController().signal)).toBe('finished');
    const done = await Run.findByPk(runId);
    expect(done!.status).toBe('complete');
    expect(done!.steps[0]!.status).toBe('passed');
    expect(done!.steps.every((s) => ['passed', 'skipped', 'failed'].includes(s.status))).toBe(true);
  });

  it('starts the steps after validate together once the model is built and records them in order; PIPELINE_PARALLEL_STEPS=false runs them one by one', async () => {
    const times = async (parallelSteps: boolean) => {
      const runId = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
      const deps = {
        ...service.deps,
        config: { ...service.deps.config, pipeline: { ...service.deps.config.pipeline, parallelSteps } },
      };
      expect(await runPipeline(deps, runId, new AbortController().signal)).toBe('finished');
      const run = (await Run.findByPk(runId))!;
      expect(run.status).toBe('complete');
      expect(run.steps.map((s) => s.name)).toEqual([
        'validate',
        'typescript_sdk',
        'python_sdk',
        'go_sdk',
        'cli',
        'mcp_server',
        'docs',
        'compat_diff',
        'wire_tests',
      ]);
      return run.steps.map((s) => ({ start: Date.parse(s.startedAt!), end: Date.parse(s.completedAt!) }));
    };
    const parallel = await times(true);
    // Every later step started before the TypeScript SDK step (the first of them) had ended.
    for (const step of parallel.slice(2)) expect(step.start).toBeLessThan(parallel[1]!.end);
    for (const step of parallel.slice(1)) expect(step.start).toBeGreaterThanOrEqual(parallel[0]!.start);
    // The generating steps wait for the model, not for validate's checks: the Python SDK (first in
    // LAUNCH_ORDER) started before validate ended.
    expect(parallel[2]!.start).toBeLessThanOrEqual(parallel[0]!.end);
    const serial = await times(false);
    for (let i = 1; i < serial.length; i++) expect(serial[i]!.start).toBeGreaterThanOrEqual(serial[i - 1]!.end);
  }, 90_000);

  it('does nothing for a run that is no longer queued or running (canceled, finished elsewhere)', async () => {
    const runId = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
    await api.post(`/runs/${runId}/cancel`, {});
    expect(await runPipeline(service.deps, runId, new AbortController().signal)).toBe('gone');
    expect((await Run.findByPk(runId))?.status).toBe('canceled');
  });

  it('an internal fault is retried, then the run ends failed (never lost) and the job is dead-lettered', async () => {
    const faulty = await startTestService({
      ROLE: 'all',
      QUEUE_RETRY_LIMIT: '1',
      QUEUE_RETRY_DELAY_SECONDS: '1',
      REPORT_RATE_LIMIT: '1000',
    });
    try {
      const client = rest(faulty.url, (await newWorkspace(faulty)).token);
      // A real database fault: storing any artifact fails.
      await faulty.deps.db.sequelize.query(`
        CREATE FUNCTION refuse_artifact() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full (simulated by trigger)'; END $$;
        CREATE TRIGGER refuse_artifact BEFORE INSERT ON artifacts FOR EACH ROW EXECUTE FUNCTION refuse_artifact();
      `);
      const runId = (await client.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
      const run = await waitForRun(runId, 60_000);
      expect(run).toMatchObject({ status: 'failed', verdict: 'failed' });
      expect(run.failureMessage).toMatch(/disk full/);
      expect(run.steps[0]!.status).toBe('failed');
      // The run is marked failed just before the handler throws, so pg-boss records the job a moment later.
      const jobs = () =>
        faulty.deps.db.sequelize.query<{ name: string; state: string; retry_count: number }>(
          `SELECT name, state, retry_count FROM pgboss.job WHERE data->>'runId' = $1 ORDER BY name`,
          { bind: [runId], type: QueryTypes.SELECT },
        );
      await expect
        .poll(async () => (await jobs()).find((j) => j.name === 'report.run'), { timeout: 10_000 })
        .toMatchObject({ state: 'failed', retry_count: 1 });
      await expect
        .poll(async () => (await jobs()).some((j) => j.name === 'report.run.dead'), { timeout: 10_000 })
        .toBe(true);
    } finally {
      await faulty.stop();
    }
  }, 90_000);
});
