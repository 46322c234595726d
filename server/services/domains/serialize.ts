import type { DocsDomain } from '../../../db/models/index.ts';
import type { z } from 'zod';
import type { DomainConfig } from '../../../shared/schemas/publishing.ts';

export function toDomain(row: DocsDomain): z.infer<typeof DomainConfig> {
  return {
    id: row.id,
    projectId: row.projectId,
    domain: row.domain,
    status: row.status,
    verificationToken: row.verificationToken,
    cnameTarget: row.cnameTarget,
    ...(row.lastVerifiedAt ? { lastVerifiedAt: row.lastVerifiedAt.toISOString() } : {}),
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
