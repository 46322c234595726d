import type { Sequelize } from 'sequelize';
import { ApiKey, Member, Organization, User } from '../../../db/models/index.ts';
import { newId } from '../../../shared/ids.ts';
import { SCOPES } from '../../../shared/scopes.ts';
import { mintToken } from '../auth/tokens.ts';

export interface CreatedWorkspace {
  organization: { id: string; name: string; plan: string };
  user: { id: string; email: string };
  apiKey: { id: string; name: string; tokenPrefix: string; scopes: string[] };
  token: string;
}

/**
 * A new workspace with its owner (an existing user is reused by email) and an owner API key
 * holding every scope. One transaction: all of it or nothing.
 */
export async function createWorkspace(
  sequelize: Sequelize,
  input: { name: string; email: string; keyName?: string },
): Promise<CreatedWorkspace> {
  const email = input.email.trim().toLowerCase();
  return await sequelize.transaction(async (transaction) => {
    const org = await Organization.create({ id: newId('org'), name: input.name.trim() }, { transaction });
    const [user] = await User.findOrCreate({ where: { email }, defaults: { id: newId('usr'), email }, transaction });
    await Member.create(
      { id: newId('mem'), orgId: org.id, userId: user.id, email, role: 'owner', status: 'active' },
      { transaction },
    );
    const minted = mintToken();
    const key = await ApiKey.create(
      {
        id: newId('key'),
        orgId: org.id,
        createdByUserId: user.id,
        name: input.keyName ?? 'Owner key',
        tokenPrefix: minted.tokenPrefix,
        tokenHash: minted.tokenHash,
        scopes: [...SCOPES],
      },
      { transaction },
    );
    return {
      organization: { id: org.id, name: org.name, plan: org.plan },
      user: { id: user.id, email: user.email },
      apiKey: { id: key.id, name: key.name, tokenPrefix: key.tokenPrefix, scopes: key.scopes },
      token: minted.token,
    };
  });
}
