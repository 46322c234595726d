// One file's three-way merge, by `git merge-file` (git is on every worker: publishing to `github`
// needs it, and `.ci/run` installs it). A well-kept merge rather than our own: git's xdiff merge
// is what every customer's repository already uses, so a result here is the result they would get
// merging by hand, with the same conflict markers their editors understand.

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConflictHunk } from '../../../shared/schemas/custom-code.ts';
import { findExecutable } from '../check-with-tool.ts';
import { scratchDir } from '../scratch-dir.ts';

export interface MergeResult {
  content: string;
  /** Conflicted regions, in the order they appear (empty for a clean merge). */
  hunks: ConflictHunk[];
}

/** The markers' labels: what a customer reads in the delivered file. */
export const MERGE_LABELS = { yours: 'your SDK', base: 'last generation', generated: 'new generation' } as const;

const HUNK_TEXT_CAP = 4000;

/**
 * Merges the customer's edits (`yours`, against `base`) into the new generation (`generated`).
 * The customer's file is the "current" side, so where both changed the same lines the delivered
 * file shows their lines first, then the new generation's.
 */
export async function mergeFile(
  yours: string,
  base: string,
  generated: string,
  signal?: AbortSignal,
): Promise<MergeResult> {
  const git = findExecutable('git');
  if (!git) throw new Error('git is not installed on this worker: edits to generated files cannot be merged');
  const dir = await mkdtemp(join(scratchDir(), 'report-merge-'));
  try {
    const paths = { yours: join(dir, 'yours'), base: join(dir, 'base'), generated: join(dir, 'generated') };
    await Promise.all([
      writeFile(paths.yours, yours),
      writeFile(paths.base, base),
      writeFile(paths.generated, generated),
    ]);
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        git,
        [
          'merge-file',
          '-p',
          '-L',
          MERGE_LABELS.yours,
          '-L',
          MERGE_LABELS.base,
          '-L',
          MERGE_LABELS.generated,
          paths.yours,
          paths.base,
          paths.generated,
        ],
        { cwd: dir, maxBuffer: 64 * 1024 * 1024, timeout: 60_000, ...(signal ? { signal } : {}) },
        (error, out, err) => {
          const exit = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ code: exit, stdout: out, stderr: err });
        },
      );
    });
    // Exit status: the number of conflicts (0 for a clean merge); negative or ≥ 128 is git failing.
    if (code < 0 || code >= 128) throw new Error(`git merge-file failed (${code}): ${stderr.trim().slice(0, 300)}`);
    return { content: stdout, hunks: code === 0 ? [] : conflictHunks(stdout) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The conflicted regions of a merged text, read from its markers. */
export function conflictHunks(text: string): ConflictHunk[] {
  const lines = text.split('\n');
  const hunks: ConflictHunk[] = [];
  const open = `<<<<<<< ${MERGE_LABELS.yours}`;
  const close = `>>>>>>> ${MERGE_LABELS.generated}`;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== open) continue;
    const sep = lines.indexOf('=======', i + 1);
    const end = sep === -1 ? -1 : lines.indexOf(close, sep + 1);
    if (end === -1) break;
    hunks.push({
      startLine: i + 1,
      endLine: end + 1,
      yours: cap(lines.slice(i + 1, sep).join('\n')),
      generated: cap(lines.slice(sep + 1, end).join('\n')),
    });
    i = end;
  }
  return hunks;
}

function cap(text: string): string {
  return text.length > HUNK_TEXT_CAP ? `${text.slice(0, HUNK_TEXT_CAP)}…` : text;
}
