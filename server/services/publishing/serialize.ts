import type { z } from 'zod';
import type { PublishingAction as PublishingActionRow } from '../../../db/models/index.ts';
import type { PublishingAction } from '../../../shared/schemas/publishing.ts';

export function toPublishingAction(row: PublishingActionRow): z.infer<typeof PublishingAction> {
  return {
    id: row.id,
    orgId: row.orgId,
    projectId: row.projectId,
    runId: row.runId,
    registry: row.registry,
    action: row.action,
    status: row.status,
    ...(row.packageName ? { packageName: row.packageName } : {}),
    ...(row.version ? { version: row.version } : {}),
    checklist: row.checklist,
    ...(row.providerResult
      ? {
          providerResult: {
            ...row.providerResult,
            ...(row.state ? { state: row.state, attempts: row.attempts } : {}),
            ...(row.publishedAt ? { publishedAt: row.publishedAt.toISOString() } : {}),
          },
        }
      : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
