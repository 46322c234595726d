import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../../shared/errors.ts';
import { metrics } from '../../../shared/metrics.ts';
import type { Deps } from '../deps.ts';

/**
 * Spends one report start of the workspace's window. The counter lives in PostgreSQL, so every
 * API process shares it. Over the limit: 429 with `Retry-After` in whole seconds.
 */
export async function rateLimitStart(deps: Deps, orgId: string): Promise<void> {
  try {
    await deps.reportRateLimiter.consume(orgId, 1);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      metrics.rateLimitRefusals.inc({ limiter: 'report_starts' });
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new AppError(
        'rate_limited',
        `This workspace may start ${deps.config.rateLimit.starts} reports per ${deps.config.rateLimit.windowSeconds} seconds; retry after ${seconds} seconds.`,
        { headers: { 'Retry-After': String(seconds) } },
      );
    }
    throw rejection;
  }
}
