import { Artifact, DocsShare } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { unpackArtifact } from '../../../workers/for-api.ts';

type FileMap = Map<string, Buffer>;

/** Extracted docs sites by artifact id, least recently used first; bounded in bytes. */
const cache = new Map<string, { files: FileMap; bytes: number }>();
const CACHE_LIMIT_BYTES = 128 * 1024 * 1024;
let cachedBytes = 0;

/**
 * The files of a share's docs site (404 unknown share, 410 expired). Only paths that are in
 * the archive are ever served: no file system, no traversal.
 */
export async function previewFiles(shareId: string): Promise<FileMap> {
  const share = /^share_[0-9a-z]{26}$/.test(shareId) ? await DocsShare.findByPk(shareId) : null;
  if (!share) throw new AppError('not_found', 'No such docs preview.');
  if (share.expiresAt.getTime() <= Date.now()) throw new AppError('artifact_expired', 'This docs preview has expired.');
  const hit = cache.get(share.artifactId);
  if (hit) {
    cache.delete(share.artifactId);
    cache.set(share.artifactId, hit);
    return hit.files;
  }
  const artifact = await Artifact.findByPk(share.artifactId);
  if (!artifact?.objectKey) throw new AppError('artifact_expired', 'This docs preview has expired.');
  const files = await unpackArtifact(await artifact.readContent());
  const bytes = [...files.values()].reduce((n, b) => n + b.length, 0);
  cache.set(share.artifactId, { files, bytes });
  cachedBytes += bytes;
  for (const [key, entry] of cache) {
    if (cachedBytes <= CACHE_LIMIT_BYTES || cache.size <= 1) break;
    cache.delete(key);
    cachedBytes -= entry.bytes;
  }
  return files;
}
