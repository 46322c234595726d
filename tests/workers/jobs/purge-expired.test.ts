import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Artifact, PublishingAction, Run, RunInput } from '../../../db/models/index.ts';
import { newId } from '../../../shared/ids.ts';
import { purgeExpired } from '../../../workers/jobs/purge-expired.ts';
import { PETSTORE, rest } from '../../setup/http.ts';
import { startTestService, type TestService } from '../../setup/service.ts';
import { newWorkspace } from '../../setup/workspace.ts';
import { createStoredArtifact } from '../../setup/stored-artifact.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api' });
});
afterAll(async () => service?.stop());

describe('retention purge', () => {
  it('deletes expired inputs, drops expired artifact bytes and marks fully expired runs expired; fresh ones stay', async () => {
    const ws = await newWorkspace(service);
    const api = rest(service.url, ws.token);
    const old = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
    const fresh = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 3600_000);
    for (const [runId, expiresAt] of [
      [old, past],
      [fresh, future],
    ] as const) {
      await Run.update({ status: 'complete', verdict: 'needs_review' }, { where: { id: runId } });
      const run = await Run.findByPk(runId);
      await RunInput.update({ expiresAt }, { where: { id: run!.inputId! } });
      await createStoredArtifact({
        id: newId('art'),
        orgId: ws.organization.id,
        runId,
        kind: 'validation_report',
        name: 'validation-report.json',
        mediaType: 'application/json',
        sizeBytes: 2,
        sha256: 'b'.repeat(64),
        fileCount: 1,
        content: Buffer.from('{}'),
        expiresAt,
      });
    }
    const result = await purgeExpired({ ...service.deps });
    expect(result).toMatchObject({ inputsPurged: 1, artifactsPurged: 1, runsExpired: 1 });
    expect((await Run.findByPk(old))?.status).toBe('expired');
    expect((await Run.findByPk(old))?.inputId).toBeNull();
    expect((await Run.findByPk(fresh))?.status).toBe('complete');
    const retry = await api.post(`/runs/${old}/retry`, {});
    expect(retry.status).toBe(422);
    expect((await api.post(`/runs/${fresh}/retry`, {})).status).toBe(202);
    const artifact = await Artifact.findOne({ where: { runId: old } });
    const download = await fetch(`${service.url}/api/runs/${old}/artifacts/${artifact!.id}`, {
      headers: { authorization: `Bearer ${ws.token}` },
    });
    expect(download.status).toBe(410);
    // Idempotent: nothing more to do.
    expect(await purgeExpired({ ...service.deps })).toEqual({
      inputsPurged: 0,
      artifactsPurged: 0,
      runsExpired: 0,
      orphansCollected: 0,
    });
  });

  it('keeps the bytes of docs a domain serves (a published docs action) past their lifetime; unpublished docs are purged', async () => {
    const ws = await newWorkspace(service);
    const api = rest(service.url, ws.token);
    const served = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run as {
      id: string;
      projectId: string;
    };
    const unserved = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
    const past = new Date(Date.now() - 1000);
    for (const runId of [served.id, unserved]) {
      await Run.update({ status: 'complete', verdict: 'needs_review' }, { where: { id: runId } });
      await createStoredArtifact({
        id: newId('art'),
        orgId: ws.organization.id,
        runId,
        kind: 'docs',
        name: 'docs.tar.gz',
        mediaType: 'application/gzip',
        sizeBytes: 1,
        sha256: 'c'.repeat(64),
        fileCount: 1,
        content: Buffer.from('x'),
        expiresAt: past,
      });
    }
    await PublishingAction.create({
      id: newId('pub'),
      orgId: ws.organization.id,
      projectId: served.projectId,
      runId: served.id,
      registry: 'docs',
      action: 'publish',
      status: 'ready',
      packageName: 'docs',
      version: null,
      notes: null,
      checklist: [],
      providerResult: null,
      state: 'published',
      publishedAt: new Date(),
    });
    await purgeExpired({ ...service.deps });
    expect((await Artifact.findOne({ where: { runId: served.id } }))?.objectKey).not.toBeNull();
    expect((await Artifact.findOne({ where: { runId: unserved } }))?.objectKey).toBeNull();
  });
});
