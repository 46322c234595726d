import { z } from 'zod';
import { PLANS } from '../enums.ts';
import { Timestamp } from './common.ts';
import { Project } from './projects.ts';
import { Run } from './runs.ts';

export const HealthStatus = z
  .object({
    ok: z.boolean(),
    service: z.string(),
    mode: z.enum(['managed-db-control-plane', 'local-json-control-plane', 'not-configured-control-plane']),
    accounts: z.boolean().optional(),
    projects: z.boolean().optional(),
    persistedRuns: z.boolean().optional(),
    hostedReports: z.boolean().optional(),
    storage: z.boolean().optional(),
    queue: z.boolean().optional(),
    pipeline: z
      .object({
        database: z.enum(['embedded', 'external']),
        databaseReachable: z.boolean(),
        workerAlive: z.boolean(),
        lastWorkerHeartbeatAt: Timestamp.optional(),
        steps: z.array(z.object({ name: z.string(), built: z.boolean() })),
        authProvider: z.enum(['idp', 'local-dev']),
        billingConfigured: z.boolean(),
      })
      .optional(),
    generatedAt: Timestamp,
  })
  .meta({ id: 'HealthStatus' });

export const AuthConfig = z
  .object({
    provider: z.enum(['idp', 'local-dev']),
    signInUrl: z.string(),
    signUpUrl: z.string(),
  })
  .meta({ id: 'AuthConfig' });

export const Entitlements = z.object({
  plan: z.enum(PLANS),
  runsPerPeriod: z.number().int(),
  runsUsedThisPeriod: z.number().int(),
  periodStart: Timestamp,
  periodEnd: Timestamp,
  maxOpenapiBytes: z.number().int(),
  scopes: z.array(z.string()),
  role: z.string(),
});

export const WorkspaceSnapshot = z
  .object({
    auth: z.object({ provider: z.string(), authenticated: z.boolean(), localDev: z.boolean().optional() }),
    data: z.object({ driver: z.enum(['managed', 'local']), durable: z.boolean() }),
    capabilities: z.object({
      persistedRuns: z.boolean(),
      hostedWorker: z.boolean(),
      queueConfigured: z.boolean(),
      rawUploadStorage: z.boolean(),
      billingCheckout: z.boolean(),
    }),
    organization: z.object({ id: z.string(), name: z.string(), plan: z.string().optional() }).optional(),
    user: z.object({ id: z.string(), email: z.string().optional() }).optional(),
    entitlements: Entitlements.optional(),
    billing: z.object({ plan: z.enum(PLANS), subscriptionStatus: z.string().optional() }).optional(),
    projects: z.array(Project).optional(),
    runs: z.array(Run).optional(),
  })
  .meta({ id: 'WorkspaceSnapshot' });
