// The run's processes in the CPU scheduler (workers/pipeline/priority.ts): a checker on the
// critical path (pyright) keeps the run process's priority, every other one runs
// BACKGROUND_NICENESS_STEP below it; each reports the niceness it ran at.
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { checkWithTools, type ToolRun } from '../../../workers/pipeline/check-with-tool.ts';
import { BACKGROUND_NICENESS_STEP, runInBackground } from '../../../workers/pipeline/priority.ts';
import { spawn } from 'node:child_process';

const signal = new AbortController().signal;
const files = [{ path: 'a.txt', content: 'a\n' }];
// Fails on purpose so that what it printed comes back as its problem line.
const reportNiceness: ToolRun = {
  label: 'niceness',
  command: 'sh',
  args: () => ['-c', 'sleep 0.3; echo "niceness $(nice)"; exit 1'],
  timeoutMs: 10_000,
};

async function niceness(tool: ToolRun): Promise<number> {
  const check = await checkWithTools(files, [tool], signal);
  const line = check.problems.find((p) => p.startsWith('niceness '));
  if (!line) throw new Error(`no niceness in ${check.problems.join(' | ')}`);
  return Number(line.slice('niceness '.length));
}

describe('the run processes’ priorities', () => {
  it('runs a checker below the run process unless it is on the critical path', async () => {
    const ours = getPriority();
    expect(await niceness(reportNiceness)).toBe(Math.min(19, ours + BACKGROUND_NICENESS_STEP));
    expect(await niceness({ ...reportNiceness, criticalPath: true })).toBe(ours);
  });

  it('sets the niceness relative to the run process, not cumulatively, and ignores an ended process', async () => {
    const child = spawn('sh', ['-c', 'sleep 0.3; nice'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    runInBackground(child.pid);
    runInBackground(child.pid);
    runInBackground(child.pid);
    runInBackground(child.pid);
    runInBackground(child.pid);
    await new Promise((resolve) => child.once('close', resolve));
    // Each call is relative to this process, not to the child's current niceness.
    expect(Number(out.trim())).toBe(Math.min(19, getPriority() + BACKGROUND_NICENESS_STEP));
    expect(() => runInBackground(child.pid)).not.toThrow();
    expect(() => runInBackground(undefined)).not.toThrow();
  });
});
