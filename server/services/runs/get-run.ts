import type { Run } from '../../../shared/schemas/runs.ts';
import type { Caller } from '../auth/caller.ts';
import { findRun } from './find-run.ts';
import { toRun } from './serialize.ts';

export async function getRun(caller: Caller, runId: string): Promise<{ run: Run }> {
  return { run: toRun(await findRun(caller.org.id, runId)) };
}
