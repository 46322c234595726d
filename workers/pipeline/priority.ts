// Which of a run's processes the CPU scheduler serves first.
//
// A run's checkers share the worker's cores, and on a large description they ask for more CPU
// than the cores have: on the Stripe-sized description about 48 CPU-s inside 28 s of wall time on
// two cores. Its longest chain is one single-threaded process, pyright (about 16 CPU-s), which
// could end in about 17 s on a core of its own but, sharing the cores with everything else, got
// about 60% of one and ended last, alone, with the other core idle. So every process a run starts
// that is not on that chain (tsc, mypy, compileall, the wheel builds, the mock and the wire suites,
// the compatibility diff's readers) runs a few steps of niceness below the run process
// (isolated-run.ts puts the run process itself 10 below the service): the scheduler gives it
// what the critical chain leaves, which is everything once that chain ends. Nothing waits longer
// in total; the report ends when its CPU is spent rather than when pyright, starved, catches up.
// (docs/report-performance.md has the figures.)

import { getPriority, setPriority } from 'node:os';

/** How much nicer than the run process its background processes are. */
export const BACKGROUND_NICENESS_STEP = 5;

/** The highest niceness Linux allows. */
const LOWEST_PRIORITY = 19;

/**
 * Puts a process this run started below the run process in the CPU scheduler. Best effort: where
 * the worker may not change priorities (a container without the capability), it runs as it is.
 */
export function runInBackground(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, Math.min(LOWEST_PRIORITY, getPriority() + BACKGROUND_NICENESS_STEP));
  } catch {
    // Not allowed here, or the process has already ended: it keeps the run process's priority.
  }
}
