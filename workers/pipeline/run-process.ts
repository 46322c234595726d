// The process that runs one run's steps (started by isolated-run.ts through run-process.mjs).
// It parses and analyses the description, runs the steps, packs their artifacts and reports each
// over IPC; it never touches the database. It ends when its task is done or when the worker goes.

import { rmSync } from 'node:fs';
import { createLogger } from '../../shared/logger.ts';
import type { PipelineStep } from '../../shared/enums.ts';
import { analyzeInputs } from './analysis.ts';
import { NO_CARRY_SOURCES } from './custom-code/carry-sources.ts';
import { discardPreloadedMockServer, preloadMockServer } from './mock-server.ts';
import { packArtifact } from './pack-artifact.ts';
import { turnedOffSteps } from './turned-off.ts';
import type { RunTask, StepResult, ToRunProcess, ToWorker } from './run-protocol.ts';
import type { StepContext } from './step.ts';
import { LAUNCH_ORDER, STEPS } from './step-list.ts';
import { loadCheckModules } from '../generators/analyze.ts';
import { keepLastModels } from '../generators/model/build-model.ts';
import { keepLastParses } from '../generators/model/parse/parse-document.ts';

const abort = new AbortController();
let previousWaiters: Array<(text: string | undefined) => void> = [];

/** Messages on their way to the worker: the channel is closed only once they are all written. */
const sending = new Set<Promise<void>>();

function send(message: ToWorker): void {
  const sent = new Promise<void>((resolve) => process.send?.(message, undefined, {}, () => resolve()) ?? resolve());
  sending.add(sent);
  void sent.then(() => sending.delete(sent));
}

process.on('message', (message: ToRunProcess) => {
  if (message.type === 'start') {
    void runTask(message.task)
      .then(() => Promise.all(sending))
      .finally(() => process.disconnect?.());
  } else if (message.type === 'previous') {
    const waiters = previousWaiters;
    previousWaiters = [];
    for (const resolve of waiters) resolve(message.text ?? undefined);
  } else if (message.type === 'abort') abort.abort(new Error('the run was stopped'));
});
// The worker went away (or is done with us): nothing left to report to.
process.on('disconnect', () => process.exit(0));
// The worker removes this process's scratch folder once it has ended; a worker that is gone first
// (a test's process ending with a spare run process forked) cannot, so the folder goes on our exit.
process.on('exit', () => {
  const scratch = process.env.REPORT_RUN_SCRATCH;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function runTask(task: RunTask): Promise<void> {
  // The wire tests' mock loads its modules while this process reads the description (mock-server.ts).
  if (task.steps.includes('wire_tests') && !turnedOffSteps(task.project, undefined).has('wire_tests'))
    preloadMockServer();
  try {
    await runSteps(task);
  } finally {
    discardPreloadedMockServer();
  }
}

async function runSteps(task: RunTask): Promise<void> {
  const signal = abort.signal;
  const logger = createLogger(task.logLevel).child({ runId: task.runId });
  // Only validate's report needs the description's checks; a resumed run after validate skips them.
  const stages = analyzeInputs(task.inputs, task.mode, signal, task.limits, {
    checks: task.steps.includes('validate'),
    ...(task.project ? { projectPackages: task.project.packages } : {}),
  });
  // Steps turned off (project settings, the stainless.yml's targets): known once the config is read.
  const turnedOff = stages.model.then(
    (stage) => turnedOffSteps(task.project, stage.targets),
    () => turnedOffSteps(task.project, undefined),
  );
  const context: StepContext = {
    runId: task.runId,
    mode: task.mode,
    inputs: task.inputs,
    signal,
    logger,
    analysis: () => stages.analysis,
    model: () => stages.model,
    previousDescription: () =>
      new Promise((resolve) => {
        previousWaiters.push(resolve);
        send({ type: 'need-previous' });
      }),
    carry: task.carry ?? NO_CARRY_SOURCES,
    turnedOff: async () => new Set((await turnedOff).keys()),
  };
  const modelSent = stages.model.then(
    (stage) => {
      const packages = stage.model?.client.packages;
      send({ type: 'model', needsSetup: stage.needsSetup, ...(packages ? { packages: { ...packages } } : {}) });
      return stage.needsSetup.length === 0;
    },
    () => false,
  );

  const run = async (name: PipelineStep): Promise<void> => {
    const step = STEPS.find((s) => s.name === name)!;
    send({ type: 'started', step: name, at: Date.now() });
    try {
      const offReason = name === 'validate' ? undefined : (await turnedOff).get(name);
      const outcome =
        offReason !== undefined
          ? { status: 'skipped' as const, summary: offReason, counts: { notApplicable: 1 } }
          : await step.run(context);
      const artifacts = [];
      for (const draft of outcome.artifacts ?? [])
        artifacts.push({ kind: draft.kind, packed: await packArtifact(draft) });
      const result: StepResult = {
        status: outcome.status,
        summary: outcome.summary,
        ...(outcome.counts ? { counts: outcome.counts } : {}),
        artifacts,
        ...(outcome.customCode
          ? {
              customCode: {
                language: outcome.customCode.language,
                pristine: await packArtifact({
                  kind: 'typescript_sdk',
                  name: 'pristine',
                  files: outcome.customCode.pristine,
                }),
                ...(outcome.customCode.report ? { report: outcome.customCode.report } : {}),
              },
            }
          : {}),
      };
      send({ type: 'settled', step: name, at: Date.now(), result });
    } catch (error) {
      if (!signal.aborted)
        send({ type: 'fault', step: name, message: error instanceof Error ? error.message : String(error) });
    }
  };

  const later: PipelineStep[] = task.steps.filter((s) => s !== 'validate');
  const running: Promise<void>[] = [];
  if (task.steps.includes('validate')) running.push(run('validate'));
  if (task.parallel) {
    if (await modelSent) {
      for (const name of LAUNCH_ORDER) {
        if (!later.includes(name) || signal.aborted) continue;
        running.push(run(name));
        // One per turn: the previous step's checker process gets started before the next emits.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    send({ type: 'launched' });
  } else {
    await running[0];
    if (await modelSent) for (const name of later) if (!signal.aborted) await run(name);
  }
  await Promise.all(running);
  await modelSent;
  send({ type: 'done' });
}

// One run, one description: parsed once for the analysis, the mock and the description diff, and
// its model built once for the analysis and the diff when the diff's inputs are the analysis's.
keepLastParses();
keepLastModels();
// The modules a run needs are loaded before the task comes (a spare process waits ready).
await loadCheckModules();
send({ type: 'ready' });
