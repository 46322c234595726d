import type { Readable } from 'node:stream';
import { AppError } from '../../shared/errors.ts';

/**
 * Where artifact bytes and retained run inputs live: PostgreSQL (`stored_objects`, the default) or
 * an S3-compatible bucket. A key is written once and never overwritten; the database row that
 * names it (with its sha256 and size) is committed only after `put` returned, so a crash leaves at
 * worst an object without a row, which the purge job collects (collect-orphan-objects.ts).
 */
export interface ObjectStore {
  readonly kind: 'postgres' | 's3';
  /** Writes `body` under `key`; resolves once the object is durable in the store. */
  put(key: string, body: Buffer): Promise<void>;
  /**
   * The raw bytes as a stream (never the whole object in memory). Throws `stored_object_missing`
   * before any byte when there is no such object. Callers read through `openVerified`.
   */
  open(key: string): Promise<Readable>;
  /** Deletes the objects; a key that is already gone is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Keys of objects written at or before `before`, in pages (the orphan collector's input). */
  listWrittenBefore(before: Date): AsyncIterable<string[]>;
  /** Releases connections (the S3 client); the PostgreSQL store shares the database pool. */
  close(): Promise<void>;
}

/** The keys this service writes: `artifacts/<art_…>` and `inputs/<inp_…>`; anything else in a bucket is not ours. */
export const OWN_KEY = /^(artifacts\/art|inputs\/inp)_[0-9a-z]{26}$/;

export const artifactKey = (artifactId: string): string => `artifacts/${artifactId}`;
export const inputKey = (inputId: string): string => `inputs/${inputId}`;

/** A row names an object the store does not have: reported, never served as empty. */
export function missingObject(key: string): AppError {
  return new AppError(
    'stored_object_missing',
    `The stored bytes (${key}) are missing from the object store, so they cannot be served; restore the object or retry the run.`,
  );
}
