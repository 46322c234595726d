import { QueryTypes } from 'sequelize';
import type { WorkerDeps } from '../worker-deps.ts';

export interface PurgeResult {
  inputsPurged: number;
  artifactsPurged: number;
  runsExpired: number;
}

/**
 * Deletes raw inputs past retention (their runs can no longer be retried), drops the bytes of
 * artifacts past their lifetime, and marks finished runs whose artifacts are all gone `expired`.
 */
export async function purgeExpired(deps: WorkerDeps, now = new Date()): Promise<PurgeResult> {
  return await deps.db.sequelize.transaction(async (transaction) => {
    const inputs = await deps.db.sequelize.query<{ id: string }>(
      'DELETE FROM run_inputs WHERE expires_at <= $1 RETURNING id',
      {
        bind: [now],
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    const artifacts = await deps.db.sequelize.query<{ id: string }>(
      // The docs a domain serves (a published docs action) are kept while they are published.
      `UPDATE artifacts SET content = NULL WHERE expires_at <= $1 AND content IS NOT NULL
         AND NOT (kind = 'docs' AND EXISTS (SELECT 1 FROM publishing_actions p
           WHERE p.registry = 'docs' AND p.state = 'published' AND (p.run_id = artifacts.run_id
             OR p.restores IN (SELECT q.id FROM publishing_actions q WHERE q.run_id = artifacts.run_id))))
         RETURNING id`,
      { bind: [now], type: QueryTypes.SELECT, transaction },
    );
    const runs = await deps.db.sequelize.query<{ id: string }>(
      `UPDATE runs SET status = 'expired', updated_at = now()
        WHERE status IN ('ready', 'complete')
          AND EXISTS (SELECT 1 FROM artifacts a WHERE a.run_id = runs.id)
          AND NOT EXISTS (SELECT 1 FROM artifacts a WHERE a.run_id = runs.id AND a.content IS NOT NULL)
        RETURNING id`,
      { type: QueryTypes.SELECT, transaction },
    );
    const result = { inputsPurged: inputs.length, artifactsPurged: artifacts.length, runsExpired: runs.length };
    if (result.inputsPurged + result.artifactsPurged + result.runsExpired > 0)
      deps.logger.info(result, 'purged expired inputs and artifacts');
    return result;
  });
}
