import type { ApiKey as ApiKeyRow } from '../../../db/models/index.ts';
import type { ApiKey } from '../../../shared/schemas/api-keys.ts';

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    orgId: row.orgId,
    createdByUserId: row.createdByUserId,
    name: row.name,
    tokenPrefix: row.tokenPrefix,
    scopes: row.scopes,
    ...(row.lastUsedAt ? { lastUsedAt: row.lastUsedAt.toISOString() } : {}),
    ...(row.revokedAt ? { revokedAt: row.revokedAt.toISOString() } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
