import type { ApiKey, Member, Organization, User } from '../../../db/models/index.ts';
import type { Role, Scope } from '../../../shared/scopes.ts';

/** An authenticated request's identity: the key, its workspace, its creator and their power. */
export interface Caller {
  org: Organization;
  user: User;
  member: Member;
  apiKey: ApiKey;
  role: Role;
  /** The key's scopes ∩ the creator's current role. */
  scopes: Scope[];
}
