import { DocsDomain } from '../../../db/models/index.ts';
import type { Caller } from '../auth/caller.ts';
import { findProject } from '../projects/find-project.ts';
import { toDomain } from './serialize.ts';

export async function listDomains(caller: Caller, projectId: string) {
  await findProject(caller.org.id, projectId);
  const rows = await DocsDomain.findAll({ where: { orgId: caller.org.id, projectId }, order: [['id', 'ASC']] });
  return { domains: rows.map(toDomain) };
}
