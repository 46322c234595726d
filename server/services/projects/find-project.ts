import type { Transaction } from 'sequelize';
import { Project } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';

/** A project of the caller's workspace, or 404. */
export async function findProject(
  orgId: string,
  projectId: string,
  options: { transaction?: Transaction; lock?: boolean } = {},
): Promise<Project> {
  const project = await Project.findOne({
    where: { id: projectId, orgId },
    transaction: options.transaction,
    lock: options.lock,
  });
  if (!project) throw new AppError('not_found', `Project ${projectId} was not found in this workspace.`);
  return project;
}
