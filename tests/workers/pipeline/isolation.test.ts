// One customer's description must never stall the service: a run's steps run in a process of
// their own, with a memory limit and a time limit per step, while the API and the worker's own
// event loop (this process: the test service runs in it) keep answering.

import { readdirSync, readFileSync } from 'node:fs';
import { type ELDHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Artifact } from '../../../db/models/index.ts';
import { IsolatedRun } from '../../../workers/pipeline/isolated-run.ts';
import { PETSTORE, rest } from '../../setup/http.ts';
import { waitForRun } from '../../setup/runs.ts';
import { startTestService, type TestService } from '../../setup/service.ts';
import { newWorkspace } from '../../setup/workspace.ts';
import { pythonTools } from '../../../workers/pipeline/python-tools.ts';

/** A valid description whose one schema has an integer enum of `members` values (1,000,000: 6.9 MB of JSON). */
function hugeEnum(members: number, first = 0): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Huge enum', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: { type: 'object', properties: { code: { $ref: '#/components/schemas/Code' } } },
        Code: { type: 'integer', enum: Array.from({ length: members }, (_, i) => first + i) },
      },
    },
  });
}
const MILLION = hugeEnum(1_000_000);

/**
 * How long this thread's event loop is held up, tick by tick (every 10 ms): each tick's lateness,
 * capped by the CPU time this thread spent meanwhile. On a virtual machine whose CPUs the host
 * preempts (CI's and this one: an idle process's timers are late by tens of milliseconds there
 * too while others compute), a tick can be late while this thread slept; that lateness is the
 * machine's, not our code's. A stall by our code (parsing, hashing, serialising, GC of what we
 * hold) is time this thread ran, and counts whole. `monitorEventLoopDelay` is kept beside it.
 */
function watchEventLoop(): { stop(): { held: number[]; delay: ELDHistogram } } {
  const TICK_MS = 10;
  const delay = monitorEventLoopDelay({ resolution: TICK_MS });
  delay.enable();
  const held: number[] = [];
  let lastAt = performance.now();
  let lastCpu = process.threadCpuUsage();
  const timer = setInterval(() => {
    const at = performance.now();
    const cpu = process.threadCpuUsage();
    const ranMs = (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000;
    held.push(Math.max(0, Math.min(at - lastAt - TICK_MS, ranMs)));
    lastAt = at;
    lastCpu = cpu;
  }, TICK_MS);
  return {
    stop() {
      clearInterval(timer);
      delay.disable();
      return { held, delay };
    },
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
/** The smallest sound description: its model is built in milliseconds, well inside a 0.5 s limit on a loaded machine. */
const TINY = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Tiny', version: '1.0.0' },
  paths: { '/ping': { get: { operationId: 'ping', responses: { '204': { description: 'pong' } } } } },
});

describe('a run with a 1,000,000-member enum in npm start (API and worker in one process)', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ ROLE: 'all', REPORT_RATE_LIMIT: '1000' });
  });
  afterAll(async () => service?.stop());

  it("ends within its limits with the size diagnostic, while health answers in under 1 s as a probe reads it, our code holds the event loop under 100 ms at p99, and another workspace's small run completes", async () => {
    const big = rest(service.url, (await newWorkspace(service, 'Big')).token);
    const small = rest(service.url, (await newWorkspace(service, 'Small')).token);
    const [bigStart, smallStart] = await Promise.all([
      big.post('/reports/start', { openapiText: MILLION }),
      small.post('/reports/start', { openapiText: PETSTORE }),
    ]);
    expect(bigStart.status).toBe(202);
    expect(smallStart.status).toBe(202);

    const loop = watchEventLoop();
    const healthMs: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const started = performance.now();
        const response = await fetch(`${service.url}/api/health`);
        expect(response.status).toBe(200);
        await response.text();
        healthMs.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const [bigRun, smallRun] = await Promise.all([
      waitForRun(bigStart.body.run.id, 240_000),
      waitForRun(smallStart.body.run.id, 240_000),
    ]);
    polling = false;
    await poll;
    const { held, delay } = loop.stop();

    expect(bigRun.status).toBe('complete');
    expect(bigRun.verdict).toBe('needs_review');
    expect(
      bigRun.steps
        .filter((s) => s.status !== 'passed' && s.status !== 'skipped')
        .map((s) => `${s.name}: ${s.status}: ${s.summary}`),
    ).toEqual([]);
    const report = await Artifact.findOne({ where: { runId: bigRun.id, kind: 'validation_report' } });
    const diagnostics = JSON.parse((await report!.readContent()).toString('utf8')).diagnostics as {
      ruleId: string;
      pointer: string;
    }[];
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ ruleId: 'limits/enum-members', pointer: '/components/schemas/Code/enum' }),
    );
    expect(['ready', 'complete']).toContain(smallRun.status);
    expect(smallRun.steps[0]!.status).toBe('passed');

    expect(healthMs.length).toBeGreaterThan(5);
    const slowest = [...healthMs].sort((a, b) => b - a).slice(0, 5);
    console.log(
      `health under the two runs: ${healthMs.length} requests, median ${percentile(healthMs, 50).toFixed(0)} ms, slowest ${slowest.map((ms) => ms.toFixed(0)).join(', ')} ms; event loop held at most ${Math.max(...held).toFixed(0)} ms, delayed at most ${(delay.max / 1e6).toFixed(0)} ms`,
    );
    // Health is what an orchestrator's probe reads: its default timeout is 1 s, and it acts only
    // after three failures in a row (Kubernetes' failureThreshold). Our code's share is held to the
    // event loop below; a lone slow answer with the loop free (CI once saw 1.1 s; two CPU hogs
    // beside the test give 1.2-2.5 s with the loop held at most 47 ms) is the host not running the
    // process. So: at least 95% under 1 s, never three in a row over it, none over 5 s.
    const over = healthMs.map((ms) => ms >= 1000);
    expect(over.filter(Boolean).length / healthMs.length).toBeLessThanOrEqual(0.05);
    expect(over.some((slow, i) => slow && over[i + 1] && over[i + 2])).toBe(false);
    expect(Math.max(...healthMs)).toBeLessThan(5000);
    const heldP99 = percentile(held, 99);
    expect(
      heldP99,
      `event loop held up ${heldP99.toFixed(1)} ms at p99 over ${held.length} ticks (max ${Math.max(...held).toFixed(1)} ms); ` +
        `monitorEventLoopDelay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
    ).toBeLessThan(100);
    // A stall that spends no CPU (a synchronous wait on a child or the disk) escapes the cap above;
    // the raw delay still bounds it, with room for the host's preemption (raw p99 here: 40–115 ms).
    expect(delay.percentile(99) / 1e6, 'monitorEventLoopDelay p99 (ms)').toBeLessThan(500);
  }, 300_000);
});

describe("limits of a run's process", () => {
  it('a run past its memory limit has its step recorded failed with the reason, and the worker goes on with the next run', async () => {
    const service = await startTestService({ ROLE: 'all', REPORT_RATE_LIMIT: '1000', RUN_MEMORY_MB: '64' });
    try {
      const api = rest(service.url, (await newWorkspace(service)).token);
      const big = await api.post('/reports/start', { openapiText: MILLION });
      const bigRun = await waitForRun(big.body.run.id, 240_000);
      expect(bigRun.status).toBe('complete');
      expect(bigRun.verdict).toBe('not_ready');
      expect(bigRun.steps[0]).toMatchObject({
        name: 'validate',
        status: 'failed',
        summary: 'the run used more than its memory limit of 64 MB and was stopped',
      });
      for (const step of bigRun.steps.slice(1))
        expect(step).toMatchObject({
          status: 'skipped',
          summary: 'no API model: the run used more than its memory limit of 64 MB and was stopped',
        });

      const next = await api.post('/reports/start', { openapiText: PETSTORE });
      const nextRun = await waitForRun(next.body.run.id, 120_000);
      expect(nextRun.steps[0]!.status).toBe('passed');
      expect(nextRun.steps.every((s) => ['passed', 'skipped', 'failed'].includes(s.status))).toBe(true);
    } finally {
      await service.stop();
    }
  }, 300_000);

  it('a run past its time limit is stopped with the reason, and the worker goes on with the next run', async () => {
    const service = await startTestService({ ROLE: 'all', REPORT_RATE_LIMIT: '1000', STEP_TIMEOUT_SECONDS: '0.5' });
    try {
      const api = rest(service.url, (await newWorkspace(service)).token);
      const big = await api.post('/reports/start', { openapiText: MILLION });
      const bigRun = await waitForRun(big.body.run.id, 240_000);
      expect(bigRun.status).toBe('complete');
      // Which stage overruns depends on the machine: the model (then every later step waits for
      // nothing and is skipped) or, on a fast one, validate's checks of the million members (then
      // the later steps run again in a new process, each under the same limit).
      const modelOverran = 'building the API model took longer than its limit of 0.5 s';
      const validateOverran = 'the validate step took longer than its limit of 0.5 s and was stopped';
      expect(bigRun.steps[0]).toMatchObject({ name: 'validate', status: 'failed' });
      expect([modelOverran, validateOverran]).toContain(bigRun.steps[0]!.summary);
      for (const step of bigRun.steps.slice(1)) {
        if (bigRun.steps[0]!.summary === modelOverran) expect(step.status).toBe('skipped');
        else expect(['passed', 'failed', 'skipped'], `${step.name}: ${step.summary}`).toContain(step.status);
      }

      const next = await api.post('/reports/start', { openapiText: TINY });
      const nextRun = await waitForRun(next.body.run.id, 120_000);
      // The worker took the next job and ran it to its end. Its steps run under the same 0.5 s
      // limit, which even a tiny description's steps may pass or overrun (they share the run's
      // process), so each ended either way, with its reason when it was stopped.
      expect(nextRun.status).toBe('complete');
      for (const step of nextRun.steps) {
        if (step.status === 'failed') expect(step.summary, step.name).toMatch(/took longer than its limit of 0\.5 s/);
        else expect(['passed', 'skipped'], `${step.name}: ${step.summary}`).toContain(step.status);
      }
    } finally {
      await service.stop();
    }
  }, 300_000);

  it.skipIf(!pythonTools().mypy)(
    'a step past its time limit is the one recorded as stopped, and its checker processes are killed with it',
    async () => {
      // 400,000 members past a raised limit: the model is quick, mypy on the Literal is not (values
      // new to this test run, so mypy's shared cache does not already hold the module).
      const run = new IsolatedRun(
        {
          runId: 'run_isolation_test',
          mode: 'flagship',
          inputs: {
            openapiText: hugeEnum(400_000, Date.now()),
            configText: null,
            oldSdkText: null,
            docsSourceText: null,
          },
          limits: { maxEnumMembers: 1_000_000 },
          steps: ['python_sdk'],
          parallel: true,
          logLevel: 'silent',
        },
        { stepTimeoutMs: 5000, memoryMb: 1024 },
        async () => undefined,
      );
      expect(await run.model).toMatchObject({ built: true, needsSetup: [], packages: { python: 'huge-enum' } });
      const end = await run.step('python_sdk');
      expect(end.kind === 'settled' ? `settled: ${end.result.summary}` : end.kind).toBe('stopped');
      expect(end).toMatchObject({
        kind: 'stopped',
        reason: 'the python_sdk step took longer than its limit of 5 s and was stopped',
      });
      await run.exited();
      // Nothing of the run's process group is left running (mypy and compileall were in it); a killed
      // process may stay a zombie for a moment until it is reaped.
      const group = run.pid;
      const alive = (): string[] =>
        readdirSync('/proc')
          .filter((entry) => /^\d+$/.test(entry))
          .filter((pid) => {
            try {
              const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
              const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
              return Number(pgrp) === group && state !== 'Z';
            } catch {
              return false;
            }
          });
      let left = alive();
      for (let i = 0; i < 50 && left.length > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        left = alive();
      }
      expect(left).toEqual([]);
    },
    120_000,
  );
});
