/**
 * Timing a peer tool's command the same way in every benchmark: under /usr/bin/time, for its wall
 * seconds and peak RSS. Used by bench/parse-validate.ts, bench/typescript-sdk.ts and bench/pipeline.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Sample {
  ms: number;
  maxRssMb: number;
  detail?: string;
}

/**
 * Runs `argv` under /usr/bin/time. Undefined when the tool or /usr/bin/time is missing, or when the
 * command fails and `allowFailure` is not set (a linter exits 1 on findings).
 */
export function timeCommand(
  argv: string[],
  options: { allowFailure?: boolean; env?: NodeJS.ProcessEnv } = {},
): Sample | undefined {
  if (!existsSync(argv[0]!) || !existsSync('/usr/bin/time')) return undefined;
  const run = spawnSync('/usr/bin/time', ['-f', '%e %M', ...argv], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: options.env ?? process.env,
  });
  const [seconds, kb] = (run.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  if ((run.status !== 0 && !options.allowFailure) || !seconds || !kb) return undefined;
  return { ms: Math.round(seconds * 1000), maxRssMb: Math.round(kb / 1024) };
}

/**
 * Flushes the file system before a sample, untimed, for ours and the peers alike: the previous
 * sample's output was just deleted, and on this machine's ext4 (mounted with `discard`) creating
 * files while that deletion is still being committed costs several times as much (a 300-file write
 * took 0.1 s after a flush and up to 0.4 s without). Each sample then starts from a settled disk.
 */
export function settleDisk(): void {
  spawnSync('sync', { stdio: 'ignore' });
}

/** A Node peer (`bin`, a script) writing into a fresh temp folder that is removed afterwards. */
export function timeNodePeer(bin: string, args: (out: string) => string[]): Sample | undefined {
  if (!existsSync(bin)) return undefined;
  const out = mkdtempSync(join(tmpdir(), 'bench-peer-'));
  settleDisk();
  try {
    return timeCommand([process.execPath, bin, ...args(out)]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The fastest of several samples (missing ones ignored). */
export function best(samples: Array<Sample | undefined>): Sample | undefined {
  const real = samples.filter((s): s is Sample => !!s);
  return real.length ? real.reduce((a, b) => (b.ms < a.ms ? b : a)) : undefined;
}
