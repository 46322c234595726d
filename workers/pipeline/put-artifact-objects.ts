import { Artifact } from '../../db/models/index.ts';
import { newId } from '../../shared/ids.ts';
import type { PackedDraft } from './run-protocol.ts';

/** A step's artifact whose bytes are in the object store, ready for its row. */
export interface StoredDraft extends PackedDraft {
  id: string;
  objectKey: string;
}

/**
 * Writes a step's artifacts to the object store, before any row names them (docs/deployment.md: Artifact
 * storage): if the process dies before the rows commit, the objects are orphans the purge job
 * collects; a row never names an object that was not written.
 */
export async function putArtifactObjects(drafts: readonly PackedDraft[]): Promise<StoredDraft[]> {
  const stored: StoredDraft[] = [];
  for (const draft of drafts) {
    const id = newId('art');
    stored.push({ ...draft, id, objectKey: await Artifact.storeContent(id, draft.packed.content) });
  }
  return stored;
}
