// The "Your code" card of a run page in a real browser (issue #32): the customer's custom files
// carried byte for byte, the npm packages their code imports added to our package.json, and the
// plain-words note when those packages could not be installed for the check (the registry is a
// closed port on 127.0.0.1). The customer's file names and version ranges are their text: a file
// named like an <img onerror> tag and a range holding "<script>" show as text and run nothing.
// Then, on a project whose SDK was downloaded, edits merged and a collision with its hunk; and the
// release pull request a publish to GitHub opened (real bare repositories served by
// `git http-backend`, a 127.0.0.1 server speaking GitHub's pull-request routes).

const exec = promisify(execFile);
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'custom-code');
const NOTES_V1 = readFileSync(join(FIXTURES, 'notes-v1.yaml'), 'utf8');
const NOTES_V2 = readFileSync(join(FIXTURES, 'notes-v2.yaml'), 'utf8');
const TOKEN = 'ghp_web_your_code_0123456789abcdef';
const SDK_REPO = 'acme/notes-node';

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGithub, type FakeGithub } from '../fakes/github-server.ts';
import { startGitHttpServer, type GitHttpServer } from '../fakes/git-http-server.ts';
import { closedPort } from '../fakes/local-server.ts';
import { waitForAction } from '../setup/publishing.ts';
import { browserAvailable, startWebHarness, warnIfSkipped, type Page, type WebHarness } from './web-harness.ts';

warnIfSkipped('web-app-custom-code browser tests');

const TICKETS = `openapi: 3.1.0
info:
  title: Ticketing
  version: 1.0.0
servers:
  - url: https://api.tickets.example/v1
paths:
  /tickets:
    get:
      operationId: listTickets
      responses:
        '200':
          description: The tickets
          content:
            application/json:
              schema:
                type: array
                items:
                  type: object
                  required: [id]
                  properties:
                    id: { type: string }
`;

const HOSTILE_FILE = 'src/lib/<img src=x onerror=window.__pwned=1>.ts';
// Only registry ranges are carried ([0-9A-Za-z.-^~<>=|*+ ]): enough for a tag.
const HOSTILE_RANGE = '>=1 <script>alert<script>';

/** The SDK the customer sends: two custom files, and a package.json declaring what they import. */
const OLD_SDK = `// File: package.json
${JSON.stringify({ name: 'ticketing', version: '1.0.0', dependencies: { ws: '^8.18.3', 'left-pad': HOSTILE_RANGE } }, null, 2)}
// File: src/lib/socket.ts
import WebSocket from 'ws';

export const open = (url: string) => new WebSocket(url);
// File: ${HOSTILE_FILE}
import leftPad from 'left-pad';

export const pad = (s: string) => leftPad(s, 8);
`;

declare const document: { querySelectorAll(s: string): ArrayLike<{ getAttributeNames(): string[] }> };

describe.skipIf(!browserAvailable)('the "Your code" card', { timeout: 120_000 }, () => {
  let web: WebHarness;
  let owner: Page;
  let runId = '';
  const dialogs: string[] = [];

  let root = '';
  let gitServer: GitHttpServer;
  let github: FakeGithub;

  beforeAll(async () => {
    const registry = `http://127.0.0.1:${await closedPort()}/`;
    root = await mkdtemp(join(tmpdir(), 'web-your-code-remote-'));
    await mkdir(join(root, 'acme'));
    await exec('git', ['init', '-q', '--bare', '-b', 'main', join(root, `${SDK_REPO}.git`)]);
    gitServer = await startGitHttpServer(root, TOKEN);
    github = await startFakeGithub(root, TOKEN);
    web = await startWebHarness({
      CUSTOM_CODE_NPM_REGISTRY: registry,
      PUBLISH_APPROVED: 'true',
      PUBLISH_GITHUB_REMOTE_BASE: gitServer.url,
      PUBLISH_GITHUB_TOKEN: TOKEN,
      PUBLISH_GITHUB_API_URL: github.url,
    });
    owner = web.owner;
    owner.on('dialog', async (d: { message: () => string; dismiss: () => Promise<void> }) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    ({ runId } = await web.report({
      openapiText: TICKETS,
      openapiFileName: 'tickets.yaml',
      projectName: 'Ticketing',
      oldSdkText: OLD_SDK,
      oldSdkFileName: '3 files',
    }));
  }, 400_000);
  afterAll(async () => {
    await web?.close();
    await github?.close();
    await gitServer?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('lists the carried files and the added npm packages as text, with the note that they could not be installed', async () => {
    await owner.goto(`${web.origin}/runs/${runId}`);
    const section = owner.getByRole('region', { name: 'Your TypeScript code' });
    await section.waitFor({ timeout: 20_000 });
    expect(await section.textContent()).toContain('From the SDK you sent');

    const carried = await section.getByRole('list', { name: 'Carried byte for byte' }).locator('li').allTextContents();
    expect(carried).toEqual(expect.arrayContaining(['src/lib/socket.ts', HOSTILE_FILE]));

    const packages = await section
      .getByRole('list', { name: 'npm packages your code imports, added to package.json' })
      .locator('li')
      .allTextContents();
    expect(packages).toEqual(expect.arrayContaining(['ws@^8.18.3', `left-pad@${HOSTILE_RANGE}`]));

    const [install, notCarried] = await section.getByRole('note').allTextContents();
    expect(install).toMatch(/^The npm dependencies of your code could not be installed/);
    expect(install).toMatch(/127\.0\.0\.1/);
    // A first run has no earlier generation to merge the package.json they sent against.
    expect(notCarried).toMatch(/^No generation you received earlier is known.* 1 of your files differs/);
    expect(
      await section.getByRole('list', { name: 'Your files that differ, not carried' }).locator('li').allTextContents(),
    ).toEqual(['package.json']);
    expect(await section.locator('h3 .badge').textContent()).toBe('carried');

    // Nothing of the customer's text ran or became markup.
    expect(await owner.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const handlers = await owner.evaluate(() =>
      Array.from(document.querySelectorAll('*')).flatMap((el) => el.getAttributeNames().filter((n) => /^on/i.test(n))),
    );
    expect(handlers).toEqual([]);
    expect(await owner.locator('img[src="x"], script:not([src])').count()).toBe(0);

    await web.axe(owner, 'run (your code)');
    await web.shots(owner, 'run-your-code');
    expect(web.errors).toEqual([]);
  });

  it('after a download, shows the edits merged and a collision with its lines; a publish shows the pull request', async () => {
    const v1 = await web.report({ openapiText: NOTES_V1, openapiFileName: 'notes.yaml', projectName: 'Notes' });
    // The customer downloads the TypeScript SDK: that generation is what they received (the base).
    const artifacts = (await web.api.get(`/runs/${v1.runId}/artifacts`)).body.artifacts as {
      id: string;
      kind: string;
    }[];
    const sdk = artifacts.find((a) => a.kind === 'typescript_sdk')!;
    const download = await fetch(`${web.service.url}/api/runs/${v1.runId}/artifacts/${sdk.id}`, {
      headers: { authorization: `Bearer ${web.apiKey}` },
    });
    expect(download.status).toBe(200);
    const unpacked = await mkdtemp(join(tmpdir(), 'web-your-code-sdk-'));
    await writeFile(join(unpacked, 'sdk.tar.gz'), Buffer.from(await download.arrayBuffer()));
    await exec('tar', ['-xzf', 'sdk.tar.gz'], { cwd: unpacked });
    // Their SDK as they keep it (the sources, README and package.json they received), with two edits:
    // a README section (merges cleanly) and a doc comment the next description rewords (collides).
    const edits: Record<string, (text: string) => string> = {
      'README.md': (text) => `${text}\n## Our team's notes\n\nAsk #sdk before upgrading.\n`,
      'src/resources/notes.ts': (text) => text.replace('* Get one note\n', '* Fetch one note (our wording)\n'),
    };
    const kept = (await readdir(unpacked, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => relative(unpacked, join(e.parentPath, e.name)))
      .filter((path) => path === 'README.md' || path === 'package.json' || path.startsWith('src/'))
      .sort();
    let oldSdkText = '';
    for (const path of kept) {
      const text = await readFile(join(unpacked, path), 'utf8');
      const edited = edits[path]?.(text) ?? text;
      if (edits[path]) expect(edited, path).not.toBe(text);
      oldSdkText += `// File: ${path}\n${edited}${edited.endsWith('\n') ? '' : '\n'}`;
    }
    const v2 = await web.report({
      openapiText: NOTES_V2,
      openapiFileName: 'notes.yaml',
      projectId: v1.projectId,
      oldSdkText,
      oldSdkFileName: `${kept.length} files`,
    });

    await owner.goto(`${web.origin}/runs/${v2.runId}`);
    const section = owner.getByRole('region', { name: 'Your TypeScript code' });
    await section.waitFor({ timeout: 20_000 });
    const custom = (await web.api.get(`/runs/${v2.runId}/custom-code`)).body;
    expect(await section.locator('h3 .badge').textContent(), JSON.stringify(custom)).toBe('1 conflicts');
    expect(await section.textContent()).toContain(`merged against the generation of run ${v1.runId}`);
    expect(await section.getByRole('list', { name: 'Your edits merged' }).locator('li').allTextContents()).toEqual([
      'README.md',
    ]);
    const conflicts = await section.getByRole('list', { name: 'Conflicts' }).locator('li').allTextContents();
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatch(/^src\/resources\/notes\.ts lines \d+–\d+$/);
    // The verdict names the conflict among its reasons for review.
    const reasons = await owner
      .getByRole('list', { name: 'Why this run needs review' })
      .locator('li')
      .allTextContents();
    expect(
      reasons.map((r: string) => r.trim()),
      JSON.stringify(reasons),
    ).toContain(
      'TypeScript SDK: 1 file of your code merged with conflicts (marked in the files); see "Your code" below.',
    );
    await web.axe(owner, 'run (your code, conflicts)');
    await web.shots(owner, 'run-your-code-conflicts');

    // The project's SDK repository connected; publishing v2 to github opens the release pull request.
    const connected = await web.api.post(`/projects/${v1.projectId}/repository`, { sdkRepository: SDK_REPO });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const requested = await web.api.post(`/runs/${v2.runId}/publish/publish`, {
      registry: 'github',
      packageName: SDK_REPO,
      version: '2.0.0',
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(202);
    const done = await waitForAction(web.api, v2.runId, requested.body.publishAction.id);
    expect(done.providerResult?.state, JSON.stringify(done.providerResult)).toBe('awaiting_merge');
    expect(github.pulls).toMatchObject([{ number: 1, head: 'sdk-release', state: 'open' }]);
    await owner.reload();
    const link = owner.getByRole('link', { name: '#1' });
    await link.waitFor({ timeout: 20_000 });
    expect(await link.getAttribute('href')).toBe(`https://github.example/${SDK_REPO}/pull/1`);
    expect(
      await owner.getByText(/Release pull request #1 from sdk-release: merging it approves the release\./).count(),
    ).toBe(1);
    expect(web.errors).toEqual([]);
  }, 400_000);
});
