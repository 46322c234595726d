import { Artifact, SdkGeneration } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { findRun } from '../runs/find-run.ts';

/**
 * An artifact whose bytes can be read (`openContent` streams them, `readContent` reads them
 * whole, both checked against its sha256): 404 when not in the caller's workspace, 410 once purged.
 */
export async function downloadArtifact(caller: Caller, runId: string, artifactId: string): Promise<Artifact> {
  await findRun(caller.org.id, runId);
  const row = await Artifact.findOne({ where: { id: artifactId, runId, orgId: caller.org.id } });
  if (!row) throw new AppError('not_found', `Artifact ${artifactId} was not found on run ${runId}.`);
  if (!row.objectKey || row.expiresAt.getTime() <= Date.now()) {
    throw new AppError(
      'artifact_expired',
      `Artifact ${artifactId} expired at ${row.expiresAt.toISOString()} and was purged; retry the run to regenerate it.`,
    );
  }
  // A downloaded SDK is what the customer received: the base of the project's next merge.
  const language = SDK_LANGUAGE[row.kind];
  if (language) await SdkGeneration.markReceived(runId, language, 'download');
  return row;
}

const SDK_LANGUAGE: Partial<Record<Artifact['kind'], 'typescript' | 'python'>> = {
  typescript_sdk: 'typescript',
  python_sdk: 'python',
};
