// The spare run process (workers/pipeline/isolated-run.ts): loaded when a run's process has ended,
// not beside the run (where it would share the run's CPU), taken by the next run, and not loaded
// again once the worker stops.
import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  IsolatedRun,
  spareRunProcessPid,
  spareRunScratch,
  stopSpareRunProcess,
} from '../../../workers/pipeline/isolated-run.ts';
import { runScratchBase } from '../../../workers/pipeline/scratch-dir.ts';
import { PETSTORE } from '../../setup/http.ts';

function tinyRun(): IsolatedRun {
  return new IsolatedRun(
    {
      runId: 'run_spare_test',
      mode: 'flagship',
      inputs: { openapiText: PETSTORE, configText: null, oldSdkText: null, docsSourceText: null },
      limits: {},
      steps: ['validate'],
      parallel: true,
      logLevel: 'silent',
    },
    { stepTimeoutMs: 60_000, memoryMb: 512 },
    async () => undefined,
  );
}

afterAll(() => stopSpareRunProcess());

describe('the spare run process', () => {
  it('is loaded after a run, taken by the next, and not loaded once the worker stops', async () => {
    stopSpareRunProcess();
    const first = tinyRun();
    // Nothing loads beside the run.
    expect(spareRunProcessPid()).toBeUndefined();
    expect((await first.step('validate')).kind).toBe('settled');
    await first.exited();
    const spare = spareRunProcessPid();
    expect(spare).toBeDefined();

    const second = tinyRun();
    expect(second.pid).toBe(spare);
    expect(spareRunProcessPid()).toBeUndefined();
    expect((await second.step('validate')).kind).toBe('settled');
    // The worker stops while the run ends: no new spare after it.
    stopSpareRunProcess();
    await second.exited();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(spareRunProcessPid()).toBeUndefined();
  }, 120_000);

  it('takes its scratch folder along when the worker stops', async () => {
    const run = tinyRun();
    expect((await run.step('validate')).kind).toBe('settled');
    await run.exited();
    const scratch = spareRunScratch();
    expect(scratch && existsSync(scratch)).toBe(true);
    // Named by this worker's process id, where scratch-dir.ts puts run trees on this machine.
    expect(dirname(scratch!)).toBe(runScratchBase());
    expect(basename(scratch!).startsWith(`report-run-${process.pid}-`)).toBe(true);
    // A stopping worker does not wait for the killed spare to close: the folder goes at once.
    stopSpareRunProcess();
    expect(existsSync(scratch!)).toBe(false);
  }, 120_000);
});
