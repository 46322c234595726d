import { z } from 'zod';
import { PackageNames } from './projects.ts';
import { ARTIFACT_KINDS, PIPELINE_STEPS, RUN_MODES, RUN_STATUSES, RUN_VERDICTS, STEP_STATUSES } from '../enums.ts';
import { Id, OptionalReason, Timestamp } from './common.ts';
import { Project } from './projects.ts';

export const RunStep = z
  .object({
    name: z.enum(PIPELINE_STEPS),
    status: z.enum(STEP_STATUSES),
    startedAt: Timestamp.optional(),
    completedAt: Timestamp.optional(),
    durationMs: z.number().int().optional(),
    summary: z.string().optional(),
    counts: z.record(z.string(), z.number()).optional(),
  })
  .meta({ id: 'RunStep' });
export type RunStep = z.infer<typeof RunStep>;

export const ArtifactSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(ARTIFACT_KINDS),
    mediaType: z.string(),
    sizeBytes: z.number().int(),
    sha256: z.string(),
    fileCount: z.number().int(),
    expiresAt: Timestamp.optional(),
    createdAt: Timestamp,
  })
  .meta({ id: 'Artifact' });
export type ArtifactSummary = z.infer<typeof ArtifactSummary>;

export const ArtifactManifest = z
  .object({
    version: z.number().int().optional(),
    runId: z.string().optional(),
    organizationId: z.string().optional(),
    projectId: z.string().optional(),
    quality: z.record(z.string(), z.unknown()).optional(),
    artifacts: z.array(ArtifactSummary).optional(),
    expiresAt: Timestamp.optional(),
    updatedAt: Timestamp.optional(),
  })
  .meta({ id: 'ArtifactManifest' });

export const InputSummary = z
  .object({
    openapiFileName: z.string().optional(),
    configFileName: z.string().optional(),
    oldSdkFileName: z.string().optional(),
    docsSourceFileName: z.string().optional(),
    openapiBytes: z.number().int(),
    configBytes: z.number().int(),
    oldSdkBytes: z.number().int(),
    docsSourceBytes: z.number().int(),
    openapiSha256: z.string(),
    retained: z.boolean(),
    retryOfRunId: z.string().optional(),
    retryReason: z.string().optional(),
    /** The package names the run generated with (its config, the project's settings, or the project's names in use). */
    packages: PackageNames.optional(),
    /** True when the run had no config of its own and used the project's default config. */
    projectDefaultConfig: z.boolean().optional(),
  })
  .meta({ id: 'InputSummary' });

export const Run = z
  .object({
    id: z.string(),
    orgId: z.string().optional(),
    projectId: z.string(),
    createdByUserId: z.string().optional(),
    status: z.enum(RUN_STATUSES),
    mode: z.enum(RUN_MODES).optional(),
    verdict: z.enum(RUN_VERDICTS).optional(),
    createdAt: Timestamp,
    completedAt: Timestamp.optional(),
    steps: z.array(RunStep).optional(),
    inputSummary: InputSummary.optional(),
    notes: z.string().optional(),
    currentStep: z.string().optional(),
    artifactManifest: ArtifactManifest.optional(),
    updatedAt: Timestamp.optional(),
  })
  .meta({ id: 'Run' });
export type Run = z.infer<typeof Run>;

export const Capabilities = z
  .object({
    persistedRuns: z.boolean(),
    hostedWorker: z.boolean(),
    rawUploadStorage: z.boolean(),
    queueConfigured: z.boolean(),
    queued: z.boolean(),
    storageProvider: z.string().optional(),
    queueProvider: z.string().optional(),
    usage: z.object({ runsThisPeriod: z.number().int(), periodStart: Timestamp, periodEnd: Timestamp }).optional(),
    limits: z
      .object({
        runsPerPeriod: z.number().int(),
        startsPerWindow: z.number().int(),
        windowSeconds: z.number().int(),
        maxOpenapiBytes: z.number().int(),
      })
      .optional(),
  })
  .meta({ id: 'Capabilities' });
export type Capabilities = z.infer<typeof Capabilities>;

export const RunIdInput = z.strictObject({ runId: Id('runId') });
export const RunActionInput = z.strictObject({ runId: Id('runId'), reason: OptionalReason });

export const RunEnvelope = z.object({ run: Run });
export const RetryRunOutput = z.object({
  project: Project,
  sourceRun: Run,
  run: Run,
  capabilities: Capabilities.optional(),
});

export const ListRunsInput = z.strictObject({
  projectId: Id('projectId'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});
export const RunList = z.object({ runs: z.array(Run), nextCursor: z.string().optional() });

export const ArtifactList = z.object({ artifacts: z.array(ArtifactSummary) });
