// The artifact store's configuration: bad settings stop the start with a message naming the
// setting, and a bucket that cannot be reached is found at start (against a real s3rver), not at
// the first upload.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { loadConfig } from '../../shared/config.ts';
import { createTestDatabase } from '../setup/database.ts';
import { startS3Server, type TestS3Server } from '../fakes/s3-server.ts';

let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.stop());

describe('artifact store configuration', () => {
  it('defaults to PostgreSQL; S3 settings are read as given', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'postgres' });
    expect(loadConfig({ ...s3.env, S3_PREFIX: 'svc/' }).storage).toEqual({
      kind: 's3',
      endpoint: s3.env.S3_ENDPOINT,
      bucket: s3.bucket,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix: 'svc/',
    });
    // Neither key: the AWS default chain; an empty value counts as unset.
    expect(loadConfig({ ARTIFACT_STORE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: '' }).storage).toMatchObject({
      credentials: undefined,
      endpoint: undefined,
    });
  });

  it('refuses incomplete or malformed settings, naming the variable', () => {
    expect(() => loadConfig({ ARTIFACT_STORE: 's3' })).toThrow(/S3_BUCKET: is required when ARTIFACT_STORE=s3/);
    expect(() => loadConfig({ ARTIFACT_STORE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ARTIFACT_STORE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(
      /S3_BUCKET: must be a bucket name/,
    );
    expect(() => loadConfig({ S3_PREFIX: '/abs' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ARTIFACT_STORE: 'gcs' })).toThrow(/ARTIFACT_STORE/);
  });

  it('a bucket that does not exist stops the start, naming the bucket and the settings to check', async () => {
    const config = loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    const opening = openDatabase({
      databaseUrl: await createTestDatabase(),
      dataDir: '.data',
      embeddedPort: 0,
      storage: config.storage,
    });
    await expect(opening).rejects.toThrow(
      /bucket "no-such-bucket" cannot be reached: HTTP 404.*Create the bucket, or check S3_ENDPOINT/,
    );
  });
});
