import { z } from 'zod';
import { SCOPES } from '../scopes.ts';
import { Id, Timestamp } from './common.ts';

export const ApiKey = z
  .object({
    id: z.string(),
    orgId: z.string().optional(),
    createdByUserId: z.string().optional(),
    name: z.string(),
    tokenPrefix: z.string().meta({ description: 'Non-secret prefix for display and support' }),
    scopes: z.array(z.string()),
    lastUsedAt: Timestamp.optional(),
    revokedAt: Timestamp.optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp.optional(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeyInput = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(200).optional(),
  scopes: z.array(z.enum(SCOPES)).max(SCOPES.length).optional(),
});
export const CreateApiKeyOutput = z.object({
  apiKey: ApiKey,
  token: z.string().meta({ description: 'The secret token, shown once; only its SHA-256 is stored' }),
});
export const ApiKeyIdInput = z.strictObject({ keyId: Id('keyId') });
export const ApiKeyEnvelope = z.object({ apiKey: ApiKey });
export const ApiKeyList = z.object({ apiKeys: z.array(ApiKey) });
