import { Member } from '../../../db/models/index.ts';
import type { Caller } from '../auth/caller.ts';
import { toMember } from './serialize.ts';

export async function listMembers(caller: Caller) {
  const rows = await Member.findAll({ where: { orgId: caller.org.id }, order: [['id', 'ASC']] });
  return { members: rows.map(toMember) };
}
