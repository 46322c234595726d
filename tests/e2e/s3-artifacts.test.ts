// The service configured with the S3 store (a real S3-compatible server, s3rver, on 127.0.0.1)
// runs a real report end to end: the inputs and every artifact land in the bucket, nothing in
// PostgreSQL's `stored_objects`, and each download through the HTTP API returns the right bytes.

import { createHash } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Run } from '../../db/models/index.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { waitForRun } from '../setup/runs.ts';
import { startS3Server, type TestS3Server } from '../fakes/s3-server.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

let s3: TestS3Server;
let service: TestService;

beforeAll(async () => {
  s3 = await startS3Server();
  service = await startTestService({ ...s3.env, ROLE: 'all' });
});
afterAll(async () => {
  await service?.stop();
  await s3?.stop();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the service on the S3 store', () => {
  it('runs a report; its inputs and artifacts are in the bucket and download byte for byte', async () => {
    const ws = await newWorkspace(service);
    const api = rest(service.url, ws.token);
    const runId = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
    const run = await waitForRun(runId, 240_000);
    expect(['ready', 'complete']).toContain(run.status);

    const listed = (await api.get(`/runs/${runId}/artifacts`)).body.artifacts as {
      id: string;
      kind: string;
      sha256: string;
      sizeBytes: number;
    }[];
    expect(listed.map((a) => a.kind)).toEqual(expect.arrayContaining(['validation_report', 'typescript_sdk']));
    for (const artifact of listed) {
      const answer = await fetch(`${service.url}/api/runs/${runId}/artifacts/${artifact.id}`, {
        headers: { authorization: `Bearer ${ws.token}` },
      });
      expect(answer.status, artifact.kind).toBe(200);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      expect(bytes.length, artifact.kind).toBe(artifact.sizeBytes);
      expect(sha256(bytes), artifact.kind).toBe(artifact.sha256);
      const inBucket = await s3.client.send(
        new GetObjectCommand({ Bucket: s3.bucket, Key: `artifacts/${artifact.id}` }),
      );
      expect(sha256(await inBucket.Body!.transformToByteArray()), artifact.kind).toBe(artifact.sha256);
    }
    const report = await fetch(
      `${service.url}/api/runs/${runId}/artifacts/${listed.find((a) => a.kind === 'validation_report')!.id}`,
      { headers: { authorization: `Bearer ${ws.token}` } },
    );
    expect(await report.json()).toHaveProperty('diagnostics');

    const keys = (await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents!.map((o) => o.Key);
    expect(keys).toContain(`inputs/${(await Run.findByPk(runId))!.inputId}`);
    const [stored] = await service.deps.db.sequelize.query<{ count: string }>('SELECT count(*) FROM stored_objects', {
      type: QueryTypes.SELECT,
    });
    expect(Number(stored?.count)).toBe(0);
  }, 300_000);
});
