import { unpackArtifact } from '../../../workers/for-api.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { downloadArtifact } from './download-artifact.ts';

/** The file tree of a `.tar.gz` artifact (an SDK, the CLI, the docs site): paths and sizes, sorted. */
export async function listArtifactFiles(
  caller: Caller,
  runId: string,
  artifactId: string,
): Promise<{ files: { path: string; sizeBytes: number }[] }> {
  const artifact = await downloadArtifact(caller, runId, artifactId);
  if (artifact.mediaType !== 'application/gzip')
    throw new AppError(
      'invalid_request',
      `Artifact ${artifactId} is a single ${artifact.mediaType} document, not a file tree.`,
    );
  const files = await unpackArtifact(await artifact.readContent());
  return {
    files: [...files]
      .map(([path, bytes]) => ({ path, sizeBytes: bytes.length }))
      .sort((a, b) => a.path.localeCompare(b.path)),
  };
}
