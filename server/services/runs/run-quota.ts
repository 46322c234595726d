import { QueryTypes, type Transaction } from 'sequelize';
import { AppError } from '../../../shared/errors.ts';
import type { Plan } from '../../../shared/enums.ts';
import type { Deps } from '../deps.ts';
import { currentPeriod } from './capabilities.ts';

/**
 * SQL reserving one run of a workspace's quota period: `org` names the CTE of the workspace's
 * `plan` and `allowed` (its runs per period). The period's counter row (run_usage, which a trigger
 * increments for every inserted run) is created or locked only while `runs < allowed`; RETURNING
 * `runs` (the count including the run about to be inserted) gives no row when the quota is used.
 * The upsert takes the counter's row lock and, after waiting on it, sees the count the previous
 * holder committed: concurrent starts and retries of one workspace are exact. The lock is held
 * until commit, so the run must be inserted in the same statement or transaction.
 */
export function reserveRunSql(orgParam: string, periodParam: string): string {
  return `INSERT INTO run_usage AS u (org_id, period_start, runs)
      SELECT ${orgParam}, ${periodParam}, 0 FROM org WHERE org.allowed >= 1
      ON CONFLICT (org_id, period_start) DO UPDATE SET runs = u.runs
        WHERE u.runs < (SELECT allowed FROM org)
      RETURNING u.runs + 1 AS runs`;
}

/** SQL for the `org` CTE: the workspace's plan and runs per period from the plans JSON parameter. */
export function planSql(orgParam: string, plansParam: string): string {
  return `SELECT plan, (${plansParam}::jsonb ->> plan)::int AS allowed FROM organizations WHERE id = ${orgParam}`;
}

/** Runs per period by plan, as the JSON parameter of `planSql`. */
export function plansJson(deps: Deps): string {
  return JSON.stringify(deps.config.planRuns);
}

/**
 * Reserves one run of the workspace's quota inside `transaction` (its counter row locked until
 * commit; insert the run in it); 402 quota_exceeded when the plan's runs for this period are used.
 * Returns the plan and the period's count including the run.
 */
export async function reserveRun(
  deps: Deps,
  orgId: string,
  transaction: Transaction,
): Promise<{ plan: Plan; runsThisPeriod: number }> {
  const [row] = await deps.db.sequelize.query<{ plan: Plan; runs: number | null }>(
    `WITH org AS (${planSql('$1::text', '$3')}), reserved AS (${reserveRunSql('$1::text', '$2::timestamptz')})
     SELECT (SELECT plan FROM org) AS plan, (SELECT runs FROM reserved) AS runs`,
    { bind: [orgId, currentPeriod().start, plansJson(deps)], type: QueryTypes.SELECT, transaction },
  );
  if (row?.runs == null) throw await quotaExceeded(deps, orgId, transaction);
  return { plan: row.plan, runsThisPeriod: row.runs };
}

/**
 * The 402 for a workspace whose quota is used, naming its plan, allowance and count. Inside a
 * transaction that can still run statements, pass it (no second pooled connection while it holds one).
 */
export async function quotaExceeded(deps: Deps, orgId: string, transaction?: Transaction): Promise<AppError> {
  const period = currentPeriod();
  const [row] = await deps.db.sequelize.query<{ plan: Plan; runs: number }>(
    `SELECT o.plan, coalesce(u.runs, 0) AS runs FROM organizations o
       LEFT JOIN run_usage u ON u.org_id = o.id AND u.period_start = $2 WHERE o.id = $1`,
    { bind: [orgId, period.start], type: QueryTypes.SELECT, transaction },
  );
  const plan = row?.plan ?? 'free';
  const allowed = deps.config.planRuns[plan];
  return new AppError(
    'quota_exceeded',
    `The ${plan} plan allows ${allowed} report runs per month; ${row?.runs ?? allowed} were used. The quota resets at ${period.end.toISOString()}; upgrade with POST /api/billing/checkout.`,
  );
}
