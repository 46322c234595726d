// The first day in the app (issue #34): an empty workspace offers a sample description, which runs
// through to a report; New report offers the existing projects (and the project it was opened
// from); the projects list's "Active" filter shows projects with finished runs; in a partner mode
// the partner config sits with the mode, marked required, and its error goes once it is chosen;
// the old SDK's file count agrees with the browser's own.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Project, Run } from '../../db/models/index.ts';
import { waitForRun } from '../setup/runs.ts';
import { browserAvailable, startWebHarness, warnIfSkipped, type Page, type WebHarness } from './web-harness.ts';

warnIfSkipped('web-app-new-report browser tests');

describe.skipIf(!browserAvailable)('the first run and the new-report form', { timeout: 120_000 }, () => {
  let web: WebHarness;
  let owner: Page;
  let projectId = '';

  beforeAll(async () => {
    web = await startWebHarness();
    owner = web.owner;
  }, 150_000);
  afterAll(async () => web?.close());

  it('an empty workspace offers a sample description; it runs to a report', async () => {
    await owner.goto(`${web.origin}/`);
    const empty = owner.locator('.empty').filter({ hasText: 'No projects yet' });
    await empty.getByRole('link', { name: 'Try a sample description' }).click();
    await owner.getByRole('heading', { name: 'New report' }).waitFor();
    const text = owner.getByLabel('Paste the description');
    expect(await text.inputValue()).toContain('title: Pet Shelter');
    await web.axe(owner, 'new report (sample)');
    await web.shots(owner, 'new-report-sample');
    await owner.getByRole('button', { name: 'Start report' }).click();
    await owner.waitForURL(/\/runs\/run_[a-z0-9]+$/, { timeout: 20_000 });
    const runId = /\/runs\/(run_[a-z0-9]+)/.exec(owner.url())![1]!;
    const run = await waitForRun(runId, 240_000);
    expect(run.status).not.toBe('failed');
    projectId = run.projectId;
    expect((await Project.findByPk(projectId))!.name).toBe('Sample: Pet shelter');
    await owner.getByText('Start the next run from a terminal or CI').waitFor({ timeout: 20_000 });
  }, 300_000);

  it('"Active" lists the project once a run of it finished, and New report from its page offers it, chosen', async () => {
    await owner.goto(`${web.origin}/`);
    await owner.getByLabel('Show').selectOption('active');
    await owner.getByRole('link', { name: 'Sample: Pet shelter' }).waitFor();
    expect(await owner.locator('.empty').count()).toBe(0);
    await owner.getByRole('link', { name: 'Sample: Pet shelter' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Sample: Pet shelter' }).waitFor();
    await owner.getByRole('main').getByRole('link', { name: 'New report' }).click();
    await owner.getByRole('heading', { name: 'New report' }).waitFor();
    const select = owner.getByLabel('Project', { exact: true });
    await owner.locator(`option[value="${projectId}"]`).waitFor({ state: 'attached' });
    expect(await select.inputValue()).toBe(projectId);
    expect(await select.locator('option:checked').textContent()).toBe('Sample: Pet shelter');
    expect(await owner.getByText(/A new run of Sample: Pet shelter/).count()).toBe(1);
    // A project still `created` (as a project is until its first run ends) is offered too.
    await Project.update({ status: 'created' }, { where: { id: projectId } });
    try {
      await owner.reload();
      await owner.locator(`option[value="${projectId}"]`).waitFor({ state: 'attached' });
      expect(await select.inputValue()).toBe(projectId);
    } finally {
      await Project.update({ status: 'active' }, { where: { id: projectId } });
    }
  });

  it('partner mode: the config sits with the mode, marked required; its error goes once it is chosen; the old SDK count agrees with the choice', async () => {
    await owner.goto(`${web.origin}/new`);
    await owner.getByRole('button', { name: 'No description at hand? Use a sample' }).click();
    await owner.getByRole('radio', { name: /Partner compatible/ }).check();
    const mode = owner.locator('.card').filter({ has: owner.getByRole('group', { name: 'Mode' }) });
    const config = mode.getByLabel('Partner config (stainless.yml), required');
    await config.waitFor();
    expect(
      await owner
        .locator('.card')
        .filter({ hasText: 'More inputs (optional)' })
        .getByLabel(/Partner config/)
        .count(),
    ).toBe(0);
    await owner.getByRole('button', { name: 'Start report' }).click();
    await owner.getByRole('alert').filter({ hasText: 'This mode needs the partner config' }).waitFor();
    const dir = mkdtempSync(join(tmpdir(), 'web-new-report-'));
    writeFileSync(join(dir, 'stainless.yml'), 'organization:\n  name: shelter\nresources: {}\n');
    await config.setInputFiles(join(dir, 'stainless.yml'));
    await owner.getByText(/Chosen: stainless\.yml/).waitFor();
    expect(await owner.getByRole('alert').filter({ hasText: 'This mode needs the partner config' }).count()).toBe(0);
    // Three files chosen, two of them code: the hint says 2 of 3, as the browser counts 3.
    for (const name of ['a.ts', 'b.ts', 'README.md']) writeFileSync(join(dir, name), `// ${name}\n`);
    await owner
      .getByLabel(/^Old SDK \(files or a folder\)/)
      .setInputFiles(['a.ts', 'b.ts', 'README.md'].map((n) => join(dir, n)));
    await owner
      .getByText(/Chosen: 2 of 3 files \(the \.ts and \.py files outside node_modules, dist and build\)/)
      .waitFor();
    await web.axe(owner, 'new report (partner mode)');
    await web.shots(owner, 'new-report-partner');
    expect(await Run.count()).toBe(1);
  });

  it('logged no console errors', () => {
    expect(web.errors).toEqual([]);
  });
});
