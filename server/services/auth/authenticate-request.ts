import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, isAppError } from '../../../shared/errors.ts';
import { AUTH_CHANGES_CHANNEL } from '../../../db/auth-changes.ts';
import { metrics } from '../../../shared/metrics.ts';
import type { Deps } from '../deps.ts';
import { blockPayload } from './auth-cache.ts';
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
 *
 * The guard's counter is read from the database unless the auth cache knows the address clean
 * (read within AUTH_CACHE_SECONDS); an address that reaches the limit is announced to every API
 * process on `auth_changes`, so a known-clean address is refused at once all the same.
 */
export async function authenticateRequest(
  deps: Deps,
  authorization: string | undefined,
  clientAddress: string | undefined,
): Promise<Caller> {
  const key = clientAddress || 'unknown';
  const cache = deps.authCache;
  const blockedMs = cache.blockedFor(key);
  if (blockedMs !== undefined) throw tooManyFailures(deps, blockedMs);
  let outcome: Promise<Caller>;
  if (cache.addressKnownClean(key)) outcome = authenticate(deps, authorization);
  else {
    const generation = cache.generation();
    // The counter and the token are read side by side; a blocked address is refused whatever the token.
    const [state, settled] = await Promise.all([
      deps.authFailureLimiter.get(key),
      authenticate(deps, authorization).then(
        (caller) => ({ caller }),
        (error: unknown) => ({ error }),
      ),
    ]);
    if (state && state.consumedPoints >= deps.config.rateLimit.authFailures)
      throw tooManyFailures(deps, state.msBeforeNext);
    cache.storeCleanAddress(key, generation);
    outcome = 'caller' in settled ? Promise.resolve(settled.caller) : Promise.reject(settled.error);
  }
  try {
    return await outcome;
  } catch (error) {
    if (authorization && isAppError(error) && error.code === 'unauthorized') {
      metrics.authFailures.inc({ kind: 'bearer' });
      let consumed: RateLimiterRes;
      try {
        consumed = await deps.authFailureLimiter.consume(key, 1);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          await announceBlock(deps, key, rejection.msBeforeNext);
          throw tooManyFailures(deps, rejection.msBeforeNext);
        }
        throw rejection;
      }
      if (consumed.consumedPoints >= deps.config.rateLimit.authFailures)
        await announceBlock(deps, key, consumed.msBeforeNext);
    }
    throw error;
  }
}

/** Tells every API process (this one at once) that `address` is blocked for `ms`, and waits until they know. */
async function announceBlock(deps: Deps, address: string, ms: number): Promise<void> {
  const since = Date.now();
  const payload = blockPayload(address, since + ms);
  await deps.db.sequelize.query('SELECT pg_notify($1, $2)', { bind: [AUTH_CHANGES_CHANNEL, payload] });
  await deps.authCache.announce([payload], since);
}
