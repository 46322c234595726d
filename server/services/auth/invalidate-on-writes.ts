import type { ModelStatic } from 'sequelize';
import { ApiKey, BrowserSession, Member, Organization, User } from '../../../db/models/index.ts';
import type { AuthCache } from './auth-cache.ts';

/** Per model, the attributes whose change can take power away (undefined: any). */
const RELEVANT: Array<[ModelStatic<never>, readonly string[] | undefined]> = [
  [ApiKey as unknown as ModelStatic<never>, ['revokedAt', 'scopes', 'tokenHash', 'orgId', 'createdByUserId']],
  [Member as unknown as ModelStatic<never>, ['role', 'status', 'userId', 'orgId']],
  [BrowserSession as unknown as ModelStatic<never>, ['endedAt', 'scopes', 'absoluteExpiresAt', 'tokenHash']],
  [Organization as unknown as ModelStatic<never>, undefined],
  [User as unknown as ModelStatic<never>, undefined],
];

/**
 * A write through this process's models that can take power away empties this process's auth
 * cache as soon as the statement returns, without waiting for the `auth_changes` notification
 * (which still reaches every other process). Touches (`lastUsedAt`, a session's idle deadline)
 * leave it alone.
 */
export function invalidateOnWrites(cache: AuthCache): void {
  const clear = () => cache.apply('any:write');
  for (const [model, fields] of RELEVANT) {
    const relevant = (written: readonly string[] | undefined) =>
      !fields || !written || written.some((field) => fields.includes(field));
    const written = (options: unknown) => {
      const { fields, attributes } = options as { fields?: string[]; attributes?: Record<string, unknown> };
      return fields ?? (attributes ? Object.keys(attributes) : undefined);
    };
    model.addHook('afterUpdate', (_instance, options) => {
      if (relevant(written(options))) clear();
    });
    model.addHook('afterBulkUpdate', (options) => {
      if (relevant(written(options))) clear();
    });
    model.addHook('afterDestroy', clear);
    model.addHook('afterBulkDestroy', clear);
  }
}
