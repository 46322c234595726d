// Release pull requests and description pushes end to end (docs/custom-code-and-release-prs.md):
// real bare repositories served by `git http-backend` over HTTP on 127.0.0.1, a small server
// speaking GitHub's REST routes (pull requests, contents), the service with a worker, real runs.

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
let webhookSecret: string;

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
  const dir = await mkdtemp(join(tmpdir(), 'release-pr-clone-'));
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
  expect(done.providerResult?.state, JSON.stringify(done.providerResult)).toBe('published');
  return done;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'release-pr-remote-'));
  await mkdir(join(root, 'acme'));
  for (const repo of [SDK_REPO, SPEC_REPO])
    await git(['init', '-q', '--bare', '-b', 'main', join(root, `${repo}.git`)], root);
  gitServer = await startGitHttpServer(root, TOKEN);
  github = await startFakeGithub(root, TOKEN);
  service = await startTestService({
    ROLE: 'all',
    REPORT_RATE_LIMIT: '1000',
    PUBLISH_APPROVED: 'true',
    PUBLISH_GITHUB_REMOTE_BASE: gitServer.url,
    PUBLISH_GITHUB_TOKEN: TOKEN,
    PUBLISH_GITHUB_API_URL: github.url,
  });
  api = rest(service.url, (await newWorkspace(service)).token);
  ({ runId: runA, projectId } = await finishedRun(api, V1, 'Notes'));
}, 300_000);

afterAll(async () => {
  await service?.stop();
  await github?.close();
  await gitServer?.close();
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
  }, 180_000);

  it('after the customer merges it and edits main, the next release carries their code and reports the collision', async () => {
    // The customer approves (merges) the pull request, then writes their own code on main.
    const work = await clone(SDK_REPO, 'main');
    await git(['fetch', '-q', 'origin', 'sdk-release'], work);
    await git(['merge', '-q', '--ff-only', 'FETCH_HEAD'], work);
    github.pulls[0]!.state = 'closed';
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
  }, 300_000);
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
    const dir = await mkdtemp(join(tmpdir(), 'release-pr-spec-'));
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
