// One run's steps in a process of their own (run-process.ts), so that a description that costs
// minutes of CPU or gigabytes of memory never stalls the event loop that serves HTTP and sends
// the worker's heartbeats. The process has a memory limit (V8's old space) and each step a time
// limit; past either, the process group (with the checkers it started: tsc, mypy) is killed and
// the step that overran is reported `stopped`. One spare process is kept loaded, so a run does
// not wait for the modules to load; it is loaded after a run, not during it.

import type { PackageNames } from '../../shared/schemas/projects.ts';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { getCompileCacheDir } from 'node:module';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import type { PipelineStep } from '../../shared/enums.ts';
import type { RunTask, StepResult, ToRunProcess, ToWorker } from './run-protocol.ts';
import { runScratchBase, runScratchPrefix } from './scratch-dir.ts';

const ENTRY = join(import.meta.dirname, 'run-process.mjs');
/** How much of the process's stderr is kept to tell why it ended. */
const STDERR_TAIL = 8 * 1024;

export interface IsolationLimits {
  /** Wall time one step may take from its start (the model stage counts for validate). */
  stepTimeoutMs: number;
  /** V8 heap limit of the run's process (`--max-old-space-size`). */
  memoryMb: number;
}

/** How a step of an isolated run ended. */
export type StepEnd =
  | { kind: 'settled'; startedAt: Date; completedAt: Date; result: StepResult }
  /** This step overran a limit (or its process died while it ran alone): record it failed with `reason`. */
  | { kind: 'stopped'; startedAt: Date; completedAt: Date; reason: string }
  /** The process ended for a reason that is not this step's: run it again in a new process. */
  | { kind: 'interrupted'; reason: string }
  /** The step threw (an internal fault, not a finding): the job fails and is retried. */
  | { kind: 'fault'; error: Error };

export type ModelEnd =
  | { built: true; needsSetup: string[]; packages?: PackageNames }
  | { built: false; reason: string };

interface RunProcess {
  child: ChildProcess;
  scratch: string;
  memoryMb: number;
  stderr: string;
  /** Its modules are loaded and it listens: a message sent earlier could be lost. */
  ready: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let spare: RunProcess | undefined;

/** How long a fresh run process may take to load its modules before the run is failed. */
const PROCESS_LOAD_LIMIT_MS = 120_000;
/** The run process's niceness (0 is the service's, 19 the lowest priority). */
const RUN_PROCESS_NICENESS = 10;

function forkRunProcess(memoryMb: number): RunProcess {
  // Temp trees of checks live here, so a killed process leaves nothing behind (scratch-dir.ts: on
  // a tmpfs when the machine has one with room, where writing them costs a twentieth of the CPU).
  const scratch = mkdtempSync(join(runScratchBase(), runScratchPrefix()));
  const cacheDir = getCompileCacheDir();
  const child = fork(ENTRY, [], {
    execArgv: [`--max-old-space-size=${memoryMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    // Its own process group: a kill reaches the checkers it started too.
    detached: true,
    env: { ...process.env, REPORT_RUN_SCRATCH: scratch, ...(cacheDir ? { NODE_COMPILE_CACHE: cacheDir } : {}) },
  });
  // Below the service in the CPU scheduler (the checkers it starts inherit it): on a busy machine
  // the event loop that answers HTTP and sends heartbeats runs first, the run waits.
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, RUN_PROCESS_NICENESS);
    } catch {
      // Not allowed here (a container without the capability to change priorities): the run still runs.
    }
  }
  const proc: RunProcess = {
    child,
    scratch,
    memoryMb,
    stderr: '',
    ready: new Promise((resolve) => child.on('message', (message: ToWorker) => message.type === 'ready' && resolve())),
    // 'close' comes after the last IPC message has been read; 'exit' can come before it.
    exited: new Promise((resolve) => {
      child.once('close', (code, signal) => resolve({ code, signal }));
      child.once('exit', (code, signal) => setTimeout(() => resolve({ code, signal }), 2000).unref());
    }),
  };
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    process.stderr.write(chunk);
    proc.stderr = (proc.stderr + chunk).slice(-STDERR_TAIL);
  });
  child.on('error', () => {});
  void proc.exited.then(() => rmSync(scratch, { recursive: true, force: true }));
  return proc;
}

/** False once the worker stops: a run that ends after that loads no new spare. */
let spareWanted = true;

function forkSpare(memoryMb: number): void {
  if (!spareWanted || spare !== undefined) return;
  const next = forkRunProcess(memoryMb);
  next.child.unref();
  next.child.channel?.unref();
  spare = next;
}

/**
 * A loaded process for a run: the spare if it is still alive and of the right size. The next
 * spare is loaded when this run's process has ended, not beside it: loading the modules costs
 * about half a CPU-second, which a large run would have to share.
 */
function takeRunProcess(memoryMb: number): RunProcess {
  spareWanted = true;
  let proc = spare;
  spare = undefined;
  if (
    !proc ||
    proc.memoryMb !== memoryMb ||
    proc.child.exitCode !== null ||
    proc.child.signalCode !== null ||
    !proc.child.connected
  ) {
    if (proc) killGroup(proc.child);
    proc = forkRunProcess(memoryMb);
  }
  proc.child.ref();
  proc.child.channel?.ref();
  void proc.exited.then(() => forkSpare(memoryMb));
  return proc;
}

/** The loaded spare's process id, if there is one (for tests). */
export function spareRunProcessPid(): number | undefined {
  return spare?.child.pid;
}

/** The loaded spare's scratch folder, if there is one (for tests). */
export function spareRunScratch(): string | undefined {
  return spare?.scratch;
}

/**
 * Ends the spare process, and loads no other (a worker that stops). Its scratch folder goes at
 * once: the worker removes a run process's folder when the process has closed, which a stopping
 * worker does not wait for (an empty `report-run-*` folder was left in /tmp by each stop).
 */
export function stopSpareRunProcess(): void {
  spareWanted = false;
  if (spare) {
    killGroup(spare.child);
    rmSync(spare.scratch, { recursive: true, force: true });
  }
  spare = undefined;
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** The steps of one run, running in a process of their own. */
export class IsolatedRun {
  readonly model: Promise<ModelEnd>;
  /** Resolves once every step that will run has been started (or the process ended). */
  readonly launched: Promise<void>;
  readonly #proc: RunProcess;
  readonly #limits: IsolationLimits;
  readonly #started = new Map<PipelineStep, Date>();
  readonly #ends = new Map<
    PipelineStep,
    { promise: Promise<StepEnd>; resolve: (end: StepEnd) => void; settled: boolean }
  >();
  readonly #timers: NodeJS.Timeout[] = [];
  #overran: { step: PipelineStep | undefined; reason: string } | undefined;
  #stopping = false;
  #done = false;

  constructor(task: RunTask, limits: IsolationLimits, previousDescription: () => Promise<string | undefined>) {
    this.#limits = limits;
    this.#proc = takeRunProcess(limits.memoryMb);
    for (const step of task.steps) {
      let resolve: (end: StepEnd) => void = () => {};
      const promise = new Promise<StepEnd>((r) => (resolve = r));
      this.#ends.set(step, { promise, resolve, settled: false });
    }
    let modelEnd: (end: ModelEnd) => void = () => {};
    this.model = new Promise((resolve) => (modelEnd = resolve));
    let launchedEnd: () => void = () => {};
    this.launched = new Promise((resolve) => (launchedEnd = resolve));
    if (!task.parallel) launchedEnd();

    // Loading a fresh process (when the spare was not ready) is not the run's time; it has a bound of its own.
    const loadTimer = setTimeout(() => {
      this.#overran ??= {
        step: undefined,
        reason: `the run's process did not load within ${seconds(PROCESS_LOAD_LIMIT_MS)}`,
      };
      killGroup(this.#proc.child);
    }, PROCESS_LOAD_LIMIT_MS);
    loadTimer.unref();
    this.#timers.push(loadTimer);

    const child = this.#proc.child;
    child.on('message', (message: ToWorker) => {
      switch (message.type) {
        case 'model':
          this.#clearModelDeadline();
          modelEnd({
            built: true,
            needsSetup: message.needsSetup,
            ...(message.packages ? { packages: message.packages } : {}),
          });
          break;
        case 'started':
          this.#started.set(message.step, new Date(message.at));
          this.#deadline(
            message.step,
            `the ${message.step} step took longer than its limit of ${seconds(limits.stepTimeoutMs)} and was stopped`,
          );
          break;
        case 'launched':
          launchedEnd();
          break;
        case 'settled':
          this.#end(message.step, {
            kind: 'settled',
            startedAt: this.#started.get(message.step) ?? new Date(message.at),
            completedAt: new Date(message.at),
            result: revive(message.result),
          });
          break;
        case 'fault':
          this.#end(message.step, { kind: 'fault', error: new Error(message.message) });
          break;
        case 'need-previous':
          previousDescription().then(
            (text) => this.#send({ type: 'previous', text: text ?? null }),
            () => this.#send({ type: 'previous', text: null }),
          );
          break;
        case 'done':
          this.#done = true;
          break;
        case 'ready':
          break;
      }
    });
    void this.#proc.exited.then(({ code, signal }) => {
      for (const timer of this.#timers) clearTimeout(timer);
      const reason = this.#exitReason(code, signal);
      const inFlight = [...this.#ends]
        .filter(([step, e]) => !e.settled && this.#started.has(step))
        .map(([step]) => step);
      // The step to blame: the one that overran its time, else the only one running when the process died.
      const culprit = this.#overran
        ? this.#overran.step
        : !this.#stopping && inFlight.length === 1
          ? inFlight[0]
          : undefined;
      modelEnd({ built: false, reason });
      launchedEnd();
      const now = new Date();
      for (const [step, e] of this.#ends) {
        if (e.settled) continue;
        if (step === culprit)
          this.#end(step, { kind: 'stopped', startedAt: this.#started.get(step) ?? now, completedAt: now, reason });
        else this.#end(step, { kind: 'interrupted', reason });
      }
    });
    void this.#proc.ready.then(() => {
      clearTimeout(loadTimer);
      // The model stage has the step time limit too (it is what validate and every later step wait
      // for); its clock starts when the loaded process is handed the run.
      this.#deadline(
        undefined,
        `building the API model took longer than its limit of ${seconds(limits.stepTimeoutMs)}`,
      );
      this.#send({ type: 'start', task });
    });
  }

  /** The run process's id, also its process group's (the checkers it starts are in that group). */
  get pid(): number | undefined {
    return this.#proc.child.pid;
  }

  /** When a step started in the run's process (for recording it `running`). */
  startedAt(step: PipelineStep): Date | undefined {
    return this.#started.get(step);
  }

  step(step: PipelineStep): Promise<StepEnd> {
    const entry = this.#ends.get(step);
    if (!entry) throw new Error(`step ${step} is not part of this run's task`);
    return entry.promise;
  }

  /** Kills the run's process (and its checkers) unless it has ended; every unsettled step is `interrupted`. */
  stop(): void {
    this.#stopping = true;
    this.#send({ type: 'abort' });
    if (this.#proc.child.exitCode === null && this.#proc.child.signalCode === null) killGroup(this.#proc.child);
  }

  /** Resolves when the run's process has exited. */
  async exited(): Promise<void> {
    await this.#proc.exited;
  }

  #end(step: PipelineStep, end: StepEnd): void {
    const entry = this.#ends.get(step);
    if (!entry || entry.settled) return;
    entry.settled = true;
    entry.resolve(end);
  }

  #modelTimer: NodeJS.Timeout | undefined;

  #clearModelDeadline(): void {
    if (this.#modelTimer) clearTimeout(this.#modelTimer);
    this.#modelTimer = undefined;
  }

  #deadline(step: PipelineStep | undefined, reason: string): void {
    const timer = setTimeout(() => {
      if (step !== undefined && this.#ends.get(step)?.settled) return;
      this.#overran ??= { step, reason };
      killGroup(this.#proc.child);
    }, this.#limits.stepTimeoutMs);
    timer.unref();
    if (step === undefined) this.#modelTimer = timer;
    this.#timers.push(timer);
  }

  #exitReason(code: number | null, signal: NodeJS.Signals | null): string {
    if (this.#overran) return this.#overran.reason;
    if (this.#stopping) return 'the run was stopped';
    if (/heap out of memory|Reached heap limit/i.test(this.#proc.stderr)) {
      return `the run used more than its memory limit of ${this.#limits.memoryMb} MB and was stopped`;
    }
    if (this.#done && code === 0) return 'the run process ended';
    return `the run's process ended unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`;
  }

  #send(message: ToRunProcess): void {
    if (this.#proc.child.connected) this.#proc.child.send(message, (error) => void error);
  }
}

/** Buffers arrive over IPC as plain Uint8Arrays. */
function revive(result: StepResult): StepResult {
  return {
    ...result,
    artifacts: result.artifacts.map((a) => ({
      ...a,
      packed: {
        ...a.packed,
        content: Buffer.from(a.packed.content.buffer, a.packed.content.byteOffset, a.packed.content.byteLength),
      },
    })),
  };
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
