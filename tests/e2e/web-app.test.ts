// The web app in a real browser: Debian's Chromium (playwright-core), one shared browser, against
// the real service process (`node bin/start.mjs`, as `npm start` runs it: API and worker) on its
// own PostgreSQL database. It signs in through the one-time URL the process prints, starts a report
// from a file, watches every step finish, reads a diagnostic's source, browses the TypeScript SDK,
// publishes the docs preview, creates and revokes a key, invites a member and changes their role;
// a viewer is offered no controls and gets the server's 403 if forced; another workspace's run is
// "not found"; a hostile description runs nothing; axe finds no serious or critical violation on
// any page, and no page logs a console error.

import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection.ts';
import { ApiKey, Member, Run } from '../../db/models/index.ts';
import { createWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { ensureWebBuilt } from '../../web/build.ts';
import { createTestDatabase } from '../setup/database.ts';
import { rest } from '../setup/http.ts';
import { spawnService, type ServiceProcess } from '../setup/process.ts';
import { addMember } from '../setup/workspace.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const hasPlaywright = existsSync(join(import.meta.dirname, '../../node_modules/playwright-core/package.json'));
const available = existsSync(CHROMIUM) && hasPlaywright;
if (!available) console.warn(`\n*** web-app browser tests SKIPPED: ${existsSync(CHROMIUM) ? '' : `${CHROMIUM} is missing; `}${hasPlaywright ? '' : 'playwright-core is not installed'} ***\n`);

export const SCREENSHOTS = join(tmpdir(), 'report-service-test-artifacts', 'web');
const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

/** A small description with two warnings (an operation without operationId, an unused schema). */
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
      summary: List tickets
      responses:
        '200':
          description: The tickets
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Ticket' }
    post:
      summary: Open a ticket
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Ticket' }
      responses:
        '201':
          description: Opened
components:
  schemas:
    Ticket:
      type: object
      required: [id, title]
      properties:
        id: { type: string }
        title: { type: string }
    Unused:
      type: object
      properties:
        x: { type: string }
`;

type Page = any;
interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary?: string }[] }[];
}

/**
 * The little of the DOM the functions below use inside the page. They are real functions, not
 * strings: the app's CSP forbids eval, so a string predicate would be refused (as it should).
 */
declare const document: {
  querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>;
  querySelector(selector: string): { value?: string } | null;
  activeElement: { textContent: string | null } | null;
};
const ALL_STEPS_FINISHED = () => {
  const steps = Array.from(document.querySelectorAll('li.step'));
  return steps.length >= 6 && steps.every((s) => !['pending', 'running'].includes(s.getAttribute('data-status') ?? ''));
};
interface Browser {
  newContext: (o?: object) => Promise<{ newPage: () => Promise<Page>; close: () => Promise<void>; cookies: () => Promise<{ name: string; httpOnly: boolean; sameSite: string }[]> }>;
  close: () => Promise<void>;
}

describe.skipIf(!available)('web app in headless Chromium', () => {
  let browser: Browser;
  let service: ServiceProcess;
  let db: Database;
  let signInUrl = '';
  let origin = '';
  let owner: Page;
  let ownerContext: Awaited<ReturnType<Browser['newContext']>>;
  let runId = '';
  const errors: string[] = [];
  const dialogs: string[] = [];
  let AxeBuilder: new (o: { page: Page }) => { withTags: (t: string[]) => { analyze: () => Promise<AxeResult> } };

  async function watch(page: Page, who: string): Promise<Page> {
    page.on('console', (m: { type: () => string; text: () => string }) => {
      if (m.type() === 'error') errors.push(`${who} ${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e: Error) => errors.push(`${who} pageerror ${page.url()}: ${e.message}`));
    page.on('dialog', async (d: { message: () => string; dismiss: () => Promise<void> }) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    return page;
  }

  /** axe-core on the page as it stands: no serious or critical violation. */
  async function axe(page: Page, name: string): Promise<void> {
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id} (${v.impact}): ${v.help} ×${v.nodes.length} at ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`), name).toEqual([]);
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await ensureWebBuilt(() => {});
    const databaseUrl = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'report-service-web-'));
    service = await spawnService({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, BOOTSTRAP: 'true', WORKER_HEARTBEAT_SECONDS: '1', AUTH_FAILURE_LIMIT: '1000000' }, 90_000);
    const printed = /(http:\/\/\S+\/sign-in#token=[A-Za-z0-9_-]+)/.exec(service.output());
    if (!printed?.[1]) throw new Error(`no sign-in URL printed:\n${service.output()}`);
    signInUrl = printed[1];
    origin = new URL(signInUrl).origin;
    db = await openDatabase({ databaseUrl, dataDir, embeddedPort: 0 });
    ({ default: AxeBuilder } = (await import('@axe-core/playwright')) as unknown as { default: typeof AxeBuilder });
    const { chromium } = (await import('playwright-core')) as unknown as { chromium: { launch: (o: object) => Promise<Browser> } };
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 });
    ownerContext = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    owner = await watch(await ownerContext.newPage(), 'owner');
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await db?.close();
  });

  it('signs in through the printed one-time URL, which then leaves the address bar and cannot be reused', async () => {
    await owner.goto(signInUrl);
    await owner.getByRole('heading', { name: 'Projects' }).waitFor({ timeout: 20_000 });
    expect(owner.url()).not.toContain('token=');
    const cookies = await ownerContext.cookies();
    const session = cookies.find((c) => c.name === 'rs_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    await axe(owner, 'projects (empty)');
    // The same link in a fresh browser: refused.
    const other = await browser.newContext();
    const again = await watch(await other.newPage(), 'reuse');
    await again.goto(signInUrl);
    await again.getByText('The sign-in link did not work').waitFor();
    expect(await again.getByRole('alert').textContent()).toContain('already used');
    await axe(again, 'sign-in');
    await shot(again, 'sign-in');
    await other.close();
    // That page's 401 is an expected console error of the browser (a failed request); drop it.
    errors.splice(0, errors.length, ...errors.filter((e) => !e.startsWith('reuse')));
  });

  it('starts a report from a file (a double submit starts one run) and watches every step finish', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'web-upload-')), 'tickets.yaml');
    writeFileSync(file, TICKETS);
    await owner.getByRole('link', { name: 'New report' }).first().click();
    await owner.getByRole('heading', { name: 'New report' }).waitFor();
    await owner.getByText(/Limit: 25\.0 MB|Limit: 25 MB/).first().waitFor();
    await axe(owner, 'new report');
    await owner.getByLabel('OpenAPI description').setInputFiles(file);
    await owner.getByLabel('New project name').fill('Ticketing');
    await shot(owner, 'new-report');
    await owner.getByRole('button', { name: 'Start report' }).dblclick();
    await owner.waitForURL(/\/runs\/run_[a-z0-9]+$/, { timeout: 20_000 });
    runId = /\/runs\/(run_[a-z0-9]+)/.exec(owner.url())![1]!;
    expect(await Run.count({ where: { orgId: (await Run.findByPk(runId))!.orgId } })).toBe(1);
    // Live: the steps appear and finish without a reload.
    await owner.locator('li.step').first().waitFor({ timeout: 60_000 });
    await owner.waitForFunction(ALL_STEPS_FINISHED, undefined, { timeout: 180_000, polling: 500 });
    const statuses: string[] = [];
    for (const step of await owner.locator('li.step').all()) statuses.push(`${await step.getAttribute('data-step')}=${await step.getAttribute('data-status')}`);
    expect(statuses).toContain('typescript_sdk=passed');
    expect(statuses).toContain('python_sdk=passed');
    await owner.getByText(/Needs review: everything was built/).waitFor({ timeout: 10_000 });
    await axe(owner, 'run');
    await shot(owner, 'run');
    // Dark theme: same page, same checks.
    await owner.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await owner.locator('html').getAttribute('data-theme')).toBe('dark');
    await axe(owner, 'run (dark)');
    await shot(owner, 'run-dark');
    await owner.getByRole('button', { name: 'Switch to light theme' }).click();
    // Keyboard alone: Tab reaches the Diagnostics tab, Enter opens it.
    let reached = false;
    for (let i = 0; i < 40 && !reached; i += 1) {
      await owner.keyboard.press('Tab');
      reached = await owner.evaluate(() => /^Diagnostics/.test(document.activeElement?.textContent ?? ''));
    }
    expect(reached).toBe(true);
    await owner.keyboard.press('Enter');
    await owner.waitForURL(/\/diagnostics$/);
    await owner.getByRole('link', { name: 'Steps' }).click();
  }, 240_000);

  it("opens a diagnostic's source, highlighted at its line, with its JSON pointer", async () => {
    await owner.getByRole('link', { name: /^Diagnostics/ }).click();
    await owner.getByText('components/unused').waitFor();
    const item = owner.locator('.diag').filter({ hasText: 'Unused' }).first();
    await item.locator('summary').click();
    const code = item.getByRole('region', { name: /Source around line/ });
    await code.waitFor();
    expect(await code.locator('.line-marked').textContent()).toContain('Unused');
    expect(await item.locator('code').first().textContent()).toBe('/components/schemas/Unused');
    // Filters: hiding warnings leaves nothing of this report.
    await owner.getByRole('checkbox', { name: /Warnings/ }).uncheck();
    await owner.getByText('Nothing matches the filter').waitFor();
    await owner.getByRole('checkbox', { name: /Warnings/ }).check();
    await axe(owner, 'diagnostics');
    await shot(owner, 'diagnostics');
  });

  it('browses the TypeScript SDK tree and reads a file in the page', async () => {
    await owner.getByRole('link', { name: /^Artifacts/ }).click();
    await owner.getByRole('link', { name: 'Browse TypeScript SDK' }).click();
    await owner.getByRole('tree', { name: 'Files' }).waitFor();
    await owner.getByRole('button', { name: 'package.json' }).first().click();
    const code = owner.getByRole('region', { name: /Source of .*package\.json/ });
    await code.waitFor();
    expect(await code.textContent()).toContain('"name"');
    // Highlighted by shiki: tokens carry colours.
    await owner.waitForFunction(() => document.querySelectorAll('.code .lc span[style]').length > 5);
    await axe(owner, 'artifact browser');
    await shot(owner, 'sdk-browser');
  });

  it('publishes the docs preview and shows its URL', async () => {
    await owner.getByRole('link', { name: /All artifacts/ }).click();
    await owner.getByRole('button', { name: 'Publish docs preview' }).click();
    const link = owner.getByTestId('preview-url');
    await link.waitFor();
    const url = await link.textContent();
    expect(url).toMatch(/\/docs-preview\/share_/);
    const page = await fetch(url!.replace('localhost', '127.0.0.1'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Ticketing');
    await axe(owner, 'artifacts');
  });

  it('shows the compatibility and publishing pages with a dry-run checklist', async () => {
    await owner.getByRole('link', { name: 'Compatibility' }).click();
    await owner.getByText(/No compatibility diff|Migration risk|Description changes/).first().waitFor();
    await axe(owner, 'compat');
    await owner.getByRole('link', { name: 'Publishing' }).click();
    await owner.getByRole('button', { name: 'Run dry run' }).click();
    await owner.locator('.checklist li').first().waitFor();
    await owner.locator('table').getByText('Dry run').first().waitFor();
    await axe(owner, 'publishing');
  });

  it('a second report, pasted, on the same project shows the description diff on the compatibility page', async () => {
    const projectId = (await Run.findByPk(runId))!.projectId;
    await owner.goto(`${origin}/new?projectId=${projectId}`);
    await owner.getByText('Paste text').click();
    // The second version drops the required `title`: a breaking change for clients that send it.
    await owner.getByLabel('Paste the description').fill(TICKETS.replace('version: 1.0.0', 'version: 2.0.0').replace('required: [id, title]', 'required: [id]').replace('        title: { type: string }\n', ''));
    await owner.getByRole('button', { name: 'Start report' }).click();
    await owner.waitForURL(/\/runs\/run_[a-z0-9]+$/, { timeout: 20_000 });
    await owner.waitForFunction(ALL_STEPS_FINISHED, undefined, { timeout: 180_000, polling: 500 });
    await owner.getByRole('link', { name: 'Compatibility' }).click();
    await owner.getByRole('heading', { name: /Description changes: \d+ breaking/ }).waitFor();
    await axe(owner, 'compat (diff)');
    await shot(owner, 'compat');
  }, 240_000);

  it('creates an API key (token shown once) and revokes it', async () => {
    await owner.getByRole('link', { name: 'API keys' }).click();
    await owner.getByLabel('Name').fill('e2e key');
    await owner.getByRole('button', { name: 'Create key' }).click();
    const token = await owner.getByTestId('new-token').textContent();
    expect(token).toMatch(/^rsk_/);
    expect((await rest(service.url, token!).get('/me')).status).toBe(200);
    await axe(owner, 'api keys');
    await owner.getByRole('button', { name: 'Revoke e2e key' }).click();
    await owner.getByRole('row', { name: /e2e key/ }).getByText('Revoked').waitFor();
    expect((await rest(service.url, token!).get('/me')).status).toBe(401);
  });

  it('invites a member and changes their role; the server\'s refusals are shown', async () => {
    await owner.getByRole('link', { name: 'Members' }).click();
    await owner.getByLabel('Email').fill('new.teammate@example.com');
    await owner.getByLabel('Role', { exact: true }).selectOption('editor');
    await owner.getByRole('button', { name: 'Send invite' }).click();
    const select = owner.getByLabel('Role of new.teammate@example.com');
    await select.waitFor();
    await select.selectOption('viewer');
    await owner.waitForFunction(() => document.querySelector('select[aria-label="Role of new.teammate@example.com"]')?.value === 'viewer');
    await expect.poll(async () => (await Member.findOne({ where: { email: 'new.teammate@example.com' } }))?.role).toBe('viewer');
    // Inviting the same person again: the server's message, as it said it.
    await owner.getByLabel('Email').fill('new.teammate@example.com');
    await owner.getByRole('button', { name: 'Send invite' }).click();
    await owner.getByRole('alert').filter({ hasText: 'The invite failed' }).waitFor();
    // The browser logs that refused request (400) as a console error: it is the one we provoked.
    errors.splice(0, errors.length, ...errors.filter((e) => !(e.includes('/workspace/members') && e.includes('400'))));
    await axe(owner, 'members');
    await owner.getByRole('link', { name: 'Billing' }).click();
    await owner.getByText('Runs this month').first().waitFor();
    await axe(owner, 'billing');
  });

  it('a viewer is not offered controls their role cannot use, and gets the 403 message if forced', async () => {
    const orgId = (await Run.findByPk(runId))!.orgId;
    const viewer = await addMember(orgId, 'viewer');
    const context = await browser.newContext();
    const page = await watch(await context.newPage(), 'viewer');
    await page.goto(`${origin}/sign-in`);
    await page.getByLabel('API key').fill(viewer.token);
    await page.getByRole('button', { name: 'Sign in with API key' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    expect(await page.getByRole('link', { name: 'New report' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    await page.goto(`${origin}/runs/${runId}`);
    await page.getByText(/Needs review/).first().waitFor();
    expect(await page.getByRole('button', { name: /Cancel run|Retry/ }).count()).toBe(0);
    await page.goto(`${origin}/runs/${runId}/artifacts`);
    await page.getByRole('link', { name: 'Browse TypeScript SDK' }).waitFor();
    expect(await page.getByRole('button', { name: 'Publish docs preview' }).count()).toBe(0);
    await page.goto(`${origin}/workspace/members`);
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('button', { name: 'Send invite' }).count()).toBe(0);
    expect(await page.getByRole('combobox').count()).toBe(0);
    await axe(page, 'members (viewer)');
    // Forced: the request the retry button would send, from the viewer's signed-in page.
    const forced = await page.evaluate(async (id: string) => {
      const res = await fetch('/trpc/runs.retry', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ runId: id }) });
      return { status: res.status, body: await res.json() };
    }, runId);
    expect(forced.status).toBe(403);
    expect(forced.body.error.data.code).toBe('insufficient_scope');
    expect(forced.body.error.message).toContain('runs:write');
    await context.close();
    errors.splice(0, errors.length, ...errors.filter((e) => !(e.startsWith('viewer') && e.includes('403'))));
  });

  it('from another origin on the same site (the cookie is sent), a form post and a fetch both fail and change nothing', async () => {
    const target = `${origin}/trpc/apiKeys.create`;
    const evilHtml = `<!doctype html><title>evil</title>
<form id="f" method="POST" action="${target}" enctype="text/plain"><input name='{"name":"pwned","x":"' value='"}'></form>
<script>
  fetch(${JSON.stringify(target)}, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'pwned-fetch' }) })
    .then((r) => { document.title = 'fetch:' + r.status; }, (e) => { document.title = 'fetch:blocked'; })
    .finally(() => document.getElementById('f').submit());
</script>`;
    const evil = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(evilHtml));
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', () => resolve()));
    const port = (evil.address() as { port: number }).port;
    const orgId = (await Run.findByPk(runId))!.orgId;
    const before = await ApiKey.count({ where: { orgId } });
    const page = await (await ownerContext.newPage());
    const posted = page.waitForResponse((r: { url: () => string }) => r.url() === target, { timeout: 20_000 });
    // localhost:<another port>: another origin, the same site, so SameSite=Strict still sends the cookie.
    await page.goto(`http://localhost:${port}/`);
    const response = await posted;
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain('another origin');
    // The browser did send the session cookie: the Origin check, not SameSite, is what refused it.
    expect((await response.request().allHeaders()).cookie ?? '').toContain('rs_session=');
    expect(response.request().method()).toBe('POST');
    expect(await ApiKey.count({ where: { orgId } })).toBe(before);
    await page.close();
    await new Promise<void>((resolve) => evil.close(() => resolve()));
  });

  it("another workspace's run URL shows not found", async () => {
    const other = await createWorkspace(db.sequelize, { name: 'Elsewhere', email: `else-${Date.now()}@example.com` });
    const started = await rest(service.url, other.token).post('/reports/start', { openapiText: TICKETS });
    expect(started.status).toBe(202);
    await owner.goto(`${origin}/runs/${started.body.run.id}`);
    await owner.getByRole('heading', { name: 'Not found' }).waitFor();
    await owner.goto(`${origin}/projects/${started.body.project.id}`);
    await owner.getByRole('heading', { name: 'Not found' }).waitFor();
    await axe(owner, 'not found');
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('404')));
  });

  it('a hostile description (HTML and script in titles and descriptions) runs nothing in the app', async () => {
    await owner.goto(`${origin}/new`);
    await owner.getByLabel('OpenAPI description').setInputFiles(join(FIXTURES, 'docs', 'hostile.openapi.json'));
    await owner.getByRole('button', { name: 'Start report' }).click();
    await owner.waitForURL(/\/runs\/run_[a-z0-9]+$/, { timeout: 20_000 });
    const hostileRun = /\/runs\/(run_[a-z0-9]+)/.exec(owner.url())![1]!;
    await owner.waitForFunction(ALL_STEPS_FINISHED, undefined, { timeout: 180_000, polling: 500 });
    for (const path of ['', '/diagnostics', '/artifacts', '/compat', '/publishing']) {
      await owner.goto(`${origin}/runs/${hostileRun}${path}`);
      await owner.locator('.tabs').waitFor();
      await owner.waitForTimeout(300);
    }
    const summaries = owner.locator('.diag summary');
    if ((await summaries.count()) > 0) await summaries.first().click();
    await owner.goto(`${origin}/`);
    await owner.getByRole('table').waitFor();
    await owner.goto(`${origin}/runs/${hostileRun}/artifacts`);
    await owner.getByRole('link', { name: 'Browse TypeScript SDK' }).click();
    await owner.getByRole('tree', { name: 'Files' }).waitFor();
    await owner.waitForTimeout(500);
    expect(await owner.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await owner.locator('img[src="x"], script:not([src])').count()).toBe(0);
  }, 240_000);

  it('logged no console errors on any page', () => {
    expect(errors).toEqual([]);
  });
});
