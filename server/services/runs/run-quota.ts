import { QueryTypes, type Transaction } from 'sequelize';
import { AppError } from '../../../shared/errors.ts';
import type { Plan } from '../../../shared/enums.ts';
import type { Deps } from '../deps.ts';
import { currentPeriod } from './capabilities.ts';

/**
 * SQL spending one run of a workspace's quota period: `org` names the CTE of the workspace's
 * `plan` and `allowed` (its runs per period); the period's counter row is created or incremented
 * only while `runs < allowed`, and RETURNING `runs` (the count including this run) gives no row
 * when the quota is used. The upsert takes the counter's row lock and, after waiting on it, sees
 * the count the previous holder committed: concurrent spends of one workspace are exact, and the
 * lock is held from this statement to its commit, not across a round trip to the database.
 * Placeholders: `org` id, period start.
 */
export function spendRunSql(orgParam: string, periodParam: string): string {
  return `INSERT INTO run_usage AS u (org_id, period_start, runs)
      SELECT ${orgParam}, ${periodParam}, 1 FROM org WHERE org.allowed >= 1
      ON CONFLICT (org_id, period_start) DO UPDATE SET runs = u.runs + 1
        WHERE u.runs < (SELECT allowed FROM org)
      RETURNING runs`;
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
 * Spends one run of the workspace's quota inside `transaction` (held until its commit); 402
 * quota_exceeded when the plan's runs for this period are used. Returns the plan and the period's
 * count including this run.
 */
export async function spendRun(
  deps: Deps,
  orgId: string,
  transaction: Transaction,
): Promise<{ plan: Plan; runsThisPeriod: number }> {
  const [row] = await deps.db.sequelize.query<{ plan: Plan; runs: number | null }>(
    `WITH org AS (${planSql('$1::text', '$3')}), spent AS (${spendRunSql('$1::text', '$2::timestamptz')})
     SELECT (SELECT plan FROM org) AS plan, (SELECT runs FROM spent) AS runs`,
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
