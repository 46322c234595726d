import type { Run } from '../../../shared/schemas/runs.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { readRun } from './read-run.ts';
import { toRun } from './serialize.ts';

export async function getRun(deps: Deps, caller: Caller, runId: string): Promise<{ run: Run }> {
  return { run: toRun(await readRun(deps, caller.org.id, runId)) };
}
