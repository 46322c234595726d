import type { ApiKey, Member, Organization, User } from '../../../db/models/index.ts';
import type { Role, Scope } from '../../../shared/scopes.ts';

/** An authenticated request's identity: its workspace, its person and their power. */
export interface Caller {
  org: Organization;
  user: User;
  member: Member;
  /**
   * How the caller authenticated: a workspace API key, an identity-provider session token, or
   * (on /trpc only) the web app's session cookie.
   */
  via: 'api_key' | 'idp_session' | 'browser_session';
  /** The key used (its creator is `user`); null for a session token, which has no key row. */
  apiKey: ApiKey | null;
  role: Role;
  /** A key's scopes ∩ its creator's current role; for a session, everything the role allows. */
  scopes: Scope[];
}
