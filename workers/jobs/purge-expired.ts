import { QueryTypes } from 'sequelize';
import type { WorkerDeps } from '../worker-deps.ts';
import { collectOrphanObjects } from './collect-orphan-objects.ts';
import { pruneGenerations } from './prune-generations.ts';

export interface PurgeResult {
  inputsPurged: number;
  artifactsPurged: number;
  runsExpired: number;
  /** Objects no row named any more, deleted (see collect-orphan-objects.ts). */
  orphansCollected: number;
  /** Pristine SDK generations no three-way merge can need any more, their content dropped (prune-generations.ts). */
  generationsPruned: number;
}

/**
 * Deletes raw inputs past retention (their runs can no longer be retried), drops the bytes of
 * artifacts past their lifetime, marks finished runs whose artifacts are all gone `expired`, and
 * drops the content of pristine SDK generations no three-way merge can need (prune-generations.ts).
 * The same on both object stores: the rows are changed and committed first, then their objects
 * are deleted; an object whose delete did not happen (a crash, a store error) no longer has a row
 * and is collected as an orphan, here or on a later pass.
 */
export async function purgeExpired(deps: WorkerDeps, now = new Date()): Promise<PurgeResult> {
  const { sequelize, store } = deps.db;
  const { result, keys } = await sequelize.transaction(async (transaction) => {
    const inputs = await sequelize.query<{ id: string; key: string }>(
      'DELETE FROM run_inputs WHERE expires_at <= $1 RETURNING id, object_key AS key',
      { bind: [now], type: QueryTypes.SELECT, transaction },
    );
    const artifacts = await sequelize.query<{ id: string; key: string }>(
      // The docs a domain serves (a published docs action) are kept while they are published.
      `WITH doomed AS (
         SELECT a.id, a.object_key FROM artifacts a
          WHERE a.expires_at <= $1 AND a.object_key IS NOT NULL
            AND NOT (a.kind = 'docs' AND EXISTS (SELECT 1 FROM publishing_actions p
              WHERE p.registry = 'docs' AND p.state = 'published' AND (p.run_id = a.run_id
                OR p.restores IN (SELECT q.id FROM publishing_actions q WHERE q.run_id = a.run_id))))
          FOR UPDATE OF a)
       UPDATE artifacts SET object_key = NULL FROM doomed WHERE artifacts.id = doomed.id
       RETURNING artifacts.id, doomed.object_key AS key`,
      { bind: [now], type: QueryTypes.SELECT, transaction },
    );
    const runs = await sequelize.query<{ id: string }>(
      `UPDATE runs SET status = 'expired', updated_at = now()
        WHERE status IN ('ready', 'complete')
          AND EXISTS (SELECT 1 FROM artifacts a WHERE a.run_id = runs.id)
          AND NOT EXISTS (SELECT 1 FROM artifacts a WHERE a.run_id = runs.id AND a.object_key IS NOT NULL)
        RETURNING id`,
      { type: QueryTypes.SELECT, transaction },
    );
    const generations = await pruneGenerations(sequelize, deps.config.retention.generationsKept, transaction);
    return {
      result: {
        inputsPurged: inputs.length,
        artifactsPurged: artifacts.length,
        runsExpired: runs.length,
        generationsPruned: generations.length,
      },
      keys: [...inputs, ...artifacts].map((r) => r.key),
    };
  });
  try {
    await store.delete(keys);
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not delete purged objects now; they are collected as orphans later');
  }
  let orphansCollected = 0;
  try {
    orphansCollected = await collectOrphanObjects(
      store,
      sequelize,
      new Date(now.getTime() - deps.config.orphanGraceMs),
    );
  } catch (error) {
    deps.logger.error({ err: error }, 'orphan object collection failed; the next purge tries again');
  }
  const purged = { ...result, orphansCollected };
  if (
    purged.inputsPurged +
      purged.artifactsPurged +
      purged.runsExpired +
      purged.orphansCollected +
      purged.generationsPruned >
    0
  )
    deps.logger.info(purged, 'purged expired inputs and artifacts');
  return purged;
}
