// One artifact-store suite, run against both stores: PostgreSQL (`stored_objects`, the default)
// and S3 (a real S3-compatible server, s3rver, on 127.0.0.1). Whatever is tampered with is
// tampered with behind the store's back: SQL on `stored_objects`, or our own S3 client.

import { createHash, randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { Readable, Writable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRoles } from '../../bin/roles.ts';
import { Artifact, Run, RunInput } from '../../db/models/index.ts';
import { artifactKey } from '../../db/storage/object-store.ts';
import { loadConfig } from '../../shared/config.ts';
import { isAppError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { createLogger } from '../../shared/logger.ts';
import { purgeExpired } from '../../workers/jobs/purge-expired.ts';
import { runPipeline } from '../../workers/pipeline/runner.ts';
import { createTestDatabase } from '../setup/database.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { startS3Server, type TestS3Server } from '../fakes/s3-server.ts';
import type { TestService } from '../setup/service.ts';
import { createStoredArtifact } from '../setup/stored-artifact.ts';
import { newWorkspace } from '../setup/workspace.ts';

const MB = 1024 * 1024;
const S3_PREFIX = 'svc/';

/** How the test reaches an object behind the store's back. */
interface Backdoor {
  read(key: string): Promise<Buffer | undefined>;
  write(key: string, bytes: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** How many objects have keys starting with `prefix`. */
  count(prefix: string): Promise<number>;
}

function postgresBackdoor(service: TestService): Backdoor {
  const { sequelize } = service.deps.db;
  return {
    async read(key) {
      const [row] = await sequelize.query<{ content: Buffer }>('SELECT content FROM stored_objects WHERE key = $1', {
        bind: [key],
        type: QueryTypes.SELECT,
      });
      return row?.content;
    },
    async write(key, bytes) {
      await sequelize.query('UPDATE stored_objects SET content = $2 WHERE key = $1', { bind: [key, bytes] });
    },
    async remove(key) {
      await sequelize.query('DELETE FROM stored_objects WHERE key = $1', { bind: [key] });
    },
    async count(prefix) {
      const [row] = await sequelize.query<{ n: string }>(
        'SELECT count(*) AS n FROM stored_objects WHERE starts_with(key, $1)',
        { bind: [prefix], type: QueryTypes.SELECT },
      );
      return Number(row?.n);
    },
  };
}

function s3Backdoor(s3: TestS3Server): Backdoor {
  return {
    async read(key) {
      try {
        const answer = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: S3_PREFIX + key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async write(key, bytes) {
      await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: S3_PREFIX + key, Body: bytes }));
    },
    async remove(key) {
      await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: S3_PREFIX + key }));
    },
    async count(prefix) {
      const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: S3_PREFIX + prefix }));
      return page.KeyCount ?? 0;
    },
  };
}

/** A raw HTTP GET that counts the bytes it receives and says whether the response ended or was cut. */
function download(
  url: string,
  token: string,
): Promise<{ status: number; bytes: Buffer; ended: boolean; length: number }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      let ended = false;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        ended = true;
      });
      response.on('close', () =>
        resolve({
          status: response.statusCode!,
          bytes: Buffer.concat(chunks),
          ended: ended && response.complete,
          length: Number(response.headers['content-length']),
        }),
      );
      response.on('error', () => {});
    });
    request.on('error', reject);
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(['postgres', 's3'] as const)('artifact store: %s', (kind) => {
  let service: TestService;
  let s3: TestS3Server | undefined;
  let backdoor: Backdoor;
  let token: string;
  let orgId: string;
  let runId: string;
  const logged: string[] = [];

  beforeAll(async () => {
    s3 = kind === 's3' ? await startS3Server() : undefined;
    const databaseUrl = await createTestDatabase();
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      BOOTSTRAP: 'false',
      ROLE: 'api',
      AUTH_FAILURE_LIMIT: '1000000',
      REPORT_RATE_LIMIT: '1000',
      ...(s3 ? { ...s3.env, S3_PREFIX } : {}),
    });
    const capture = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logged.push(chunk.toString());
        callback();
      },
    });
    const roles = await startRoles(config, createLogger('info', capture));
    service = Object.assign(roles, { url: roles.url!, databaseUrl });
    backdoor = s3 ? s3Backdoor(s3) : postgresBackdoor(service);
    const ws = await newWorkspace(service);
    token = ws.token;
    orgId = ws.organization.id;
    runId = (await rest(service.url, token).post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
  });
  afterAll(async () => {
    await service?.stop();
    await s3?.stop();
  });

  /** An artifact of a run of its own (one artifact per run and kind), stored as the pipeline does. */
  async function storeArtifact(content: Buffer, expiresAt = new Date(Date.now() + 3600_000)): Promise<Artifact> {
    const started = await rest(service.url, token).post('/reports/start', { openapiText: PETSTORE });
    return await createStoredArtifact({
      id: newId('art'),
      orgId,
      runId: started.body.run.id as string,
      kind: 'docs',
      name: 'docs.tar.gz',
      mediaType: 'application/gzip',
      sizeBytes: content.length,
      sha256: sha256(content),
      fileCount: 1,
      content,
      expiresAt,
    });
  }
  const urlOf = (artifact: Artifact) => `${service.url}/api/runs/${artifact.runId}/artifacts/${artifact.id}`;

  it('is the configured store, and the bytes are in it (not in the other)', async () => {
    expect(service.deps.db.store.kind).toBe(kind);
    const content = randomBytes(1000);
    const artifact = await storeArtifact(content);
    expect(await backdoor.read(artifact.objectKey!)).toEqual(content);
    const [counted] = await service.deps.db.sequelize.query<{ count: string }>(
      'SELECT count(*) FROM stored_objects WHERE key = $1',
      { bind: [artifact.objectKey], type: QueryTypes.SELECT },
    );
    expect(Number(counted?.count)).toBe(kind === 'postgres' ? 1 : 0);
  });

  it('round trip: stored bytes come back whole through the store and through the download route', async () => {
    const content = randomBytes(3 * MB + 123);
    const artifact = await storeArtifact(content);
    expect(await artifact.readContent()).toEqual(content);
    const answer = await download(urlOf(artifact), token);
    expect(answer).toMatchObject({ status: 200, ended: true, length: content.length });
    expect(sha256(answer.bytes)).toBe(sha256(content));
    // The run's inputs went to the same store, and read back whole.
    const run = await Run.findByPk(runId);
    const input = await RunInput.findByPk(run!.inputId!);
    expect(JSON.parse((await backdoor.read(input!.objectKey))!.toString('utf8')).openapiText).toBe(PETSTORE);
    expect((await input!.readTexts()).openapiText).toBe(PETSTORE);
  });

  it('a start refused inside its transaction (archived project) leaves no inputs object behind', async () => {
    const api = rest(service.url, token);
    const first = await api.post('/reports/start', { openapiText: PETSTORE });
    const projectId = first.body.project.id as string;
    expect((await api.patch(`/projects/${projectId}`, { status: 'archived' })).status).toBe(200);
    const before = await backdoor.count('inputs/');
    const refused = await api.post('/reports/start', { openapiText: PETSTORE, projectId });
    expect(refused.body).toMatchObject({ error: 'project_archived' });
    expect(await backdoor.count('inputs/')).toBe(before);
  });

  it('checks the sha256: an object changed behind the store is never served as good', async () => {
    const content = randomBytes(64 * 1024);
    const artifact = await storeArtifact(content);
    const corrupt = Buffer.from(content);
    corrupt[1000] = corrupt[1000]! ^ 0xff; // same size: only the digest can tell
    await backdoor.write(artifact.objectKey!, corrupt);
    const read = await artifact.readContent().catch((error: unknown) => error);
    expect(isAppError(read) && read.code).toBe('stored_object_corrupt');

    // An object that fails within its first chunk: nothing was sent yet, so a JSON 500, logged.
    const small = await storeArtifact(Buffer.from('{"ok":true}\n'));
    await backdoor.write(small.objectKey!, Buffer.from('{"ok":false}')); // the same 12 bytes long
    const answer = await fetch(urlOf(small), { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(500);
    expect(answer.headers.get('x-content-sha256')).toBeNull();
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toMatchObject({ error: 'stored_object_corrupt' });
    expect(logged.join('')).toContain('stored_object_corrupt');
  });

  it('a row whose object is missing is reported (500 stored_object_missing, logged), never served as empty', async () => {
    const artifact = await storeArtifact(randomBytes(2048));
    await backdoor.remove(artifact.objectKey!);
    const answer = await fetch(urlOf(artifact), { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(500);
    const body = (await answer.json()) as { error: string; message: string };
    expect(body.error).toBe('stored_object_missing');
    expect(body.message).toContain(artifact.id);
    expect(logged.join('')).toMatch(/stored_object_missing/);
    // The in-process readers (the web app's file browser, publishing) say the same.
    const read = await artifact.readContent().catch((error: unknown) => error);
    expect(isAppError(read) && read.code).toBe('stored_object_missing');
  });

  it('a run whose inputs object is missing fails saying so (logged), instead of running on nothing', async () => {
    const started = await rest(service.url, token).post('/reports/start', { openapiText: PETSTORE });
    const id = started.body.run.id as string;
    const input = await RunInput.findByPk((await Run.findByPk(id))!.inputId!);
    await backdoor.remove(input!.objectKey);
    expect(await runPipeline(service.deps, id, new AbortController().signal)).toBe('finished');
    const run = await Run.findByPk(id);
    expect(run).toMatchObject({ status: 'failed', verdict: 'failed' });
    expect(run!.failureMessage).toContain(`${input!.objectKey}) are missing from the object store`);
    expect(logged.join('')).toContain('the run inputs cannot be read from the object store');
  });

  it('streams: the store returns a Readable that buffers a bounded amount, and a large corrupt download is cut after bytes were sent', async () => {
    const content = randomBytes(24 * MB);
    const artifact = await storeArtifact(content);
    const stream = await artifact.openContent();
    expect(stream).toBeInstanceOf(Readable);
    const iterator = stream[Symbol.asyncIterator]();
    const first = (await iterator.next()).value as Buffer;
    expect(first.length).toBeLessThanOrEqual(MB);
    // Not reading on: the store stops at its buffer limit instead of loading the rest.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.readableLength).toBeLessThan(4 * MB);
    let total = first.length;
    const hash = createHash('sha256').update(first);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      total += (next.value as Buffer).length;
      hash.update(next.value as Buffer);
    }
    expect(total).toBe(content.length);
    expect(hash.digest('hex')).toBe(artifact.sha256);

    // The route pipes the stream: with the last byte changed, most of the body has already gone
    // out when the check fails at the end (a buffered route would have answered an error instead).
    const corrupt = Buffer.from(content);
    corrupt[corrupt.length - 1] = corrupt[corrupt.length - 1]! ^ 0xff;
    await backdoor.write(artifact.objectKey!, corrupt);
    const answer = await download(urlOf(artifact), token);
    expect(answer.status).toBe(200);
    expect(answer.ended).toBe(false);
    expect(answer.bytes.length).toBeGreaterThan(content.length / 2);
    expect(answer.bytes.length).toBeLessThan(content.length);
    expect(logged.join('')).toContain('artifact download aborted');
  });

  it('retention purge: expired artifact bytes and inputs are deleted from the store; the rows say so', async () => {
    const ws = await newWorkspace(service, 'Purge');
    const api = rest(service.url, ws.token);
    const expiredRun = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
    await Run.update({ status: 'complete', verdict: 'needs_review' }, { where: { id: expiredRun } });
    const run = await Run.findByPk(expiredRun);
    const input = await RunInput.findByPk(run!.inputId!);
    await RunInput.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { id: input!.id } });
    const content = randomBytes(4096);
    const artifact = await createStoredArtifact({
      id: newId('art'),
      orgId: ws.organization.id,
      runId: expiredRun,
      kind: 'validation_report',
      name: 'validation-report.json',
      mediaType: 'application/json',
      sizeBytes: content.length,
      sha256: sha256(content),
      fileCount: 1,
      content,
      expiresAt: new Date(Date.now() - 1000),
    });
    const kept = await storeArtifact(randomBytes(100));
    expect(await backdoor.read(input!.objectKey)).toBeDefined();

    const result = await purgeExpired(service.deps);
    expect(result).toMatchObject({ inputsPurged: 1, artifactsPurged: 1, runsExpired: 1 });
    expect(await backdoor.read(artifact.objectKey!)).toBeUndefined();
    expect(await backdoor.read(input!.objectKey)).toBeUndefined();
    expect((await Artifact.findByPk(artifact.id))!.objectKey).toBeNull();
    expect(await RunInput.findByPk(input!.id)).toBeNull();
    expect(await backdoor.read(kept.objectKey!)).toBeDefined();
    const gone = await fetch(`${service.url}/api/runs/${expiredRun}/artifacts/${artifact.id}`, {
      headers: { authorization: `Bearer ${ws.token}` },
    });
    expect(gone.status).toBe(410);
  });

  it('an object no row names (a crash between object and row) is collected by the purge once past the grace period', async () => {
    const orphanKey = artifactKey(newId('art'));
    await service.deps.db.store.put(orphanKey, randomBytes(512));
    const named = await storeArtifact(randomBytes(512), new Date(Date.now() + 24 * 3600_000));
    // Young: it may be waiting for its row, so it stays.
    expect((await purgeExpired(service.deps)).orphansCollected).toBe(0);
    expect(await backdoor.read(orphanKey)).toBeDefined();
    // Past the grace period (60 minutes by default): collected; the named object stays.
    const later = new Date(Date.now() + 2 * 3600_000);
    const result = await purgeExpired(service.deps, later);
    expect(result.orphansCollected).toBeGreaterThanOrEqual(1);
    expect(await backdoor.read(orphanKey)).toBeUndefined();
    expect(await backdoor.read(named.objectKey!)).toBeDefined();
    expect(await named.readContent()).toHaveLength(512);
  });
});
