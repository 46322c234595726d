import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Artifact, PublishingAction, Run, RunInput, SdkGeneration } from '../../../db/models/index.ts';
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
      generationsPruned: 0,
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

  it('prunes pristine generations no three-way merge can need: keeps the latest received, newer ones, N most recent and a pending release', async () => {
    const ws = await newWorkspace(service);
    const api = rest(service.url, ws.token);
    const start = async (projectId?: string) =>
      (await api.post('/reports/start', { openapiText: PETSTORE, ...(projectId ? { projectId } : {}) })).body.run as {
        id: string;
        projectId: string;
      };
    const first = await start();
    const runs = [first.id];
    for (let i = 1; i < 8; i += 1) runs.push((await start(first.projectId)).id);
    const other = await start(); // another project: nothing received yet
    const otherRuns = [other.id, (await start(other.projectId)).id, (await start(other.projectId)).id];
    const generation = (runId: string, projectId: string, language: 'typescript' | 'python' = 'typescript') =>
      SdkGeneration.create({
        runId,
        language,
        orgId: ws.organization.id,
        projectId,
        content: Buffer.from(`tree of ${runId}`),
        sha256: 'd'.repeat(64),
        fileCount: 1,
        report: {
          language,
          source: 'none',
          baseRunId: null,
          baseAvailable: false,
          carried: [],
          merged: [],
          added: [],
          conflicts: [],
          notCarried: [],
          extraPaths: [],
        },
      });
    for (const runId of runs) await generation(runId, first.projectId);
    await generation(runs[0]!, first.projectId, 'python'); // the only Python one: among the most recent
    for (const runId of otherRuns) await generation(runId, other.projectId);
    // runs[3] was downloaded, then runs[5] (the latest received: the next run's base).
    await SdkGeneration.update(
      { receivedAt: new Date(Date.now() - 60_000), receivedVia: 'download' },
      { where: { runId: runs[3]! } },
    );
    await SdkGeneration.update(
      { receivedAt: new Date(), receivedVia: 'download' },
      { where: { runId: runs[5]!, language: 'typescript' } },
    );
    // runs[1]'s release pull request waits for its merge: its generation is what it commits.
    await PublishingAction.create({
      id: newId('pub'),
      orgId: ws.organization.id,
      projectId: first.projectId,
      runId: runs[1]!,
      registry: 'github',
      action: 'publish',
      status: 'ready',
      packageName: 'acme/notes-node',
      version: '1.0.0',
      notes: null,
      checklist: [],
      providerResult: null,
      state: 'awaiting_merge',
    });
    const keep2 = {
      ...service.deps,
      config: { ...service.deps.config, retention: { ...service.deps.config.retention, generationsKept: 2 } },
    };
    const result = await purgeExpired(keep2);
    expect(result.generationsPruned).toBe(5); // runs 0, 2, 3, 4 and the other project's oldest
    const left = async (runId: string, language = 'typescript') =>
      (await SdkGeneration.findOne({ where: { runId, language } }))?.content !== null;
    // Kept: the latest received (5), newer ones (6, 7), the pending release (1); the 2 most recent are among them.
    expect(await Promise.all(runs.map((r) => left(r)))).toEqual([false, true, false, false, false, true, true, true]);
    expect(await left(runs[0]!, 'python')).toBe(true);
    // Nothing received in the other project: its 2 most recent stay.
    expect(await Promise.all(otherRuns.map((r) => left(r)))).toEqual([false, true, true]);
    // A pruned row keeps its run's report.
    expect((await SdkGeneration.findOne({ where: { runId: runs[3]!, language: 'typescript' } }))?.report).toMatchObject(
      { source: 'none' },
    );
    expect((await purgeExpired(keep2)).generationsPruned).toBe(0);
    // With the default (5 kept) nothing more would have gone; with 0 only the base and newer stay.
    const keep0 = {
      ...keep2,
      config: { ...keep2.config, retention: { ...keep2.config.retention, generationsKept: 0 } },
    };
    expect((await purgeExpired(keep0)).generationsPruned).toBe(3); // runs[0]'s Python one, the other project's two
  });
});
