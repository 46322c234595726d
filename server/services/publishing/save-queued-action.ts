import { UniqueConstraintError, type CreationAttributes } from 'sequelize';
import { PublishingAction } from '../../../db/models/index.ts';
import type { Deps } from '../deps.ts';

/**
 * Saves a publish or rollback action. One that passed its checks is saved `queued` with its
 * pg-boss job in one transaction; the unique indexes (one live publication per run, registry and
 * version; one live rollback per publication) turn a concurrent duplicate into the existing row.
 */
export async function saveQueuedAction(
  deps: Deps,
  attributes: CreationAttributes<PublishingAction>,
  findLive: () => Promise<PublishingAction | null>,
): Promise<PublishingAction> {
  if (attributes.status !== 'ready') return await PublishingAction.create(attributes);
  try {
    return await deps.db.sequelize.transaction(async (transaction) => {
      const providerResult = {
        ...(attributes.providerResult ?? {}),
        state: 'queued',
        summary: `Queued: a worker will ${attributes.action === 'rollback' ? 'roll back' : 'publish'} ${attributes.packageName ?? ''}${attributes.version ? `@${attributes.version}` : ''} to ${attributes.registry}.`,
      };
      const row = await PublishingAction.create({ ...attributes, state: 'queued', providerResult }, { transaction });
      row.jobId = await deps.queue.enqueuePublish({ actionId: row.id, orgId: row.orgId }, transaction);
      await row.save({ transaction });
      return row;
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    const live = await findLive();
    if (!live) throw error;
    return live;
  }
}
