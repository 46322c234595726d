// The browser test files share one Chromium (tests/setup/browser.ts): the global setup started it
// and hands its endpoint to every file; a file's browser is a connection, and closing it leaves
// the shared Chromium up for the others.

import { describe, expect, inject, it } from 'vitest';
import { browserAvailable, openBrowser } from '../setup/browser.ts';

describe.skipIf(!browserAvailable)('the shared Chromium', () => {
  it('is started once by the global setup; files connect to it, and a closed connection leaves it up', async () => {
    const endpoint = inject('browserWsEndpoint');
    expect(endpoint).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\//);
    const first = await openBrowser();
    const page = await (await first.newContext()).newPage();
    await page.setContent('<title>shared</title>');
    expect(await page.title()).toBe('shared');
    await first.close();
    const second = await openBrowser();
    expect(second.isConnected()).toBe(true);
    expect(second.version()).toBe(first.version());
    await second.close();
  });
});
