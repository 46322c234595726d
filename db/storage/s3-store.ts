import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../../shared/config.ts';
import { missingObject, type ObjectStore } from './object-store.ts';

const DELETE_CONCURRENCY = 8;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Google Cloud Storage's XML
 * API, …) through the official client. Only calls every one of them implements are used:
 * PutObject (multipart above 8 MiB, through lib-storage), GetObject, DeleteObject (one key per
 * call; GCS has no multi-object delete), ListObjectsV2 and HeadBucket. Checksums are sent only where
 * an operation requires them (the SDK's newer default CRC headers are refused by some servers).
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(config: S3StorageConfig) {
    this.#client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.#bucket = config.bucket;
    this.#prefix = config.prefix;
  }

  /** Fails fast, naming the bucket and the way out, when the bucket cannot be reached with these settings. */
  async check(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode;
      const reason = status ? `HTTP ${status} (${(error as Error).name})` : (error as Error).message;
      throw new Error(
        `The artifact store bucket "${this.#bucket}" cannot be reached: ${reason}. Create the bucket, or check S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and the credentials.`,
        { cause: error },
      );
    }
  }

  async put(key: string, body: Buffer): Promise<void> {
    await new Upload({
      client: this.#client,
      params: { Bucket: this.#bucket, Key: this.#prefix + key, Body: body, ContentLength: body.length },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    }).done();
  }

  async open(key: string): Promise<Readable> {
    try {
      const answer = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: this.#prefix + key }));
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw missingObject(key);
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    const queue = [...keys];
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift())
        await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#prefix + key }));
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, queue.length) }, worker));
  }

  async *listWrittenBefore(before: Date): AsyncIterable<string[]> {
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: this.#prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? [])
        .filter((o) => o.Key !== undefined && o.LastModified !== undefined && o.LastModified <= before)
        .map((o) => o.Key!.slice(this.#prefix.length));
      if (keys.length) yield keys;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.#client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as Partial<S3ServiceException> | undefined;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
