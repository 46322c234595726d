// Where run processes write their trees (workers/pipeline/scratch-dir.ts): a tmpfs when the machine
// has one with room, else the temp folder, or the folder REPORT_SCRATCH_BASE names; and the
// folders of workers that are gone are swept when a worker starts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  memoryBackedFolder,
  runScratchBase,
  runScratchPrefix,
  sweepRunScratch,
} from '../../../workers/pipeline/scratch-dir.ts';

const temp = mkdtempSync(join(tmpdir(), 'scratch-dir-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Whether /dev/shm is a tmpfs on this machine (read with statfs here, by its magic number). */
function shmIsTmpfs(): boolean {
  try {
    return statfsSync('/dev/shm').type === 0x01021994;
  } catch {
    return false;
  }
}

describe('run scratch folders', () => {
  it('go where REPORT_SCRATCH_BASE says; a value that is not an existing folder by its absolute path is refused by name', () => {
    expect(runScratchBase({ REPORT_SCRATCH_BASE: temp })).toBe(temp);
    for (const bad of ['relative/dir', join(temp, 'missing')]) {
      expect(() => runScratchBase({ REPORT_SCRATCH_BASE: bad })).toThrow(
        /^REPORT_SCRATCH_BASE must be an existing folder/,
      );
    }
    const file = join(temp, 'a-file');
    writeFileSync(file, 'x');
    expect(() => runScratchBase({ REPORT_SCRATCH_BASE: file })).toThrow(/REPORT_SCRATCH_BASE/);
  });

  it('go to /dev/shm when it is a tmpfs with room, else to the temp folder', () => {
    // A folder on the temp folder's disk is no tmpfs (unless the temp folder is one itself).
    const tempIsTmpfs = statfsSync(temp).type === 0x01021994;
    expect(memoryBackedFolder(temp, 1)).toBe(tempIsTmpfs);
    expect(memoryBackedFolder(join(temp, 'missing'), 1)).toBe(false);
    if (shmIsTmpfs()) {
      expect(memoryBackedFolder('/dev/shm', 1)).toBe(true);
      // More free space asked for than any machine has.
      expect(memoryBackedFolder('/dev/shm', 2 ** 62)).toBe(false);
    }
    const expected = memoryBackedFolder('/dev/shm') ? '/dev/shm' : tmpdir();
    expect(runScratchBase({})).toBe(expected);
    expect(runScratchBase({ REPORT_SCRATCH_BASE: '' })).toBe(expected);
  });

  it("are named by their worker's process id, and a starting worker sweeps those of workers that are gone", () => {
    const base = join(temp, 'sweep');
    mkdirSync(base);
    // A process id that was a worker and has ended.
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const deadPid = Number(ended.stdout);
    expect(deadPid).toBeGreaterThan(0);
    const dead = `${runScratchPrefix(deadPid)}abc123`;
    const live = `${runScratchPrefix()}def456`;
    expect(live).toBe(`report-run-${process.pid}-def456`);
    const other = 'report-run-xyz789';
    for (const name of [dead, live, other]) {
      mkdirSync(join(base, name));
      writeFileSync(join(base, name, 'file'), 'x');
    }
    expect(sweepRunScratch(base)).toEqual([dead]);
    expect(existsSync(join(base, dead))).toBe(false);
    expect(existsSync(join(base, live))).toBe(true);
    // Not a name this service gives: left alone.
    expect(existsSync(join(base, other))).toBe(true);
    expect(sweepRunScratch(join(temp, 'no-such-base'))).toEqual([]);
  });
});
