/** Public scopes enforced by the service (contract: Authentication). */
export const SCOPES = [
  'workspace:read',
  'projects:write',
  'runs:write',
  'artifacts:read',
  'artifacts:write',
  'api_keys:read',
  'api_keys:write',
  'billing:write',
  'notifications:read',
  'notifications:write',
  'domains:read',
  'domains:write',
  'members:read',
  'members:write',
  'publishing:dry_run',
  'publishing:write',
] as const;
export type Scope = (typeof SCOPES)[number];

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Rank for "no one raises their own role" and "admins cannot touch owners". */
export const ROLE_RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2, owner: 3 };

/** What each role may do (DESIGN.md, Tenancy). A key's power is its scopes ∩ its creator's role. */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  owner: SCOPES,
  admin: SCOPES,
  editor: [
    'workspace:read',
    'projects:write',
    'runs:write',
    'artifacts:read',
    'artifacts:write',
    'publishing:dry_run',
    'domains:read',
    'domains:write',
    'members:read',
    'notifications:read',
    'notifications:write',
    'api_keys:read',
    'api_keys:write',
  ],
  viewer: ['workspace:read', 'artifacts:read', 'members:read', 'domains:read', 'notifications:read'],
};

/** Scopes a key gets when `scopes` is omitted at creation (contract). */
export const DEFAULT_KEY_SCOPES: readonly Scope[] = [
  'workspace:read',
  'projects:write',
  'runs:write',
  'artifacts:read',
];

export function effectiveScopes(keyScopes: readonly string[], role: Role): Scope[] {
  const allowed = new Set<string>(ROLE_SCOPES[role]);
  return SCOPES.filter((scope) => allowed.has(scope) && keyScopes.includes(scope));
}
