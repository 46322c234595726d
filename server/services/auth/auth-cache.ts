import type { Caller } from './caller.ts';

/** A cached credential: the caller it resolved to and, for a browser session, its deadlines. */
export interface CachedCredential {
  caller: Caller;
  session?: { id: string; idleExpiresAt: number; absoluteExpiresAt: number; lastSeenAt: number };
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/** The cache's size bound; past it the oldest entries go first. */
const MAX_ENTRIES = 10_000;
/** How long a change's announcer waits for every API process to confirm it (see `announce`). */
const CONFIRM_TIMEOUT_MS = 2_000;

/** Waits until every listening API process has applied the payloads (db/auth-changes.ts `confirm`). */
export type ConfirmChanges = (payloads: readonly string[], since: number, timeoutMs: number) => Promise<void>;

/**
 * Authenticated callers of this process, kept for `ttlMs` (AUTH_CACHE_SECONDS) so that a hot
 * request costs no authentication query: API keys by the SHA-256 of the token, browser sessions
 * by the SHA-256 of the cookie, and client addresses known not to be blocked by the brute-force
 * guard. Correctness does not rest on the TTL: every change that takes power away is announced by
 * PostgreSQL triggers on the `auth_changes` channel at commit (db/auth-changes.ts), and each API
 * process drops the named entries when the notification arrives. While the listening connection
 * is down the cache answers nothing (every request goes to the database) and it starts empty when
 * the connection is back. A lookup that began before an invalidation never stores its (possibly
 * stale) result: each store carries the generation read before the lookup.
 */
export class AuthCache {
  readonly ttlMs: number;
  #listening = false;
  #generation = 0;
  readonly #credentials = new Map<string, Entry<CachedCredential>>();
  readonly #cleanAddresses = new Map<string, number>();
  readonly #blocked = new Map<string, number>();
  #confirm: ConfirmChanges | undefined;

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  /** True when entries may be served: a TTL is configured and the change listener is connected. */
  get enabled(): boolean {
    return this.ttlMs > 0 && this.#listening;
  }

  /** Read before a database lookup; pass to `store…` so a lookup overtaken by a change is not kept. */
  generation(): number {
    return this.#generation;
  }

  credential(key: string): CachedCredential | undefined {
    if (!this.enabled) return undefined;
    const entry = this.#credentials.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.#credentials.delete(key);
      return undefined;
    }
    return entry.value;
  }

  storeCredential(key: string, value: CachedCredential, generation: number): void {
    if (!this.enabled || generation !== this.#generation) return;
    bounded(this.#credentials).set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }

  forgetCredential(key: string): void {
    this.#credentials.delete(key);
  }

  /** True when the brute-force guard's counter for `address` was read as not blocked within the TTL. */
  addressKnownClean(address: string): boolean {
    if (!this.enabled) return false;
    const until = this.#cleanAddresses.get(address);
    if (until === undefined) return false;
    if (until <= Date.now()) {
      this.#cleanAddresses.delete(address);
      return false;
    }
    return true;
  }

  storeCleanAddress(address: string, generation: number): void {
    if (!this.enabled || generation !== this.#generation) return;
    bounded(this.#cleanAddresses).set(address, Date.now() + this.ttlMs);
  }

  /** Milliseconds `address` stays blocked, as announced by any process; undefined when not known blocked. */
  blockedFor(address: string): number | undefined {
    const until = this.#blocked.get(address);
    if (until === undefined) return undefined;
    const left = until - Date.now();
    if (left <= 0) {
      this.#blocked.delete(address);
      return undefined;
    }
    return left;
  }

  /** How `announce` learns that every API process applied a change (set once the listener runs). */
  confirmWith(confirm: ConfirmChanges): void {
    this.#confirm = confirm;
  }

  /** Applies one `auth_changes` payload (see the migration adding the triggers, and `blockPayload`). */
  apply(payload: string): void {
    this.#generation += 1;
    const colon = payload.indexOf(':');
    const kind = payload.slice(0, colon);
    const rest = payload.slice(colon + 1);
    if (kind === 'auth_block') {
      const sep = rest.indexOf(':');
      const until = Number(rest.slice(0, sep));
      const address = rest.slice(sep + 1);
      this.#cleanAddresses.delete(address);
      if (Number.isFinite(until)) bounded(this.#blocked).set(address, until);
      return;
    }
    const matches = matcherFor(kind, rest);
    if (!matches) this.#credentials.clear();
    else for (const [key, entry] of this.#credentials) if (matches(entry.value)) this.#credentials.delete(key);
  }

  /** The listener connected (start afresh) or lost its connection (serve nothing until it is back). */
  setListening(listening: boolean): void {
    this.#generation += 1;
    this.#listening = listening;
    this.#credentials.clear();
    this.#cleanAddresses.clear();
  }

  /**
   * For the process that made a change, after its commit (`since`: a clock reading taken before
   * the change): drops the entries here at once, then waits until every API process listening on
   * the database has acknowledged that it applied the change (at most CONFIRM_TIMEOUT_MS, so a
   * hung process cannot hold the answer). So when the client hears that a key is revoked, a role
   * lowered or a session ended, no process will serve the old power to its next request.
   */
  async announce(payloads: readonly string[], since: number): Promise<void> {
    for (const payload of payloads) this.apply(payload);
    await this.#confirm?.(payloads, since, CONFIRM_TIMEOUT_MS);
  }
}

/** The payload announcing that `address` is blocked by the brute-force guard until `until` (epoch ms). */
export function blockPayload(address: string, until: number): string {
  return `auth_block:${Math.round(until)}:${address}`;
}

function matcherFor(kind: string, rest: string): ((value: CachedCredential) => boolean) | undefined {
  switch (kind) {
    case 'api_key':
      return (v) => v.caller.apiKey?.id === rest;
    case 'session':
      return (v) => v.session?.id === rest;
    case 'org':
      return (v) => v.caller.org.id === rest;
    case 'user':
      return (v) => v.caller.user.id === rest;
    case 'member': {
      const sep = rest.indexOf(':');
      const orgId = rest.slice(0, sep);
      const userId = rest.slice(sep + 1);
      return (v) => v.caller.org.id === orgId && v.caller.user.id === userId;
    }
    default:
      return undefined;
  }
}

/** The map, with its oldest entry dropped when it is full (Maps iterate in insertion order). */
function bounded<K, V>(map: Map<K, V>): Map<K, V> {
  if (map.size >= MAX_ENTRIES) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  return map;
}
