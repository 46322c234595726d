import { preparedQuery } from '../../../db/prepared-query.ts';
import { checkoutAvailable } from '../../integrations/stripe.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { type ProjectFields, toProject } from '../projects/serialize.ts';
import { currentPeriod, heartbeatIsFresh, runsAllowed } from '../runs/capabilities.ts';
import { RUN_FIELDS_SQL } from '../runs/read-run.ts';
import { type RunFields, toRun } from '../runs/serialize.ts';

/** JSON carries timestamps as text; the serialisers take Dates. */
function dated<T>(row: Record<string, unknown>, keys: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const key of keys) if (typeof out[key] === 'string') out[key] = new Date(out[key] as string);
  return out as T;
}

/**
 * Everything /me reads, in one prepared statement (one round trip, planned once per connection): the latest worker heartbeat,
 * this period's run count, the 20 newest projects with their run counts and the 10 newest runs.
 */
async function readSnapshot(deps: Deps, orgId: string, periodStart: Date) {
  const [row] = await preparedQuery<{
    heartbeat: Date | null;
    used: number;
    projects: Array<Record<string, unknown> & { runCount: number }>;
    runs: Array<Record<string, unknown>>;
  }>(
    deps.db.sequelize,
    'me-snapshot',
    `SELECT (SELECT max(seen_at) FROM worker_heartbeats) AS heartbeat,
            (SELECT count(*)::int FROM runs WHERE org_id = $1 AND created_at >= $2) AS used,
            coalesce((SELECT json_agg(p ORDER BY p.id DESC) FROM (
              SELECT pr.id, pr.name, pr.api_name AS "apiName", pr.mode, pr.status, pr.created_at AS "createdAt",
                     pr.updated_at AS "updatedAt", (SELECT count(*)::int FROM runs WHERE project_id = pr.id) AS "runCount"
                FROM projects pr WHERE pr.org_id = $1 ORDER BY pr.id DESC LIMIT 20) p), '[]') AS projects,
            coalesce((SELECT json_agg(r ORDER BY r.id DESC) FROM (
              SELECT ${RUN_FIELDS_SQL} FROM runs WHERE org_id = $1 ORDER BY id DESC LIMIT 10) r), '[]') AS runs`,
    [orgId, periodStart],
  );
  if (!row) throw new Error('the /me snapshot query returned no row');
  return {
    hostedWorker: heartbeatIsFresh(deps, row.heartbeat),
    used: row.used,
    projects: row.projects.map((p) => ({
      project: dated<ProjectFields>(p, ['createdAt', 'updatedAt']),
      runCount: p.runCount,
    })),
    runs: row.runs.map((r) => dated<RunFields>(r, ['createdAt', 'updatedAt', 'completedAt'])),
  };
}

/** The caller's workspace at a glance: identity, plan and usage, capability flags, recent work. */
export async function getMe(deps: Deps, caller: Caller) {
  const period = currentPeriod();
  const { hostedWorker, used, projects, runs } = await readSnapshot(deps, caller.org.id, period.start);
  return {
    auth: {
      provider: deps.config.auth.provider,
      authenticated: true,
      localDev: deps.config.auth.provider === 'local-dev',
    },
    data: { driver: 'managed' as const, durable: true },
    capabilities: {
      persistedRuns: true,
      hostedWorker,
      queueConfigured: true,
      rawUploadStorage: true,
      billingCheckout: checkoutAvailable(deps.config),
    },
    organization: { id: caller.org.id, name: caller.org.name, plan: caller.org.plan },
    user: { id: caller.user.id, email: caller.user.email },
    entitlements: {
      plan: caller.org.plan,
      runsPerPeriod: runsAllowed(deps, caller.org.plan),
      runsUsedThisPeriod: used,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      maxOpenapiBytes: deps.config.limits.openapiBytes,
      scopes: caller.scopes,
      role: caller.role,
    },
    billing: {
      plan: caller.org.plan,
      ...(caller.org.subscriptionStatus ? { subscriptionStatus: caller.org.subscriptionStatus } : {}),
    },
    projects: projects.map((p) => toProject(p.project, p.runCount)),
    runs: runs.map(toRun),
  };
}
