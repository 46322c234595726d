import type { Transaction } from 'sequelize';
import { Run } from '../../../db/models/index.ts';

export async function countProjectRuns(projectId: string, transaction?: Transaction): Promise<number> {
  return await Run.count({ where: { projectId }, transaction });
}
