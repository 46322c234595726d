// One headless Chromium for the whole test run: the global setup starts it as a Playwright browser
// server (tests/setup/global-setup.ts) and every browser test file connects to it, each with its
// own contexts, instead of starting a Chromium of its own. Without the global setup (a file run on
// its own through another runner) `openBrowser` starts one.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * The flags every test browser runs with. Names under `.test` resolve to 127.0.0.1 (a docs domain
 * of tests/e2e/docs-try-it.test.ts, say): nothing leaves the machine.
 */
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP *.test 127.0.0.1',
];

const hasPlaywright = existsSync(join(import.meta.dirname, '../../node_modules/playwright-core/package.json'));
/** Whether the browser tests can run here; each file skips (loudly) otherwise. */
export const browserAvailable = existsSync(CHROMIUM) && hasPlaywright;

type Chromium = {
  launch: (o: object) => Promise<Browser>;
  launchServer: (o: object) => Promise<{ wsEndpoint: () => string; close: () => Promise<void> }>;
  connect: (ws: string, o?: object) => Promise<Browser>;
};

async function chromium(): Promise<Chromium> {
  return ((await import('playwright-core')) as unknown as { chromium: Chromium }).chromium;
}

/** For the global setup: the shared browser server, or undefined where there is no Chromium. */
export async function startBrowserServer(): Promise<{ wsEndpoint: string; close: () => Promise<void> } | undefined> {
  if (!browserAvailable) return undefined;
  const server = await (await chromium()).launchServer({
    executablePath: CHROMIUM,
    headless: true,
    args: BROWSER_ARGS,
    timeout: 30_000,
  });
  return { wsEndpoint: server.wsEndpoint(), close: () => server.close() };
}

/**
 * A browser for one test file: a connection to the run's shared Chromium. `close()` on it closes
 * the file's contexts and disconnects; the shared Chromium stays up for the other files.
 */
export async function openBrowser(): Promise<Browser> {
  let endpoint = '';
  try {
    endpoint = inject('browserWsEndpoint') ?? '';
  } catch {
    // not under vitest's global setup
  }
  const pw = await chromium();
  if (endpoint) return await pw.connect(endpoint, { timeout: 30_000 });
  return await pw.launch({ executablePath: CHROMIUM, headless: true, args: BROWSER_ARGS, timeout: 30_000 });
}

/**
 * For a promise a test does not await (a dialog dismissed, a context closed when its page closes):
 * when the page, context or browser is already gone, there is nothing left to dismiss or close, so
 * that refusal is dropped; any other error is raised again and fails the run as an unhandled one.
 */
export function unlessClosed(pending: Promise<unknown>): void {
  pending.catch((error: unknown) => {
    if (error instanceof Error && /has been closed/.test(error.message)) return;
    throw error;
  });
}
