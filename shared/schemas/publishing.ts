import { z } from 'zod';
import { PUBLICATION_STATES, PUBLISH_ACTIONS, PUBLISH_STATUSES, REGISTRIES } from '../enums.ts';
import { Id, Timestamp } from './common.ts';
import { Project } from './projects.ts';
import { Run } from './runs.ts';

export const ChecklistItem = z
  .object({
    id: z.string(),
    label: z.string(),
    status: z.enum(['pass', 'fail', 'warn']),
    detail: z.string().optional(),
  })
  .meta({ id: 'ChecklistItem' });

export const PublishingProviderResult = z
  .object({
    provider: z.enum(['github', 'npm', 'pypi', 'docs']).optional(),
    mode: z.enum(['dry_run', 'publish', 'rollback']).optional(),
    status: z.enum(PUBLISH_STATUSES).optional(),
    checkedAt: Timestamp.optional(),
    repository: z.string().optional(),
    packageName: z.string().optional(),
    summary: z.string().optional(),
    checks: z.array(ChecklistItem).optional(),
    target: z.record(z.string(), z.unknown()).optional(),
    state: z.enum(PUBLICATION_STATES).optional().meta({
      description:
        'Publish and rollback actions that passed their checks: queued, publishing, awaiting_merge (waits for the release pull request to be merged), published, failed, rolled_back (a publication a later rollback undid), or canceled (the release pull request was closed without merging, or a later release superseded it)',
    }),
    publishedAt: Timestamp.optional(),
    attempts: z.number().int().optional().meta({ description: 'How many times a worker took up the job' }),
    registryResponse: z
      .object({ status: z.number().int().optional(), code: z.string().optional(), message: z.string().optional() })
      .optional()
      .meta({ description: "The registry's answer: HTTP status, its error code, a short message (never a secret)" }),
    error: z
      .object({
        code: z.string().meta({
          description:
            'registry_unauthorized, registry_forbidden, version_exists, registry_unreachable, registry_timeout, registry_error, artifact_unavailable, tool_missing, nothing_to_roll_back',
        }),
        message: z.string(),
        status: z.number().int().optional(),
      })
      .optional(),
  })
  .meta({ id: 'PublishingProviderResult' });

export const PublishingAction = z
  .object({
    id: z.string(),
    orgId: z.string().optional(),
    projectId: z.string().optional(),
    runId: z.string(),
    registry: z.enum(REGISTRIES),
    action: z.enum(PUBLISH_ACTIONS),
    status: z.enum(PUBLISH_STATUSES),
    packageName: z.string().optional(),
    version: z.string().optional(),
    checklist: z.array(ChecklistItem),
    providerResult: PublishingProviderResult.optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp.optional(),
  })
  .meta({ id: 'PublishingAction' });

export const PublishingActionInput = z.strictObject({
  runId: Id('runId'),
  registry: z.enum(REGISTRIES).optional(),
  packageName: z.string().max(214).optional(),
  version: z.string().max(64).optional(),
  notes: z.string().max(2000).optional(),
});

export const RollbackInput = z.strictObject({
  runId: Id('runId'),
  registry: z.enum(REGISTRIES).optional(),
  packageName: z.string().max(214).optional(),
  version: z.string().max(64).optional().meta({
    description: 'github and pypi: the new version that carries the restored tree (a rollback there is a new release)',
  }),
  notes: z.string().max(2000).optional(),
});

export const PublishingEnvelope = z.object({ run: Run, publishAction: PublishingAction });
export const PublishingActionList = z.object({ run: Run, publishActions: z.array(PublishingAction) });

export const DocsPreviewShare = z
  .object({
    id: z.string(),
    url: z.string(),
    mode: z.enum(['preview', 'published']).optional(),
    indexability: z.enum(['noindex_until_policy_approved']).optional(),
    noindex: z.boolean(),
    expiresAt: Timestamp.optional(),
    createdAt: Timestamp,
  })
  .meta({ id: 'DocsPreviewShare' });

export const DocsPreviewEnvelope = z.object({
  run: Run,
  publishAction: PublishingAction,
  publication: DocsPreviewShare,
});

export const DomainConfig = z
  .object({
    id: z.string(),
    projectId: z.string().optional(),
    domain: z.string(),
    status: z.enum(['pending', 'verified', 'failed']),
    verificationToken: z.string(),
    cnameTarget: z.string(),
    lastVerifiedAt: Timestamp.optional(),
    failureReason: z
      .string()
      .optional()
      .meta({ description: 'Why the last verification failed (absent once verified)' }),
    createdAt: Timestamp.optional(),
    updatedAt: Timestamp.optional(),
  })
  .meta({ id: 'DomainConfig' });

/** A hostname: labels of letters, digits and hyphens, at least one dot, no scheme or path. */
export const DomainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?!-)([a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/, 'must be a hostname such as docs.example.com');

export const AddDomainInput = z.strictObject({ projectId: Id('projectId'), domain: DomainName });
export const DomainIdInput = z.strictObject({ projectId: Id('projectId'), domainId: Id('domainId') });
export const DomainEnvelope = z.object({ project: Project, domain: DomainConfig });
export const DomainList = z.object({ domains: z.array(DomainConfig) });

const DnsCheck = z.object({
  name: z.string().meta({ description: 'The DNS name looked up' }),
  expected: z.string(),
  found: z.array(z.string()),
  ok: z.boolean(),
  error: z
    .string()
    .optional()
    .meta({ description: 'The resolver error when the lookup itself failed (e.g. ETIMEOUT, ESERVFAIL)' }),
});
export const DomainVerification = z.object({
  project: Project,
  domain: DomainConfig,
  checks: z.object({ txt: DnsCheck, cname: DnsCheck }),
});
