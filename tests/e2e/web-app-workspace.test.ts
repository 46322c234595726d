// Members and API keys in a real browser (issue #34, point 8): an invitation says what became of
// it (sent, or how the person gets in on a service that sends no email); the roles are explained;
// revoking a key asks once more, and the token of a revoked key leaves the "copy this token now" box.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member } from '../../db/models/index.ts';
import { browserAvailable, startWebHarness, warnIfSkipped, type Page, type WebHarness } from './web-harness.ts';

warnIfSkipped('web-app-workspace browser tests');

describe.skipIf(!browserAvailable)('members and API keys', { timeout: 90_000 }, () => {
  let web: WebHarness;
  let owner: Page;

  beforeAll(async () => {
    web = await startWebHarness();
    owner = web.owner;
  }, 150_000);
  afterAll(async () => web?.close());

  it('an invitation is confirmed with what happens next; the roles are explained', async () => {
    await owner.goto(`${web.origin}/workspace/members`);
    await owner.getByLabel('Email').fill('teammate@example.com');
    await owner.getByLabel('Role', { exact: true }).selectOption('editor');
    await owner.getByRole('button', { name: 'Send invite' }).click();
    const status = owner.getByRole('status').filter({ hasText: 'Invited teammate@example.com as editor' });
    await status.waitFor();
    // Local dev sends no email: the note says so, and how the person gets in.
    expect(await status.textContent()).toMatch(/sends no email: tell them to sign in at http:\/\/\S+\/sign-in/);
    expect((await Member.findOne({ where: { email: 'teammate@example.com' } }))?.status).toBe('invited');
    await owner.getByText('What each role can do').click();
    const legend = await owner.locator('.roles dl').textContent();
    for (const role of ['Owner', 'Admin', 'Editor', 'Viewer']) expect(legend).toContain(role);
    expect(legend).toMatch(/Viewer.*change nothing/);
    await web.axe(owner, 'members (invited)');
    await web.shots(owner, 'members');
  });

  it('revoking a key asks once more; the revoked key leaves the token box', async () => {
    await owner.goto(`${web.origin}/workspace/keys`);
    await owner.getByLabel('Name').fill('ci key');
    await owner.getByRole('button', { name: 'Create key' }).click();
    const token = (await owner.getByTestId('new-token').textContent())!;
    expect(token).toMatch(/^rsk_/);
    await owner.getByRole('button', { name: 'Revoke ci key' }).click();
    // Not yet: a second, explicit step; "Keep it" backs out.
    expect((await web.api.get('/me')).status).toBe(200);
    await owner.getByRole('button', { name: 'Keep it' }).click();
    await owner.getByRole('button', { name: 'Revoke ci key' }).click();
    await web.axe(owner, 'api keys (confirming a revoke)');
    await owner.getByRole('button', { name: 'Yes, revoke ci key' }).click();
    await owner
      .getByRole('row', { name: /ci key/ })
      .getByText('Revoked')
      .waitFor();
    expect(await owner.getByTestId('new-token').count()).toBe(0);
    expect(await owner.getByText('Copy this token now').count()).toBe(0);
    await web.shots(owner, 'api-keys');
  });

  it('at 390 px the page is no wider than the screen (the sidebar is a bar, tables scroll inside)', async () => {
    const phone = await web.page({ width: 390, height: 844 });
    await phone.goto(`${web.origin}/workspace/members`);
    await phone.getByRole('table').waitFor();
    const width = await phone.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
          .scrollWidth,
    );
    const wide = await phone.evaluate(() => {
      const d = (
        globalThis as unknown as {
          document: {
            querySelectorAll(
              s: string,
            ): ArrayLike<{ tagName: string; className: string; getBoundingClientRect(): { right: number } }>;
          };
        }
      ).document;
      return Array.from(d.querySelectorAll('*'))
        .filter((e) => e.getBoundingClientRect().right > 391)
        .slice(0, 8)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
    });
    expect(width, wide.join(' | ')).toBeLessThanOrEqual(390);
    await web.shots(phone, 'members-phone');
  });

  it('logged no console errors', () => {
    expect(web.errors).toEqual([]);
  });
});
