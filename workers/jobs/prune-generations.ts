import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * Retention of pristine SDK generations (docs/custom-code-and-release-prs.md). Per project and
 * language a three-way merge can still need the latest generation the customer received (the next
 * run's base), the ones newer than it (any may be received next), and, beside those, the `kept`
 * most recent; a generation a queued, running or waiting release pull request will commit is kept
 * too. The content of every other one is dropped (set to NULL): the row stays with the run's
 * custom-code report. Without any received generation, only the `kept` most recent stay. Returns
 * the (run, language) pairs pruned.
 */
export async function pruneGenerations(
  sequelize: Sequelize,
  kept: number,
  transaction?: Transaction,
): Promise<Array<{ runId: string; language: string }>> {
  return await sequelize.query<{ runId: string; language: string }>(
    `WITH latest AS (
       SELECT DISTINCT ON (project_id, language) project_id, language, run_id
         FROM sdk_generations
        WHERE received_at IS NOT NULL AND content IS NOT NULL
        ORDER BY project_id, language, received_at DESC, run_id DESC),
     ranked AS (
       SELECT run_id, language, project_id,
              row_number() OVER (PARTITION BY project_id, language ORDER BY created_at DESC, run_id DESC) AS rank
         FROM sdk_generations
        WHERE content IS NOT NULL)
     UPDATE sdk_generations g SET content = NULL
       FROM ranked r LEFT JOIN latest l ON l.project_id = r.project_id AND l.language = r.language
      WHERE g.run_id = r.run_id AND g.language = r.language
        AND r.rank > $1
        AND (l.run_id IS NULL OR r.run_id < l.run_id)
        AND NOT EXISTS (SELECT 1 FROM publishing_actions p
              WHERE p.run_id = g.run_id AND p.registry = 'github' AND p.action = 'publish'
                AND p.state IN ('queued', 'publishing', 'awaiting_merge'))
      RETURNING g.run_id AS "runId", g.language`,
    { bind: [kept], type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
}
