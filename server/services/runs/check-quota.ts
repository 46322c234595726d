import type { Transaction } from 'sequelize';
import { AppError } from '../../../shared/errors.ts';
import type { Plan } from '../../../shared/enums.ts';
import type { Deps } from '../deps.ts';
import { currentPeriod, runsAllowed, runsThisPeriod } from './capabilities.ts';

/**
 * 402 when the workspace has used every run its plan allows in this period. `used`: the count
 * when the caller read it already (in the same transaction, under the starts lock).
 */
export async function checkRunQuota(
  deps: Deps,
  org: { id: string; plan: Plan },
  transaction?: Transaction,
  used?: number,
): Promise<void> {
  const allowed = runsAllowed(deps, org.plan);
  used ??= await runsThisPeriod(org.id, transaction);
  if (used >= allowed) {
    const { end } = currentPeriod();
    throw new AppError(
      'quota_exceeded',
      `The ${org.plan} plan allows ${allowed} report runs per month; ${used} were used. The quota resets at ${end.toISOString()}; upgrade with POST /api/billing/checkout.`,
    );
  }
}
