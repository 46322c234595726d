import { QueryTypes, type Transaction } from 'sequelize';
import type { Plan } from '../../../shared/enums.ts';
import type { Deps } from '../deps.ts';
import { currentPeriod } from './capabilities.ts';

export interface StartState {
  org: { id: string; plan: Plan };
  /** Runs the workspace started in this quota period (including one this transaction wrote). */
  runsThisPeriod: number;
}

/**
 * What a start decides on, in one statement: the workspace's current plan and its runs this
 * period. Call it inside the start's transaction after taking the starts
 * lock, so the count includes every start committed before (the statement's snapshot is taken
 * after the lock was granted).
 */
export async function readStartState(
  deps: Deps,
  org: { id: string; plan: Plan },
  transaction: Transaction,
): Promise<StartState> {
  const [row] = await deps.db.sequelize.query<{ plan: Plan | null; used: number }>(
    `SELECT (SELECT plan FROM organizations WHERE id = $1) AS plan,
            (SELECT count(*)::int FROM runs WHERE org_id = $1 AND created_at >= $2) AS used`,
    { bind: [org.id, currentPeriod().start], type: QueryTypes.SELECT, transaction },
  );
  return {
    org: { id: org.id, plan: row?.plan ?? org.plan },
    runsThisPeriod: row?.used ?? 0,
  };
}
