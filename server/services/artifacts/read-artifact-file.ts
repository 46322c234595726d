import { unpackArtifact } from '../../../workers/for-api.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { downloadArtifact } from './download-artifact.ts';

/** Files larger than this are shown truncated in the browser (the download has them whole). */
const MAX_TEXT_BYTES = 512 * 1024;

/**
 * One file of a `.tar.gz` artifact (or a single-document artifact, path ignored), as text when it
 * is UTF-8; a binary file (a wheel, an image) answers `text: null` with its size.
 */
export async function readArtifactFile(caller: Caller, runId: string, artifactId: string, path: string | undefined) {
  const artifact = await downloadArtifact(caller, runId, artifactId);
  let bytes: Buffer;
  let name: string;
  if (artifact.mediaType === 'application/gzip') {
    if (!path) throw new AppError('invalid_request', 'path: name a file of this artifact (see its file list).');
    const file = (await unpackArtifact(await artifact.readContent())).get(path);
    if (!file) throw new AppError('not_found', `Artifact ${artifactId} has no file ${path}.`);
    bytes = file;
    name = path;
  } else {
    bytes = await artifact.readContent();
    name = artifact.name;
  }
  const head = bytes.subarray(0, MAX_TEXT_BYTES);
  const binary = head.includes(0);
  let text: string | null = null;
  if (!binary) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(head);
    } catch {
      text = bytes.length > MAX_TEXT_BYTES ? new TextDecoder('utf-8').decode(head) : null;
    }
  }
  return { path: name, sizeBytes: bytes.length, text, truncated: text !== null && bytes.length > MAX_TEXT_BYTES };
}
