import { QueryTypes, type Sequelize } from 'sequelize';
import { OWN_KEY, type ObjectStore } from '../../db/storage/object-store.ts';

/**
 * Deletes the objects no row names (docs/deployment.md: Artifact storage): what a crash between writing an
 * object and committing its row left, and what a delete after a committed purge missed. Only keys
 * this service writes are considered, and only objects written at or before `before` (now minus
 * the grace period: a younger object may be waiting for its row to commit). Returns how many.
 */
export async function collectOrphanObjects(store: ObjectStore, sequelize: Sequelize, before: Date): Promise<number> {
  let collected = 0;
  for await (const page of store.listWrittenBefore(before)) {
    const keys = page.filter((key) => OWN_KEY.test(key));
    if (keys.length === 0) continue;
    const named = await sequelize.query<{ key: string }>(
      `SELECT object_key AS key FROM artifacts WHERE object_key = ANY($1)
       UNION ALL SELECT object_key FROM run_inputs WHERE object_key = ANY($1)`,
      { bind: [keys], type: QueryTypes.SELECT },
    );
    const kept = new Set(named.map((r) => r.key));
    const orphans = keys.filter((key) => !kept.has(key));
    await store.delete(orphans);
    collected += orphans.length;
  }
  return collected;
}
