import { createHash } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import { AppError } from '../../shared/errors.ts';
import type { ObjectStore } from './object-store.ts';

/** What the row that names an object says about it. */
export interface ObjectRef {
  key: string;
  sha256: string;
  sizeBytes: number;
  /** For messages and logs, e.g. "artifact art_…". */
  label: string;
}

/**
 * The object's bytes as a stream checked against the row's sha256 and size. A missing object
 * throws `stored_object_missing` before any byte. A mismatch is found at the end (or as soon as
 * there are too many bytes) and the stream errors with `stored_object_corrupt` *instead of*
 * delivering its last chunk: the last chunk is held back until the digest is known, so a consumer
 * (an HTTP response with a Content-Length) never receives the complete corrupt object.
 */
export async function openVerified(store: ObjectStore, ref: ObjectRef): Promise<Readable> {
  const source = await store.open(ref.key);
  const hash = createHash('sha256');
  let seen = 0;
  let pending: Buffer | undefined;
  const corrupt = (found: string) =>
    new AppError(
      'stored_object_corrupt',
      `The stored bytes of ${ref.label} failed their integrity check (${found}); they were not served. Retry the run to regenerate them.`,
    );
  const check = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > ref.sizeBytes) {
        callback(corrupt(`more than the recorded ${ref.sizeBytes} bytes`));
        return;
      }
      hash.update(chunk);
      const previous = pending;
      pending = chunk;
      callback(null, previous);
    },
    flush(callback) {
      if (seen !== ref.sizeBytes) {
        callback(corrupt(`${seen} bytes, the row records ${ref.sizeBytes}`));
        return;
      }
      const digest = hash.digest('hex');
      if (digest !== ref.sha256) {
        callback(corrupt(`sha256 ${digest}, the row records ${ref.sha256}`));
        return;
      }
      callback(null, pending);
    },
  });
  // Errors of either side end both: a consumer that goes away stops the read from the store.
  return pipeline(source, check, () => {});
}

/** The whole verified object in memory, for readers that need it whole (unpacking a .tar.gz, parsing inputs). */
export async function readVerified(store: ObjectStore, ref: ObjectRef): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openVerified(store, ref)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
