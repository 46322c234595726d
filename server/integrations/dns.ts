import { Resolver } from 'node:dns/promises';
import type { Config } from '../../shared/config.ts';

export type LookupResult<T> = { ok: true; records: T[] } | { ok: false; code: string };

/** "Nothing there" answers, as opposed to a resolver that failed. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * DNS lookups for docs-domain verification through `node:dns` with the configured resolvers
 * (`DNS_SERVERS`, else the system's), bounded by `DNS_TIMEOUT_MS` per try and `DNS_TRIES`.
 * A fresh resolver per verification: nothing is cached between attempts, so a record the
 * customer just published is seen on the next try.
 */
export function dnsResolver(docs: Config['docs']) {
  const resolver = new Resolver({ timeout: docs.dnsTimeoutMs, tries: docs.dnsTries });
  if (docs.dnsServers) resolver.setServers(docs.dnsServers);
  const wrap = async <T>(lookup: () => Promise<T[]>): Promise<LookupResult<T>> => {
    try {
      return { ok: true, records: await lookup() };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      return ABSENT.has(code) ? { ok: true, records: [] } : { ok: false, code };
    }
  };
  return {
    /** TXT records of `name`, each joined from its strings (long TXT values are split in 255-byte chunks). */
    txt: (name: string) => wrap(async () => (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''))),
    cname: (name: string) => wrap(() => resolver.resolveCname(name)),
    cancel: () => resolver.cancel(),
  };
}
