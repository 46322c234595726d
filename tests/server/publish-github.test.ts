import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Artifact } from '../../db/models/index.ts';
import {
  type FakeGithubReleases,
  type ReleaseRequest,
  startFakeGithubReleases,
} from '../fakes/github-releases-server.ts';
import { unpackArtifact } from '../../workers/pipeline/unpack-artifact.ts';
import { gitPublish } from '../../workers/publishing/git-publish.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { finishedRun, PETSTORE_PLUS, shippedSdkText, waitForAction, git } from '../setup/publishing.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

const TOKEN = 'ghp_release_token_do_not_log_0123456789';
const REPO = 'acme/petstore-node';

let root: string;
let service: TestService;
let api: ReturnType<typeof rest>;
let runA: string;
let runB: string;
/** A run whose report compared the SDK the customer ships (2.4.0, with `pets.retrieve`): the diff removes a method. */
let runC: string;
let releases: FakeGithubReleases;
let received: ReleaseRequest[];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'report-git-remote-'));
  await mkdir(join(root, 'acme'));
  await git(['init', '-q', '--bare', join(root, 'acme', 'petstore-node.git')], root);
  // GitHub's "create a release" endpoint, as the REST API speaks it.
  releases = await startFakeGithubReleases(TOKEN);
  received = releases.received;
  service = await startTestService({
    ROLE: 'all',
    REPORT_RATE_LIMIT: '1000',
    PUBLISH_APPROVED: 'true',
    PUBLISH_GITHUB_REMOTE_BASE: `file://${root}/`,
    PUBLISH_GITHUB_BRANCH: 'main',
    PUBLISH_GITHUB_TOKEN: TOKEN,
    PUBLISH_GITHUB_API_URL: releases.url,
  });
  api = rest(service.url, (await newWorkspace(service)).token);
  const oldSdkText = await shippedSdkText(PETSTORE_PLUS, '2.4.0');
  [{ runId: runA }, { runId: runB }, { runId: runC }] = await Promise.all([
    finishedRun(api, PETSTORE, 'Pet Store'),
    finishedRun(api, PETSTORE.replace('title: Petstore', 'title: Petstore Two'), 'Pet Store'),
    finishedRun(api, PETSTORE, 'Pet Store', undefined, { oldSdkText }),
  ]);
}, 240_000);
afterAll(async () => {
  await service?.stop();
  await releases?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

async function clone(): Promise<string> {
  const dir = await mkdtemp(join(root, 'clone-'));
  await git(['clone', '-q', '--branch', 'main', `file://${root}/${REPO}.git`, 'work'], dir);
  return join(dir, 'work');
}

describe('github: commit, tag and release on a real bare repository (file transport) and a local releases endpoint', () => {
  it('pushes the SDK tree to main, tags v1.0.0, writes the CHANGELOG and creates the release', async () => {
    const requested = await api.post(`/runs/${runA}/publish/publish`, {
      registry: 'github',
      packageName: REPO,
      version: '1.0.0',
      notes: 'First public SDK.',
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(202);
    expect(requested.body.publishAction.status, JSON.stringify(requested.body.publishAction.checklist)).toBe('ready');
    const done = await waitForAction(api, runA, requested.body.publishAction.id);
    expect(done.providerResult?.state, JSON.stringify(done.providerResult)).toBe('published');
    const work = await clone();
    const files = await unpackArtifact(
      await (await Artifact.findOne({ where: { runId: runA, kind: 'typescript_sdk' } }))!.readContent(),
    );
    for (const [path, content] of files) {
      if (path === 'package.json') continue;
      expect((await readFile(join(work, path))).equals(content), path).toBe(true);
    }
    expect(JSON.parse(await readFile(join(work, 'package.json'), 'utf8')).version).toBe('1.0.0');
    const changelog = await readFile(join(work, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(
      /^# Changelog\n\n## 1\.0\.0 \(\d{4}-\d{2}-\d{2}\)\n\n- Generated from run run_\w+\.\n- First public SDK\.\n- First release, generated from the API description\.\n/,
    );
    const tagged = (await git(['rev-parse', 'v1.0.0^{commit}'], work)).trim();
    expect(done.providerResult?.target).toMatchObject({
      repository: REPO,
      branch: 'main',
      tag: 'v1.0.0',
      version: '1.0.0',
      commit: tagged,
    });
    expect((await git(['cat-file', '-t', 'v1.0.0'], work)).trim()).toBe('tag'); // annotated
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      url: `POST /repos/${REPO}/releases`,
      authorization: `Bearer ${TOKEN}`,
      body: { tag_name: 'v1.0.0', target_commitish: 'main', name: 'v1.0.0' },
    });
    expect(done.providerResult?.target?.releaseUrl).toBe(
      `https://github.example/acme/petstore-node/releases/tag/v1.0.0`,
    );
    expect(JSON.stringify(done)).not.toContain(TOKEN);
  }, 120_000);

  it('a tag that exists is version_exists; the next version is a commit on top with both CHANGELOG entries', async () => {
    const dup = await api.post(`/runs/${runB}/publish/publish`, {
      registry: 'github',
      packageName: REPO,
      version: '1.0.0',
    });
    const refused = await waitForAction(api, runB, dup.body.publishAction.id);
    expect(refused.providerResult?.error?.code, JSON.stringify(refused.providerResult)).toBe('version_exists');
    const next = await api.post(`/runs/${runB}/publish/publish`, {
      registry: 'github',
      packageName: REPO,
      version: '1.1.0',
    });
    expect((await waitForAction(api, runB, next.body.publishAction.id)).providerResult?.state).toBe('published');
    const work = await clone();
    expect((await git(['log', '--format=%s', 'main'], work)).trim().split('\n')).toEqual([
      'Release v1.1.0',
      'Release v1.0.0',
    ]);
    expect(await readFile(join(work, 'README.md'), 'utf8')).toContain('Petstore Two');
    const changelog = await readFile(join(work, 'CHANGELOG.md'), 'utf8');
    expect(changelog.indexOf('## 1.1.0')).toBeLessThan(changelog.indexOf('## 1.0.0'));
  }, 120_000);

  it('rollback is a new version (the next patch) that restores the previous tree', async () => {
    const rollback = await api.post(`/runs/${runB}/publish/rollback`, { registry: 'github' });
    expect(rollback.status).toBe(202);
    expect(rollback.body.publishAction, JSON.stringify(rollback.body.publishAction.checklist)).toMatchObject({
      action: 'rollback',
      status: 'ready',
      version: '1.1.1',
    });
    const done = await waitForAction(api, runB, rollback.body.publishAction.id);
    expect(done.providerResult?.state, JSON.stringify(done.providerResult)).toBe('published');
    const work = await clone();
    expect((await git(['log', '--format=%s', '-1'], work)).trim()).toBe('Release v1.1.1');
    const readmeA = (
      await unpackArtifact(
        await (await Artifact.findOne({ where: { runId: runA, kind: 'typescript_sdk' } }))!.readContent(),
      )
    ).get('README.md')!;
    expect((await readFile(join(work, 'README.md'))).equals(readmeA)).toBe(true);
    // The restored tree is v1.0.0's, apart from the version and the CHANGELOG.
    const diff = (await git(['diff', '--name-only', 'v1.0.0', 'v1.1.1'], work)).trim().split('\n').sort();
    expect(diff).toEqual(['CHANGELOG.md', 'package.json']);
    expect(await readFile(join(work, 'CHANGELOG.md'), 'utf8')).toMatch(
      /## 1\.1\.1 [^\n]*\n\n- Rollback: restores 1\.0\.0/,
    );
  }, 120_000);

  it("a publish without a version gets the version proposed from the diff (3.0.0); the CHANGELOG, commit and release carry the diff's breaking changes", async () => {
    const dry = await api.post(`/runs/${runC}/publish/dry-run`, { registry: 'github', packageName: REPO });
    expect(dry.body.publishAction.version).toBe('3.0.0');
    const requested = await api.post(`/runs/${runC}/publish/publish`, {
      registry: 'github',
      packageName: REPO,
      notes: 'Drops pets.retrieve.',
    });
    expect(requested.status).toBe(202);
    expect(requested.body.publishAction, JSON.stringify(requested.body.publishAction.checklist)).toMatchObject({
      status: 'ready',
      version: '3.0.0',
    });
    const done = await waitForAction(api, runC, requested.body.publishAction.id);
    expect(done.providerResult?.state, JSON.stringify(done.providerResult)).toBe('published');
    expect(done.providerResult?.target).toMatchObject({ tag: 'v3.0.0', version: '3.0.0' });
    const work = await clone();
    expect(JSON.parse(await readFile(join(work, 'package.json'), 'utf8')).version).toBe('3.0.0');
    const changelog = await readFile(join(work, 'CHANGELOG.md'), 'utf8');
    const removed = '- Removed `pets.retrieve` (The endpoint get /pets/{petId} is not in the new description).';
    expect(changelog).toMatch(
      /^# Changelog\n\n## 3\.0\.0 \(\d{4}-\d{2}-\d{2}\)\n\n- Generated from run run_\w+\.\n- Drops pets\.retrieve\.\n\n### Breaking changes\n\n/,
    );
    expect(changelog).toContain(`### Breaking changes\n\n${removed}\n`);
    // The earlier entries stay below it.
    expect(changelog.indexOf('## 3.0.0')).toBeLessThan(changelog.indexOf('## 1.1.1'));
    expect(await git(['log', '-1', '--format=%B', 'v3.0.0'], work)).toContain(removed);
    expect(received.at(-1)).toMatchObject({ body: { tag_name: 'v3.0.0' } });
    expect(String(received.at(-1)?.body.body)).toContain(removed);
  }, 120_000);

  it('a release the API refuses (bad token) is reported beside the pushed version, with its status', async () => {
    const files = await unpackArtifact(
      await (await Artifact.findOne({ where: { runId: runA, kind: 'typescript_sdk' } }))!.readContent(),
    );
    const wrong = 'ghp_wrong_token_do_not_echo_0123456789';
    const outcome = await gitPublish({
      files,
      repository: REPO,
      version: '2.0.0',
      remoteBase: `file://${root}/`,
      branch: 'main',
      token: wrong,
      apiUrl: releases.url,
      authorName: 'T',
      authorEmail: 't@example.com',
      timeoutMs: 30_000,
      changelog: '- Major.',
      resumed: false,
    });
    expect(outcome.ok).toBe(true);
    expect(outcome.error).toMatchObject({ code: 'registry_unauthorized', status: 401 });
    expect(JSON.stringify(outcome)).not.toContain(wrong);
    const work = await clone();
    expect((await git(['rev-parse', 'v2.0.0^{commit}'], work)).trim()).toBe(outcome.target.commit);
  }, 60_000);
});
