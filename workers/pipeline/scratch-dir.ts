import { accessSync, constants, readdirSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { processAlive } from '../../shared/process-alive.ts';

/**
 * Where a run's temporary trees go: the folder its run process was given (removed when that
 * process ends, even when it was killed), else the system's temp folder.
 */
export function scratchDir(): string {
  return process.env.REPORT_RUN_SCRATCH ?? tmpdir();
}

/** `statfs`'s type of a tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;
/** Memory-backed space a worker wants free before it puts runs' trees there. */
const MIN_FREE_BYTES = 4 * 1024 ** 3;
const SHARED_MEMORY = '/dev/shm';

/** Whether `dir` is a writable tmpfs with at least `minFree` bytes free. */
export function memoryBackedFolder(dir: string, minFree = MIN_FREE_BYTES): boolean {
  try {
    const fs = statfsSync(dir);
    accessSync(dir, constants.W_OK);
    return fs.type === TMPFS_MAGIC && fs.bavail * fs.bsize >= minFree;
  } catch {
    return false;
  }
}

/**
 * Where the run processes' scratch folders go: `REPORT_SCRATCH_BASE` when it is set (an existing
 * folder, by its absolute path; anything else is an error naming the variable), else /dev/shm when
 * it is a writable tmpfs with 4 GiB free, else the system's temp folder.
 *
 * A run writes thousands of small files there (every checked tree, built package, wheel build and
 * wire suite: 1,024 files for each copy of the Stripe-sized Python SDK). On this VM's ext4,
 * creating 1,024 files cost 0.37-0.55 CPU-s of kernel time; on tmpfs 0.015-0.025. The trees are
 * tens of MB a run and go when its process ends.
 */
export function runScratchBase(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.REPORT_SCRATCH_BASE;
  if (given !== undefined && given !== '') {
    let folder = false;
    try {
      folder = isAbsolute(given) && statSync(given).isDirectory();
    } catch {
      // not there
    }
    if (!folder)
      throw new Error(
        `REPORT_SCRATCH_BASE must be an existing folder given by its absolute path, not ${JSON.stringify(given)}`,
      );
    return given;
  }
  return memoryBackedFolder(SHARED_MEMORY) ? SHARED_MEMORY : tmpdir();
}

/** A run scratch folder's name prefix, carrying the worker's process id (see `sweepRunScratch`). */
export function runScratchPrefix(workerPid = process.pid): string {
  return `report-run-${workerPid}-`;
}

/**
 * Removes the run scratch folders in `base` whose worker is gone (killed before it could remove
 * them; on a tmpfs they would hold memory until the machine restarts). A live worker's are kept.
 * Returns the folders removed.
 */
export function sweepRunScratch(base: string): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return removed;
  }
  for (const name of names) {
    const pid = /^report-run-(\d+)-/.exec(name)?.[1];
    if (pid === undefined || processAlive(Number(pid))) continue;
    rmSync(join(base, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
