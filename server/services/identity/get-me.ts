import { Project, Run } from '../../../db/models/index.ts';
import { checkoutAvailable } from '../../integrations/stripe.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { runCounts } from '../projects/list-projects.ts';
import { toProject } from '../projects/serialize.ts';
import { currentPeriod, isWorkerAlive, runsAllowed, runsThisPeriod } from '../runs/capabilities.ts';
import { toRun } from '../runs/serialize.ts';

/** The caller's workspace at a glance: identity, plan and usage, capability flags, recent work. */
export async function getMe(deps: Deps, caller: Caller) {
  const [hostedWorker, used, projects, runs] = await Promise.all([
    isWorkerAlive(deps),
    runsThisPeriod(caller.org.id),
    Project.findAll({ where: { orgId: caller.org.id }, order: [['id', 'DESC']], limit: 20 }),
    Run.findAll({ where: { orgId: caller.org.id }, order: [['id', 'DESC']], limit: 10 }),
  ]);
  const counts = await runCounts(
    deps,
    projects.map((p) => p.id),
  );
  const period = currentPeriod();
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
    projects: projects.map((p) => toProject(p, counts.get(p.id) ?? 0)),
    runs: runs.map(toRun),
  };
}
