import { ApiKey, Member, User } from '../../db/models/index.ts';
import { mintToken } from '../../server/services/auth/tokens.ts';
import { createWorkspace, type CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { newId } from '../../shared/ids.ts';
import { ROLE_SCOPES, type Role, type Scope } from '../../shared/scopes.ts';
import type { TestService } from './service.ts';

let counter = 0;

/** A new workspace with an owner key (every scope), through the same service as the admin CLI. */
export async function newWorkspace(service: TestService, name = 'Acme'): Promise<CreatedWorkspace> {
  counter += 1;
  return await createWorkspace(service.deps.db.sequelize, {
    name,
    email: `owner-${counter}-${Date.now()}@example.com`,
  });
}

export interface TestMember {
  memberId: string;
  userId: string;
  email: string;
  token: string;
  keyId: string;
}

/**
 * An active member of `orgId` with `role` and a key with `scopes` (default: all of the role's).
 * Written directly: members otherwise join through an invite that a person accepts.
 */
export async function addMember(orgId: string, role: Role, scopes?: readonly Scope[]): Promise<TestMember> {
  counter += 1;
  const email = `${role}-${counter}-${Date.now()}@example.com`;
  const user = await User.create({ id: newId('usr'), email });
  const member = await Member.create({ id: newId('mem'), orgId, userId: user.id, email, role, status: 'active' });
  const minted = mintToken();
  const key = await ApiKey.create({
    id: newId('key'),
    orgId,
    createdByUserId: user.id,
    name: `${role} key`,
    tokenPrefix: minted.tokenPrefix,
    tokenHash: minted.tokenHash,
    scopes: [...(scopes ?? ROLE_SCOPES[role])],
  });
  return { memberId: member.id, userId: user.id, email, token: minted.token, keyId: key.id };
}

/** A key for an existing user of `orgId` holding exactly `scopes`. */
export async function keyWithScopes(orgId: string, userId: string, scopes: readonly string[]): Promise<string> {
  const minted = mintToken();
  await ApiKey.create({
    id: newId('key'),
    orgId,
    createdByUserId: userId,
    name: 'scoped',
    tokenPrefix: minted.tokenPrefix,
    tokenHash: minted.tokenHash,
    scopes: [...scopes],
  });
  return minted.token;
}
