// The run page in a real browser (issue #34): the header while a run is live says how far it got,
// never a verdict; "Needs review" lists this run's own causes; step summaries and counts are in
// words (no request paths, field names, "Compile ms" or "1 errors"); the diagnostics link to the
// rule's page inside the app; the file browser opens on the README, rendered, with dist/ closed;
// at 390 px the sidebar is a bar, the verdict has the width and code tables keep their lines;
// after a run, the curl / CI snippet for the next one. Two real runs of one project over REST.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Run, RunInput } from '../../db/models/index.ts';
import { browserAvailable, startWebHarness, warnIfSkipped, type Page, type WebHarness } from './web-harness.ts';

warnIfSkipped('web-app-run browser tests');

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
  /tickets/{ticketId}:
    get:
      operationId: getTicket
      parameters:
        - { name: ticketId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: One ticket
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Ticket' }
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
/** The second version removes an operation: a breaking change, so that run needs review. */
const TICKETS_V2 = TICKETS.replace('version: 1.0.0', 'version: 2.0.0').replace(
  / {2}\/tickets\/\{ticketId\}:[\s\S]*?(?=components:)/,
  '',
);
/** The SDK the customer ships today (its `retrieve` is gone in v2). */
const OLD_SDK = `// File: src/resources/tickets.ts
export class Tickets extends APIResource {
  list(options?: Core.RequestOptions): Core.APIPromise<Ticket[]> {
    return this._client.get('/tickets', options);
  }
  retrieveTicketWithAVeryLongMethodName(ticketId: string, options?: Core.RequestOptions): Core.APIPromise<Ticket> {
    return this._client.get(\`/tickets/\${ticketId}\`, options);
  }
}
`;

declare const document: {
  querySelector(s: string): { getBoundingClientRect(): { top: number; width: number; height: number } } | null;
  querySelectorAll(s: string): ArrayLike<{ getBoundingClientRect(): { width: number; height: number } }>;
  body: { innerText: string };
};

describe.skipIf(!browserAvailable)('the run page', { timeout: 120_000 }, () => {
  let web: WebHarness;
  let owner: Page;
  let first = '';
  let second = '';
  let projectId = '';

  beforeAll(async () => {
    web = await startWebHarness();
    owner = web.owner;
    const v1 = await web.report({ openapiText: TICKETS, openapiFileName: 'tickets.yaml', projectName: 'Ticketing' });
    first = v1.runId;
    projectId = v1.projectId;
    second = (
      await web.report({
        openapiText: TICKETS_V2,
        openapiFileName: 'tickets.yaml',
        projectId: v1.projectId,
        oldSdkText: OLD_SDK,
        oldSdkFileName: '1 file',
      })
    ).runId;
  }, 400_000);
  afterAll(async () => web?.close());

  it('while a run is live the header says how far it got, not a verdict (0 of 9 steps: no "Generated")', async () => {
    // The state a worker writes when it claims a run (runner.ts claimRun): running, the placeholder
    // verdict `generated`, every step pending.
    const row = (await Run.findByPk(first))!;
    const saved = { status: row.status, verdict: row.verdict, steps: row.steps };
    await Run.update(
      {
        status: 'running',
        verdict: 'generated',
        steps: row.steps.map((s) => ({ name: s.name, status: 'pending' as const })),
      },
      { where: { id: first } },
    );
    try {
      await owner.goto(`${web.origin}/runs/${first}`);
      const verdict = owner.getByRole('region', { name: 'Verdict' });
      await verdict.getByText(/Running: 0 of 9 steps finished/).waitFor();
      expect(await verdict.textContent()).not.toMatch(/Generated/);
      await web.axe(owner, 'run (live, nothing finished)');
    } finally {
      await Run.update(saved, { where: { id: first } });
    }
  });

  it('"Needs review" lists the causes of this run only, each with where to look', async () => {
    const run = (await Run.findByPk(second))!;
    expect(run.verdict).toBe('needs_review');
    await owner.goto(`${web.origin}/runs/${second}`);
    const reasons = owner.getByRole('list', { name: 'Why this run needs review' });
    await reasons.waitFor();
    const items = (await reasons.locator('li').allTextContents()).join('\n');
    expect(items).toMatch(/breaking changes? against the earlier description or SDK/);
    // Not the catalogue of every possible cause.
    const text = await owner.getByRole('region', { name: 'Verdict' }).textContent();
    expect(text).not.toMatch(/such as a name collision/);
    expect(text).not.toMatch(/warnings? that changes? what the SDKs do/); // this run has none to review
    await reasons.getByRole('link', { name: 'See the changes' }).click();
    await owner.waitForURL(/\/compat$/);
  });

  it('step summaries and counts are in words: no request path, field name, "Compile ms" or "1 errors"', async () => {
    await owner.goto(`${web.origin}/runs/${first}`);
    await owner.locator('li.step[data-step="docs"]').waitFor();
    const steps = await owner.locator('ol.steps').textContent();
    expect(steps).not.toMatch(/POST \/api|oldSdkText|docsSourceText|needs_review|Compile ms|\b1 (errors|warnings)\b/);
    expect(steps).toMatch(/publish it from the Artifacts tab/);
    const second_ = await owner.goto(`${web.origin}/runs/${second}`);
    expect(second_?.status()).toBe(200);
    await owner.locator('li.step[data-step="compat_diff"]').waitFor();
    expect(await owner.locator('ol.steps').textContent()).not.toMatch(/oldSdkText|Compile ms/);
  });

  it("the diagnostics' rule docs open inside the app, with the way back", async () => {
    await owner.goto(`${web.origin}/runs/${first}/diagnostics`);
    const group = owner.locator('.diag-group').filter({ hasText: 'components/unused' }).first();
    await group.waitFor();
    expect(await owner.locator('.diagnostics, main').first().textContent()).not.toMatch(/\b1 are style\b/);
    await group.getByRole('link', { name: 'Rule docs' }).click();
    await owner.waitForURL(/\/help\/rules\/components\/unused$/);
    await owner.getByRole('heading', { level: 1, name: 'components/unused' }).waitFor();
    await owner.getByRole('heading', { name: 'What it checks' }).waitFor();
    // The app is around it: the sidebar's navigation, and Back returns to the diagnostics.
    await owner.getByRole('navigation', { name: 'Main' }).waitFor();
    await web.axe(owner, 'rule docs in the app');
    await owner.getByRole('button', { name: '← Back' }).click();
    await owner.waitForURL(/\/diagnostics$/);
  });

  it('the file browser opens on the README, rendered as Markdown, with dist/ closed', async () => {
    await owner.goto(`${web.origin}/runs/${first}/artifacts`);
    await owner.getByRole('link', { name: 'Browse TypeScript SDK' }).click();
    await owner.getByRole('tree', { name: 'Files' }).waitFor();
    const rendered = owner.getByRole('region', { name: 'README.md, rendered' });
    await rendered.waitFor();
    expect(await rendered.locator('h1').count()).toBeGreaterThan(0);
    expect(await rendered.textContent()).not.toMatch(/^# /m);
    const dist = owner.locator('details:has(> summary.tree-dir:text-is("dist/"))');
    if ((await dist.count()) > 0) expect(await dist.first().getAttribute('open')).toBeNull();
    await web.axe(owner, 'artifact browser (README)');
  });

  it('after a run: the curl and CI snippet to start the next one with an API key', async () => {
    await owner.goto(`${web.origin}/runs/${first}`);
    await owner.getByText('Start the next run from a terminal or CI').click();
    const snippet = await owner.locator('.next-run').textContent();
    expect(snippet).toContain(`curl -X POST ${web.origin}/api/reports/start`);
    expect(snippet).toContain('Authorization: Bearer $REPORT_SERVICE_KEY');
    expect(snippet).toContain((await Run.findByPk(first))!.projectId);
    expect(snippet).toContain('secrets.REPORT_SERVICE_KEY');
    await web.axe(owner, 'run (next-run snippet open)');
    await web.shots(owner, 'run-next');
  });

  it('at 390 px: the sidebar is a bar above the page, the verdict has the width, code tables keep their lines', async () => {
    const phone = await web.page({ width: 390, height: 844 });
    await phone.goto(`${web.origin}/runs/${second}`);
    await phone.getByRole('list', { name: 'Why this run needs review' }).waitFor();
    const top = await phone.evaluate(() => document.querySelector('#main')!.getBoundingClientRect().top);
    expect(top).toBeLessThan(160);
    const verdictWidth = await phone.evaluate(
      () => document.querySelector('.verdict-text')!.getBoundingClientRect().width,
    );
    expect(verdictWidth).toBeGreaterThan(250);
    await phone.goto(`${web.origin}/runs/${second}/compat`);
    await phone.locator('tr[data-status="removed"]').waitFor();
    // No code cell squeezed to a letter a line: each is at least a few characters wide and a few lines tall at most.
    const cells = await phone.evaluate(() =>
      Array.from(document.querySelectorAll('.table code')).map((c) => {
        const r = c.getBoundingClientRect();
        return {
          text: (c as unknown as { textContent: string }).textContent,
          width: Math.round(r.width),
          height: Math.round(r.height),
        };
      }),
    );
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of (cells as { text: string; width: number; height: number }[]).filter((c) => c.text.length > 6)) {
      expect(cell.width, JSON.stringify(cell)).toBeGreaterThan(40);
      expect(cell.height, JSON.stringify(cell)).toBeLessThan(120);
    }
    await web.axe(phone, 'compat at 390 px');
    await web.shots(phone, 'run-compat');
  });

  it('publishing: a failing check says what to do, Request publish waits for a passing dry run, and a dry run opens after a reload', async () => {
    await owner.goto(`${web.origin}/runs/${first}/publishing`);
    await owner.getByRole('button', { name: 'Run dry run' }).click();
    const failing = owner.locator('.checklist li.check-fail:visible').first();
    await failing.waitFor();
    // This service has no npm token: the check says what to do about it, not only a variable's name.
    expect(await failing.textContent()).toMatch(/What to do: .*Ask whoever runs the service to connect one/);
    expect(await owner.getByRole('button', { name: 'Request publish' }).isDisabled()).toBe(true);
    expect(await owner.locator('#publish-why').textContent()).toMatch(/has failing checks/);
    await web.axe(owner, 'publishing (blocked dry run)');
    // After a reload the blocked dry run can still be opened, its checklist with it.
    await owner.reload();
    const row = owner.locator('table tbody tr').first();
    await row.locator('summary').click();
    await row.locator('.checklist li.check-fail').first().waitFor();
    expect(await row.textContent()).toMatch(/What to do:/);
    expect(await owner.getByRole('button', { name: 'Request publish' }).isDisabled()).toBe(true);
    await web.shots(owner, 'run-publishing');
  });

  // The project's comparison page lives here, beside the two runs it compares (one pair of runs
  // per CI run, rather than a second file starting two more).
  it("the project's two runs compared: versions with verdicts, the description as a code diff, the operations, the SDK's files", async () => {
    const projectId = (await Run.findByPk(first))!.projectId;
    await owner.goto(`${web.origin}/projects/${projectId}`);
    await owner.getByRole('link', { name: 'Compare runs' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Compare runs' }).waitFor();
    expect(await owner.getByLabel('Older').locator('option:checked').textContent()).toMatch(/^Version 1 · run/);
    expect(await owner.getByLabel('Newer').locator('option:checked').textContent()).toMatch(
      /^Version 2 · run .*needs review/,
    );
    const ops = owner.getByRole('list', { name: 'Operation changes' });
    await ops.waitFor();
    expect(await ops.textContent()).toMatch(/Removed\s*GET \/tickets\/\{ticketId\}\s*getTicket/);
    const diff = owner.getByRole('region', { name: 'Description: version 1 against version 2' });
    await diff.locator('.cm-changedLine, .cm-deletedChunk, .cm-changedText').first().waitFor();
    expect(await diff.locator('.cm-editor').count()).toBe(2);
    const files = owner.getByRole('list', { name: 'Changed SDK files' });
    await files.waitFor();
    await files.getByRole('button').first().click();
    await owner
      .getByRole('region', { name: /: older against newer$/ })
      .locator('.cm-editor')
      .first()
      .waitFor();
    await web.axe(owner, 'compare runs');
    await web.shots(owner, 'compare-runs');
  });

  it('the Go SDK is listed with the other SDKs (label, mark, order) and opens as a tree of highlighted Go', async () => {
    await owner.goto(`${web.origin}/runs/${first}/artifacts`);
    await owner.getByRole('link', { name: 'Browse Go SDK' }).waitFor();
    const kinds = await owner.locator('table.table tbody tr td:nth-child(2)').allTextContents();
    const at = (label: string) => kinds.findIndex((k: string) => k.endsWith(label));
    expect(at('Go SDK'), kinds.join(' | ')).toBeGreaterThan(at('Python SDK'));
    expect(at('Python SDK')).toBeGreaterThan(at('TypeScript SDK'));
    expect(kinds[at('Go SDK')]).toBe('GOGo SDK');
    await owner.getByRole('link', { name: 'Browse Go SDK' }).click();
    await owner.getByRole('tree', { name: 'Files' }).waitFor();
    await owner.getByRole('button', { name: 'client.go' }).first().click();
    await owner.getByRole('region', { name: /^Source of .*client\.go$/ }).waitFor();
  });

  it("project settings: package names, versions and targets saved from the page, and the runs' names in use shown", async () => {
    await owner.goto(`${web.origin}/projects/${projectId}/settings`);
    const form = owner.getByRole('form', { name: 'Project settings' });
    const npm = form.getByLabel('TypeScript npm package');
    await npm.waitFor();
    // The names the project's runs generate with, until settings name others.
    expect(await npm.getAttribute('placeholder')).toBe('ticketing');
    await npm.fill('@ticketing/sdk');
    await form.getByLabel('TypeScript version').fill('1.4.0');
    await form.getByLabel('Go SDK').uncheck();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('Settings saved.').waitFor();
    const saved = await web.api.get(`/projects/${projectId}`);
    expect(saved.body.project.settings).toEqual({
      packages: { typescript: '@ticketing/sdk' },
      versions: { typescript: '1.4.0' },
      targets: { go: false },
    });
    await owner.reload();
    await form.getByLabel('TypeScript npm package').waitFor();
    expect(await form.getByLabel('TypeScript npm package').inputValue()).toBe('@ticketing/sdk');
    expect(await form.getByLabel('Go SDK').isChecked()).toBe(false);
    // A name the registry would refuse: the server's reason, nothing saved.
    await form.getByLabel('Python PyPI distribution').fill('not a name!');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('The settings were not saved').waitFor();
    expect(await form.getByRole('alert').textContent()).toContain('settings.packages.python');
    await form.getByLabel('Python PyPI distribution').fill('');
    // The refused save's 400 is a console error the browser logs for a failed request: expected here.
    web.errors.splice(
      0,
      web.errors.length,
      ...web.errors.filter((e) => !/\/settings: Failed to load resource: .*400/.test(e)),
    );
    await web.axe(owner, 'project settings');
    await web.shots(owner, 'project-settings');
  });

  it("a partner project's settings: each SDK as its stainless.yml lists it, always built or never built", async () => {
    // A partner start creates a partner project (this one blocks at once: its config lists no resources).
    const started = await web.api.post('/reports/start', {
      openapiText: 'swagger: "2.0"\ninfo: {title: Tiny, version: "1"}\npaths: {}\n',
      mode: 'partner_compatible',
      configText: 'organization:\n  name: acme\n',
      projectName: 'Partner targets',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const partnerProject = started.body.project.id as string;
    await owner.goto(`${web.origin}/projects/${partnerProject}/settings`);
    const form = owner.getByRole('form', { name: 'Project settings' });
    const go = form.getByLabel('Go SDK');
    await go.waitFor();
    expect(await go.inputValue()).toBe('default');
    await go.selectOption({ label: 'Always built' });
    await form.getByLabel('Python SDK').selectOption({ label: 'Never built' });
    // The MCP server and the docs are ours, not a stainless.yml target: on or off.
    expect(await form.getByRole('checkbox', { name: 'MCP server' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('Settings saved.').waitFor();
    const saved = await web.api.get(`/projects/${partnerProject}`);
    expect(saved.body.project.settings).toEqual({ targets: { go: true, python: false } });
    await owner.reload();
    await form.getByLabel('Go SDK').waitFor();
    expect(await form.getByLabel('Go SDK').inputValue()).toBe('on');
    expect(await form.getByLabel('TypeScript SDK').inputValue()).toBe('default');
    await web.axe(owner, 'partner project settings');
    await web.shots(owner, 'partner-project-settings');
  });

  it('edit and re-run: the diagnostics at their line in the editor, then a new run of the edited description', async () => {
    await owner.goto(`${web.origin}/runs/${first}/edit`);
    const editor = owner.getByRole('region', { name: 'Description, editor' });
    // The unused schema's warning is marked on the line that declares it (CodeMirror's lint range).
    const unusedLine = editor.locator('.cm-line', { hasText: 'Unused:' });
    await unusedLine.locator('.cm-lintRange-warning').waitFor({ timeout: 20_000 });
    expect(await editor.locator('.cm-lint-marker-warning').count()).toBeGreaterThan(0);
    await web.axe(owner, 'run editor');
    await web.shots(owner, 'run-edit');
    // Edit: the title gets a word more, typed as a person would.
    await editor.locator('.cm-line', { hasText: 'title: Ticketing' }).click();
    await owner.keyboard.press('End');
    await owner.keyboard.type(' Edited');
    await owner.getByText('Edited.', { exact: true }).waitFor();
    await owner.getByRole('button', { name: 'Run again with these changes' }).click();
    await owner.waitForURL((url: URL) => /\/runs\/run_/.test(url.pathname) && !url.pathname.includes(first));
    const next = /\/runs\/(run_[^/]+)/.exec(new URL(owner.url()).pathname)![1]!;
    await owner.getByRole('region', { name: 'Verdict' }).waitFor();
    const run = (await Run.findByPk(next))!;
    expect(run.projectId).toBe(projectId);
    expect(run.notes).toBe(`Edited from run ${first}`);
    const input = await RunInput.findByPk(run.inputId as string);
    expect((await input!.readTexts()).openapiText).toContain('title: Ticketing Edited');
  });

  it('logged no console errors', () => {
    expect(web.errors).toEqual([]);
  });
});
