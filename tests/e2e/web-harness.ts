// The setup the browser tests of the web app share (tests/e2e/web-app-*.test.ts): the real service
// process (`node bin/start.mjs`, API and worker) on its own database, Debian's Chromium through
// playwright-core (one browser per test file), the owner signed in through the one-time URL the
// process prints, the owner's API key it prints (to start runs quickly over REST), axe in both
// themes, and screenshots at 1360 px and 390 px in light and dark.

import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { openDatabase, type Database } from '../../db/connection.ts';
import { ensureWebBuilt } from '../../web/build.ts';
import { createTestDatabase } from '../setup/database.ts';
import { rest } from '../setup/http.ts';
import { spawnService, type ServiceProcess } from '../setup/process.ts';
import { waitForRun } from '../setup/runs.ts';

import { browserAvailable, CHROMIUM, openBrowser } from '../setup/browser.ts';

export { browserAvailable, CHROMIUM };

export function warnIfSkipped(file: string): void {
  if (!browserAvailable)
    console.warn(
      `\n*** ${file} SKIPPED: ${existsSync(CHROMIUM) ? '' : `${CHROMIUM} is missing; `}playwright-core and ${CHROMIUM} are both needed ***\n`,
    );
}

export const SCREENSHOTS = join(tmpdir(), 'report-service-test-artifacts', 'web');

export type Page = any;
export interface Context {
  newPage: () => Promise<Page>;
  close: () => Promise<void>;
  cookies: () => Promise<{ name: string; httpOnly: boolean; sameSite: string }[]>;
}
export interface Browser {
  newContext: (o?: object) => Promise<Context>;
  close: () => Promise<void>;
}
interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary?: string }[] }[];
}

/** The little of the DOM the page functions use (real functions, not strings: the CSP forbids eval). */
declare const document: {
  documentElement: {
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
    removeAttribute(name: string): void;
  };
};

export interface WebHarness {
  service: ServiceProcess;
  origin: string;
  db: Database;
  /** The owner's REST client (the bootstrap API key the process printed). */
  api: ReturnType<typeof rest>;
  /** That API key, for requests the REST client does not make (a download's bytes). */
  apiKey: string;
  browser: Browser;
  /** The owner, signed in, at 1360 × 900. */
  owner: Page;
  /** Console errors and page errors of every watched page. */
  errors: string[];
  /** A new signed-in owner page with its own viewport (its context is closed with the harness). */
  page(viewport: { width: number; height: number }): Promise<Page>;
  /** axe-core on the page as it stands and in the other theme: no serious or critical violation. */
  axe(page: Page, name: string): Promise<void>;
  /** Screenshots of the page at 1360 px and 390 px, light and dark; the page is left at 1360 px, light. */
  shots(page: Page, name: string): Promise<string[]>;
  /** Starts a report over REST and waits for its end; the run and project ids. */
  report(body: Record<string, unknown>): Promise<{ runId: string; projectId: string }>;
  close(): Promise<void>;
}

/** The service process of a browser test file, started as `npm start` starts it, on its own database. */
export interface WebService {
  service: ServiceProcess;
  /** The one-time sign-in URL the process printed (usable once). */
  signInUrl: string;
  origin: string;
  /** The owner's API key the process printed. */
  apiKey: string;
  db: Database;
}

/** Builds the app if needed, then starts `node bin/start.mjs` (API and worker) on a fresh database. */
export async function startWebService(env: Record<string, string> = {}): Promise<WebService> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await ensureWebBuilt(() => {});
  const databaseUrl = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'report-service-web-'));
  const service = await spawnService(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      BOOTSTRAP: 'true',
      WORKER_HEARTBEAT_SECONDS: '1',
      AUTH_FAILURE_LIMIT: '1000000',
      REPORT_RATE_LIMIT: '1000',
      ...env,
    },
    90_000,
  );
  const printed = /(http:\/\/\S+\/sign-in#token=[A-Za-z0-9_-]+)/.exec(service.output());
  const key = /Owner API key[^\n]*\n\s+(\S+)/.exec(service.output());
  if (!printed?.[1] || !key?.[1]) throw new Error(`no sign-in URL or owner key printed:\n${service.output()}`);
  const db = await openDatabase({ databaseUrl, dataDir, embeddedPort: 0 });
  return { service, signInUrl: printed[1], origin: new URL(printed[1]).origin, apiKey: key[1], db };
}

/** Debian's Chromium through playwright-core, headless: the test run's shared one (tests/setup/browser.ts). */
export async function launchBrowser(): Promise<Browser> {
  return (await openBrowser()) as unknown as Browser;
}

/**
 * axe-core on the page as it stands, then in the other theme (the app's own switch: `data-theme`
 * on <html>), then back: no serious or critical WCAG 2.1 A/AA violation in either.
 */
export async function checkAxe(page: Page, name: string): Promise<void> {
  const { default: AxeBuilder } = (await import('@axe-core/playwright')) as unknown as {
    default: new (o: { page: Page }) => { withTags: (t: string[]) => { analyze: () => Promise<AxeResult> } };
  };
  const check = async (label: string) => {
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} ×${v.nodes.length} at ${v.nodes
            .slice(0, 3)
            .map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`)
            .join(' | ')}`,
      ),
      label,
    ).toEqual([]);
  };
  const theme = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  const other = theme === 'dark' ? 'light' : 'dark';
  await check(`${name} (${theme ?? 'light'})`);
  await page.evaluate((t: string) => document.documentElement.setAttribute('data-theme', t), other);
  try {
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(other);
    await check(`${name} (${other})`);
  } finally {
    await page.evaluate(
      (t: string | null) =>
        t === null
          ? document.documentElement.removeAttribute('data-theme')
          : document.documentElement.setAttribute('data-theme', t),
      theme,
    );
  }
}

export async function startWebHarness(env: Record<string, string> = {}): Promise<WebHarness> {
  const { service, signInUrl, origin, apiKey, db } = await startWebService(env);
  const api = rest(service.url, apiKey);
  const browser = await launchBrowser();
  const errors: string[] = [];
  const contexts: Context[] = [];

  const watch = (page: Page, who: string): Page => {
    page.on('console', (m: { type: () => string; text: () => string }) => {
      if (m.type() === 'error') errors.push(`${who} ${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e: Error) => errors.push(`${who} pageerror ${page.url()}: ${e.message}`));
    return page;
  };
  // One sign-in link, one session: further pages are new pages of the owner's context, or
  // contexts that carry its cookies.
  const ownerContext = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  contexts.push(ownerContext);
  const owner = watch(await ownerContext.newPage(), 'owner');
  await owner.goto(signInUrl);
  await owner.getByRole('heading', { name: 'Projects' }).waitFor({ timeout: 20_000 });
  const state = await (ownerContext as unknown as { storageState: () => Promise<object> }).storageState();

  const axe = checkAxe;

  const shots = async (page: Page, name: string): Promise<string[]> => {
    const paths: string[] = [];
    for (const width of [1360, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const theme of ['light', 'dark']) {
        await page.evaluate((t: string) => document.documentElement.setAttribute('data-theme', t), theme);
        const path = join(SCREENSHOTS, `${name}-${width}-${theme}.png`);
        await page.screenshot({ path, fullPage: true });
        paths.push(path);
      }
    }
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    return paths;
  };

  return {
    service,
    origin,
    db,
    api,
    apiKey,
    browser,
    owner,
    errors,
    async page(viewport) {
      const context = await browser.newContext({ viewport, storageState: state });
      contexts.push(context);
      return watch(await context.newPage(), `owner@${viewport.width}`);
    },
    axe,
    shots,
    async report(body) {
      const started = await api.post('/reports/start', body);
      if (started.status !== 202) throw new Error(`reports/start: ${started.status} ${JSON.stringify(started.body)}`);
      const runId = (started.body.run as { id: string }).id;
      await waitForRun(runId, 180_000);
      return { runId, projectId: (started.body.project as { id: string }).id };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close().catch(() => {});
      await service.stop();
      await db.close();
    },
  };
}
