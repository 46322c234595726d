import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, isAppError } from '../../../shared/errors.ts';
import { metrics } from '../../../shared/metrics.ts';
import type { Deps } from '../deps.ts';
import { authenticate } from './authenticate.ts';
import type { Caller } from './caller.ts';

function tooManyFailures(deps: Deps, msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  metrics.rateLimitRefusals.inc({ limiter: 'auth_failures' });
  return new AppError(
    'rate_limited',
    `Too many invalid tokens from this address (${deps.config.rateLimit.authFailures} per ${deps.config.rateLimit.authFailureWindowSeconds} s); retry after ${seconds} seconds.`,
    {
      headers: { 'Retry-After': String(seconds) },
    },
  );
}

/**
 * `authenticate` behind a brute-force guard: every presented token that fails costs the client
 * address a point (counted in PostgreSQL, shared by all API processes); past the limit, requests
 * from that address answer 429 with `Retry-After` until the window passes, without looking at the
 * token. Token comparison itself is a hash lookup plus a constant-time digest comparison.
 */
export async function authenticateRequest(
  deps: Deps,
  authorization: string | undefined,
  clientAddress: string | undefined,
): Promise<Caller> {
  const key = clientAddress || 'unknown';
  const state = await deps.authFailureLimiter.get(key);
  if (state && state.consumedPoints >= deps.config.rateLimit.authFailures)
    throw tooManyFailures(deps, state.msBeforeNext);
  try {
    return await authenticate(deps, authorization);
  } catch (error) {
    if (authorization && isAppError(error) && error.code === 'unauthorized') {
      metrics.authFailures.inc({ kind: 'bearer' });
      try {
        await deps.authFailureLimiter.consume(key, 1);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw tooManyFailures(deps, rejection.msBeforeNext);
        throw rejection;
      }
    }
    throw error;
  }
}
