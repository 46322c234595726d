// Release pull requests and description pushes end to end (docs/custom-code-and-release-prs.md):
// real bare repositories served by `git http-backend` over HTTP on 127.0.0.1, a small server
// speaking GitHub's REST routes (pull requests, contents), a Verdaccio the npm publishes go to, the
// service with a worker, real runs. Merging the release pull request (the signed pull_request
// webhook) is the approval: the publish to github is then published, and the npm publish of its
// run that waited for it goes to the registry; closed unmerged, what waited is canceled.

import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishingAction, Run } from '../../db/models/index.ts';
import { startFakeGithub, type FakeGithub } from '../fakes/github-server.ts';
import { startGitHttpServer, type GitHttpServer } from '../fakes/git-http-server.ts';
import { rest } from '../setup/http.ts';
import { finishedRun, waitForAction } from '../setup/publishing.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { startVerdaccio, type RunningVerdaccio } from '../fakes/verdaccio.ts';
import { newWorkspace } from '../setup/workspace.ts';

const exec = promisify(execFile);
const TOKEN = 'ghp_release_pr_token_0123456789abcdef';
const SDK_REPO = 'acme/notes-node';
const SPEC_REPO = 'acme/api-spec';
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'custom-code');
const V1 = readFileSync(join(FIXTURES, 'notes-v1.yaml'), 'utf8');
const V2 = readFileSync(join(FIXTURES, 'notes-v2.yaml'), 'utf8');

let root: string;
let gitServer: GitHttpServer;
let github: FakeGithub;
let service: TestService;
let api: ReturnType<typeof rest>;
let projectId: string;
let runA: string;
let runB: string;
let runAGithub: string;
let runBGithub: string;
let runANpm: string;
let webhookSecret: string;
let verdaccio: RunningVerdaccio;
const NPM_PACKAGE = '@acme/notes-node';

async function git(args: string[], cwd: string): Promise<string> {
  const basic = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
  return (
    await exec('git', args, {
      cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: cwd,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_NAME: 'Customer',
        GIT_AUTHOR_EMAIL: 'dev@acme.test',
        GIT_COMMITTER_NAME: 'Customer',
        GIT_COMMITTER_EMAIL: 'dev@acme.test',
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'http.extraHeader',
        GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}`,
      },
      timeout: 60_000,
    })
  ).stdout;
}

async function clone(repository: string, branch: string): Promise<string> {
  const dir = await mkdtemp(join(root, 'clone-'));
  await git(['clone', '-q', '--branch', branch, `${gitServer.url}${repository}.git`, 'work'], dir);
  return join(dir, 'work');
}

async function publish(runId: string, version: string) {
  const requested = await api.post(`/runs/${runId}/publish/publish`, {
    registry: 'github',
    packageName: SDK_REPO,
    version,
  });
  expect(requested.status, JSON.stringify(requested.body)).toBe(202);
  const done = await waitForAction(api, runId, requested.body.publishAction.id);
  // Merging the pull request is the approval: until then the publish waits.
  expect(done.providerResult?.state, JSON.stringify(done.providerResult)).toBe('awaiting_merge');
  return done;
}

/** Requests an npm publish of the run; it waits for the release pull request's merge. */
async function publishNpm(runId: string, version: string) {
  const requested = await api.post(`/runs/${runId}/publish/publish`, {
    registry: 'npm',
    packageName: NPM_PACKAGE,
    version,
  });
  expect(requested.status, JSON.stringify(requested.body)).toBe(202);
  const parked = await waitForAction(api, runId, requested.body.publishAction.id);
  expect(parked.providerResult?.state, JSON.stringify(parked.providerResult)).toBe('awaiting_merge');
  return parked;
}

/** The SDK repository's pull_request webhook, signed with the connection's secret (or as given). */
function deliverPullRequest(body: string, options: { signature?: string; event?: string } = {}) {
  return fetch(`${service.url}/api/projects/${projectId}/release-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': options.event ?? 'pull_request',
      'x-hub-signature-256':
        options.signature ?? `sha256=${createHmac('sha256', webhookSecret).update(body).digest('hex')}`,
    },
    body,
  });
}

const closedEvent = (number: number, merged: boolean) =>
  JSON.stringify({
    action: 'closed',
    number,
    repository: { full_name: SDK_REPO },
    pull_request: { number, merged, merge_commit_sha: merged ? 'a'.repeat(40) : null, head: { ref: 'sdk-release' } },
  });

async function actionState(runId: string, actionId: string) {
  const res = await api.get(`/runs/${runId}/publish/actions`);
  return (res.body.publishActions as Array<{ id: string; providerResult?: Record<string, unknown> }>).find(
    (a) => a.id === actionId,
  )?.providerResult;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'release-pr-remote-'));
  await mkdir(join(root, 'acme'));
  for (const repo of [SDK_REPO, SPEC_REPO])
    await git(['init', '-q', '--bare', '-b', 'main', join(root, `${repo}.git`)], root);
  gitServer = await startGitHttpServer(root, TOKEN);
  github = await startFakeGithub(root, TOKEN);
  verdaccio = await startVerdaccio();
  service = await startTestService({
    ROLE: 'all',
    REPORT_RATE_LIMIT: '1000',
    PUBLISH_APPROVED: 'true',
    PUBLISH_GITHUB_REMOTE_BASE: gitServer.url,
    PUBLISH_GITHUB_TOKEN: TOKEN,
    PUBLISH_GITHUB_API_URL: github.url,
    PUBLISH_NPM_REGISTRY: verdaccio.url,
    PUBLISH_NPM_TOKEN: verdaccio.token,
  });
  api = rest(service.url, (await newWorkspace(service)).token);
  ({ runId: runA, projectId } = await finishedRun(api, V1, 'Notes'));
}, 300_000);

afterAll(async () => {
  await service?.stop();
  await github?.close();
  await gitServer?.close();
  await verdaccio?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('release pull requests on a connected SDK repository', () => {
  it('connects the repositories; the webhook secret is shown once', async () => {
    const connected = await api.post(`/projects/${projectId}/repository`, {
      sdkRepository: SDK_REPO,
      descriptionRepository: SPEC_REPO,
      descriptionPath: 'openapi.yaml',
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    webhookSecret = connected.body.webhookSecret;
    expect(webhookSecret).toMatch(/^whsec_/);
    expect(connected.body.repository).toMatchObject({
      sdkRepository: SDK_REPO,
      defaultBranch: 'main',
      webhookPath: `/api/projects/${projectId}/description-webhook`,
      webhookSecretSet: true,
    });
    const read = await api.get(`/projects/${projectId}/repository`);
    expect(read.body.repository.webhookSecretSet).toBe(true);
    expect(JSON.stringify(read.body)).not.toContain(webhookSecret);
  });

  it('the first publish pushes the pristine generation to `generated` and opens a pull request into main', async () => {
    const done = await publish(runA, '1.0.0');
    expect(done.providerResult?.summary).toMatch(/Opened pull request #1 \(Release 1\.0\.0\)/);
    expect(github.pulls).toMatchObject([
      { number: 1, title: 'Release 1.0.0', head: 'sdk-release', base: 'main', state: 'open' },
    ]);
    expect(github.pulls[0]!.body).toContain('Merging this pull request approves the release');
    const generated = await clone(SDK_REPO, 'generated');
    expect(await readFile(join(generated, 'src/resources/notes.ts'), 'utf8')).toContain('Get one note');
    expect(JSON.parse(await readFile(join(generated, 'package.json'), 'utf8')).version).toBe('1.0.0');
    const custom = await api.get(`/runs/${runA}/custom-code`);
    expect(custom.body.pullRequest).toMatchObject({ number: 1, branch: 'sdk-release' });
    // The npm publish of the run waits for the merge: nothing reached the registry.
    const npm = await publishNpm(runA, '1.0.0');
    expect(npm.providerResult?.summary).toContain('Waits for the release pull request #1 to be merged');
    expect(
      (
        await fetch(`${verdaccio.url}${NPM_PACKAGE.replace('/', '%2f')}`, {
          headers: { authorization: `Bearer ${verdaccio.token}` },
        })
      ).status,
    ).toBe(404);
    runAGithub = done.id;
    runANpm = npm.id;
  }, 180_000);

  it('after the customer merges it and edits main, the next release carries their code and reports the collision', async () => {
    // The customer approves (merges) the pull request, then writes their own code on main.
    const work = await clone(SDK_REPO, 'main');
    await git(['fetch', '-q', 'origin', 'sdk-release'], work);
    await git(['merge', '-q', '--ff-only', 'FETCH_HEAD'], work);
    await git(['push', '-q', 'origin', 'main'], work);
    github.pulls[0]!.state = 'closed';
    // GitHub tells the service: the merge approves the release, and the waiting npm publish goes.
    const approved = await deliverPullRequest(closedEvent(1, true));
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({
      merged: true,
      duplicate: false,
      published: [runAGithub],
      released: [runANpm],
      canceled: [],
    });
    expect(await actionState(runA, runAGithub)).toMatchObject({
      state: 'published',
      target: { merged: true, mergeCommit: 'a'.repeat(40), pullRequest: 1 },
    });
    const npmDone = await waitForAction(api, runA, runANpm);
    expect(npmDone.providerResult?.state, JSON.stringify(npmDone.providerResult)).toBe('published');
    const packument = (await (
      await fetch(`${verdaccio.url}${NPM_PACKAGE.replace('/', '%2f')}`, {
        headers: { authorization: `Bearer ${verdaccio.token}` },
      })
    ).json()) as { versions: Record<string, unknown> };
    expect(Object.keys(packument.versions)).toEqual(['1.0.0']);
    // A redelivery of the same event changes nothing.
    const replay = await deliverPullRequest(closedEvent(1, true));
    expect(await replay.json()).toMatchObject({ duplicate: true, published: [], released: [], canceled: [] });
    expect((await api.get(`/projects/${projectId}/repository`)).body.repository.pullRequest).toMatchObject({
      number: 1,
      state: 'merged',
    });
    const notes = await readFile(join(work, 'src/resources/notes.ts'), 'utf8');
    await writeFile(
      join(work, 'src/resources/notes.ts'),
      notes
        .replace('}, options ?? {});\n    }\n    /**', '}, { timeout: 10_000, ...options });\n    }\n    /**')
        .replace('* Get one note\n', '* Fetch one note (our wording)\n'),
    );
    await mkdir(join(work, 'src/lib'), { recursive: true });
    const helper = 'export const pinnedFirst = <T extends { id: string }>(xs: T[]): T[] => [...xs];\n';
    await writeFile(join(work, 'src/lib/pinned.ts'), helper);
    await writeFile(
      join(work, 'README.md'),
      `${await readFile(join(work, 'README.md'), 'utf8')}\n## Our team's notes\n`,
    );
    await git(['add', '-A'], work);
    await git(['commit', '-q', '-m', 'Our code'], work);
    await git(['push', '-q', 'origin', 'main'], work);

    ({ runId: runB } = await finishedRun(api, V2, 'Notes', projectId));
    // The run read the repository: main is the customer's SDK, `generated` the base of the merge.
    const report = (await api.get(`/runs/${runB}/custom-code`)).body.reports[0];
    expect(report).toMatchObject({
      language: 'typescript',
      source: 'repository',
      baseRunId: runA,
      carried: ['src/lib/pinned.ts'],
      conflicts: [{ path: 'src/resources/notes.ts', kind: 'content' }],
    });
    expect(report.merged).toContain('README.md');
    const done = await publish(runB, '1.1.0');
    expect(done.providerResult?.summary).toMatch(/Opened pull request #2 \(Release 1\.1\.0\).*1 files have conflicts/);
    const pr = github.pulls[1]!;
    expect(pr).toMatchObject({ title: 'Release 1.1.0', head: 'sdk-release', base: 'main', state: 'open' });
    expect(pr.body).toContain('## Changelog');
    // The changelog the publish request wrote from the compatibility diff (breaking changes first).
    const action = await PublishingAction.findByPk(done.id);
    const changelog = String(action?.providerResult?.changelog ?? '').trim();
    expect(changelog.length).toBeGreaterThan(0);
    expect(pr.body).toContain(changelog);
    expect(pr.body).toMatch(/`src\/resources\/notes\.ts`: lines \d+–\d+/);

    const release = await clone(SDK_REPO, 'sdk-release');
    expect(await readFile(join(release, 'src/lib/pinned.ts'), 'utf8')).toBe(helper);
    expect(await readFile(join(release, 'README.md'), 'utf8')).toContain("## Our team's notes\n");
    expect(await readFile(join(release, 'src/models.ts'), 'utf8')).toContain('pinned');
    const merged = await readFile(join(release, 'src/resources/notes.ts'), 'utf8');
    expect(merged).toContain('{ timeout: 10_000, ...options }');
    expect(merged).toMatch(
      /<<<<<<< HEAD\n\s+\* Fetch one note \(our wording\)\n=======\n\s+\* Get one note by its id\n>>>>>>> new-generation/,
    );
    // The generated branch holds only the pristine generation.
    const generated = await clone(SDK_REPO, 'generated');
    expect(await readFile(join(generated, 'src/lib/pinned.ts'), 'utf8').catch(() => 'absent')).toBe('absent');
    // Publishing again updates the one open pull request instead of opening another.
    const again = await publish(runB, '1.1.1');
    expect(again.providerResult?.summary).toMatch(/Updated pull request #2 \(Release 1\.1\.1\)/);
    expect(github.pulls).toHaveLength(2);
    expect(github.pulls[1]!.title).toBe('Release 1.1.1');
    // The 1.1.0 release can no longer be what is merged.
    expect(await actionState(runB, done.id)).toMatchObject({
      state: 'canceled',
      error: { code: 'release_superseded' },
    });
    runBGithub = again.id;
  }, 300_000);

  it('the release webhook refuses a bad signature; a pull request closed unmerged cancels what waited, once', async () => {
    const npm = await publishNpm(runB, '1.1.1');
    const body = closedEvent(2, false);
    const tampered = await deliverPullRequest(body, {
      signature: `sha256=${createHmac('sha256', webhookSecret).update(body).digest('hex')}`.replace(/.$/, (c) =>
        c === '0' ? '1' : '0',
      ),
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({
      error: 'invalid_signature',
      message: expect.stringContaining('X-Hub-Signature-256'),
    });
    const unsigned = await fetch(`${service.url}/api/projects/${projectId}/release-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': 'pull_request' },
      body,
    });
    expect(unsigned.status).toBe(400);
    expect((await api.get(`/runs/${runB}/publish/actions`)).status).toBe(200);
    expect((await actionState(runB, npm.id))?.state).toBe('awaiting_merge');
    // Another event, or another pull request, changes nothing.
    const other = await deliverPullRequest(JSON.stringify({ zen: 'Keep it logically awesome.' }), { event: 'ping' });
    expect(await other.json()).toMatchObject({ merged: null, reason: 'ping event ignored' });
    const notOurs = await deliverPullRequest(closedEvent(7, true));
    expect(await notOurs.json()).toMatchObject({ merged: null, published: [], released: [] });
    expect((await actionState(runB, npm.id))?.state).toBe('awaiting_merge');

    const closed = await deliverPullRequest(body);
    expect(closed.status).toBe(200);
    const outcome = (await closed.json()) as { merged: boolean; canceled: string[] };
    expect(outcome.merged).toBe(false);
    expect([...outcome.canceled].sort()).toEqual([runBGithub, npm.id].sort());
    expect(await actionState(runB, npm.id)).toMatchObject({
      state: 'canceled',
      error: {
        code: 'pull_request_closed',
        message: 'The release pull request #2 was closed without merging: nothing was published.',
      },
    });
    expect((await actionState(runB, runBGithub))?.state).toBe('canceled');
    const replay = await deliverPullRequest(body);
    expect(await replay.json()).toMatchObject({ duplicate: true, canceled: [] });
    const missing = await fetch(`${service.url}/api/projects/prj_missing/release-webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'pull_request',
        'x-hub-signature-256': 'sha256=00',
      },
      body,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'not_found' });
  }, 180_000);
});

describe('a signed push of the description starts a run, once per commit', () => {
  let payload: string;
  let sha: string;
  const deliver = (body: string, signature: string) =>
    fetch(`${service.url}/api/projects/${projectId}/description-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': signature },
      body,
    });
  const sign = (body: string) => `sha256=${createHmac('sha256', webhookSecret).update(body).digest('hex')}`;

  beforeAll(async () => {
    const dir = await mkdtemp(join(root, 'spec-clone-'));
    await git(['clone', '-q', `${gitServer.url}${SPEC_REPO}.git`, 'work'], dir);
    const work = join(dir, 'work');
    await git(['checkout', '-q', '-b', 'main'], work);
    await writeFile(join(work, 'openapi.yaml'), V2.replace('title: Notes', 'title: Notes Pushed'));
    await git(['add', '-A'], work);
    await git(['commit', '-q', '-m', 'Describe pinned notes'], work);
    await git(['push', '-q', 'origin', 'main'], work);
    sha = (await git(['rev-parse', 'HEAD'], work)).trim();
    payload = JSON.stringify({
      ref: 'refs/heads/main',
      after: sha,
      repository: { full_name: SPEC_REPO, default_branch: 'main' },
      commits: [{ id: sha, added: [], modified: ['openapi.yaml'], removed: [] }],
    });
  });

  it('a tampered delivery is refused (400 invalid_signature) and starts nothing', async () => {
    const before = await Run.count({ where: { projectId } });
    const tampered = await deliver(
      payload.replace('Describe', 'Describe'),
      sign(payload).replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    );
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({
      error: 'invalid_signature',
      message: expect.stringContaining('X-Hub-Signature-256'),
    });
    const body = await deliver(payload.replace(SPEC_REPO, 'evil/spec'), sign(payload));
    expect(body.status).toBe(400);
    expect(await Run.count({ where: { projectId } })).toBe(before);
  });

  it('a valid delivery starts a run on the pushed description; a replay starts nothing new', async () => {
    const before = await Run.count({ where: { projectId } });
    const first = await deliver(payload, sign(payload));
    const started = (await first.json()) as { started: boolean; duplicate: boolean; runId: string };
    expect(first.status, JSON.stringify(started)).toBe(202);
    expect(started).toMatchObject({ started: true, duplicate: false });
    const run = await Run.findByPk(started.runId);
    expect(run?.projectId).toBe(projectId);
    expect(run?.inputSummary).toMatchObject({ openapiFileName: 'openapi.yaml' });
    expect(github.requests).toContain(`GET /repos/${SPEC_REPO}/contents/openapi.yaml?ref=${sha}`);
    const replay = await deliver(payload, sign(payload));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ started: false, duplicate: true, runId: started.runId });
    expect(await Run.count({ where: { projectId } })).toBe(before + 1);
    // A push that does not touch the description starts nothing.
    const other = JSON.stringify({
      ...JSON.parse(payload),
      after: 'f'.repeat(40),
      commits: [{ added: ['README.md'], modified: [] }],
    });
    const ignored = await deliver(other, sign(other));
    expect(ignored.status).toBe(200);
    expect(await ignored.json()).toMatchObject({ started: false, duplicate: false });
  });
});
