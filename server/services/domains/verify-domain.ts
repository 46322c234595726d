import { Op } from 'sequelize';
import { DocsDomain } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { dnsResolver, type LookupResult } from '../../integrations/dns.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { countProjectRuns } from '../projects/count-runs.ts';
import { findProject } from '../projects/find-project.ts';
import { toProject } from '../projects/serialize.ts';
import { toDomain } from './serialize.ts';

/** Where the verification token must be published as a TXT record. */
export function verificationName(domain: string): string {
  return `_report-verify.${domain}`;
}

function normalizeHost(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

interface Check {
  name: string;
  expected: string;
  found: string[];
  ok: boolean;
  error?: string;
}

function check(
  name: string,
  expected: string,
  result: LookupResult<string>,
  matches: (found: string) => boolean,
): Check {
  if (!result.ok) return { name, expected, found: [], ok: false, error: result.code };
  const found = result.records.slice(0, 20).map((r) => r.slice(0, 512));
  return { name, expected, found, ok: result.records.some(matches) };
}

function failureReason(txt: Check, cname: Check): string | null {
  if (txt.error) return `The TXT lookup of ${txt.name} failed (${txt.error}); try again.`;
  if (!txt.ok)
    return txt.found.length
      ? `The TXT records at ${txt.name} do not include the verification token.`
      : `No TXT record at ${txt.name}; publish the verification token there.`;
  if (cname.error) return `The CNAME lookup of ${cname.name} failed (${cname.error}); try again.`;
  if (!cname.ok)
    return cname.found.length
      ? `${cname.name} is a CNAME to ${cname.found.join(', ')}, not ${cname.expected}.`
      : `No CNAME record at ${cname.name}; point it at ${cname.expected}.`;
  return null;
}

/**
 * Checks a docs domain's DNS: the TXT record at `_report-verify.<domain>` must carry the
 * domain's verification token, and `<domain>` must be a CNAME to the target. Both pass →
 * `verified`; else `failed` with the reason (a verified domain whose records went away fails
 * too). Either way `lastVerifiedAt` is now. Lookups run outside the transaction; the row is
 * then updated under a lock, unless it was removed or re-added meanwhile (404).
 */
export async function verifyDomain(deps: Deps, caller: Caller, projectId: string, domainId: string) {
  const project = await findProject(caller.org.id, projectId);
  const row = await DocsDomain.findOne({ where: { id: domainId, projectId: project.id, orgId: caller.org.id } });
  if (!row) throw new AppError('not_found', `Domain ${domainId} was not found on project ${projectId}.`);

  const dns = dnsResolver(deps.config.docs);
  const [txtResult, cnameResult] = await Promise.all([dns.txt(verificationName(row.domain)), dns.cname(row.domain)]);
  const txt = check(
    verificationName(row.domain),
    row.verificationToken,
    txtResult,
    (value) => value.trim() === row.verificationToken,
  );
  const cnameTarget = normalizeHost(row.cnameTarget);
  const cnames: LookupResult<string> = cnameResult.ok
    ? { ok: true, records: cnameResult.records.map(normalizeHost) }
    : cnameResult;
  const cname = check(row.domain, cnameTarget, cnames, (value) => value === cnameTarget);
  const reason = failureReason(txt, cname);

  return await deps.db.sequelize.transaction(async (transaction) => {
    const locked = await DocsDomain.findOne({ where: { id: row.id, orgId: caller.org.id }, transaction, lock: true });
    if (!locked || locked.verificationToken !== row.verificationToken)
      throw new AppError('not_found', `Domain ${domainId} was not found on project ${projectId}.`);
    if (!reason) {
      // New proof wins: a hostname is verified in one workspace at a time (a partial unique
      // index holds it); whoever verified it before loses it, with the reason recorded.
      await deps.db.sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', {
        bind: [`domain:${locked.domain}`],
        transaction,
      });
      await DocsDomain.update(
        {
          status: 'failed',
          failureReason: 'Claimed by another workspace that published new DNS proof for this hostname.',
          lastVerifiedAt: new Date(),
        },
        { where: { domain: locked.domain, status: 'verified', id: { [Op.ne]: locked.id } }, transaction },
      );
    }
    locked.status = reason ? 'failed' : 'verified';
    locked.failureReason = reason;
    locked.lastVerifiedAt = new Date();
    await locked.save({ transaction });
    return {
      project: toProject(project, await countProjectRuns(project.id, transaction)),
      domain: toDomain(locked),
      checks: { txt, cname },
    };
  });
}
