/**
 * The web app's weight and speed. Prints:
 * 1. the JavaScript (and CSS) the first page loads, raw and gzip, against the 250 kB gzip target,
 *    and the lazily loaded chunks (pages, shiki core, grammars) for comparison;
 * 2. on a Stripe-sized report (a synthetic description of BENCH_WEB_OPERATIONS operations, default
 *    500, a third without operationId: hundreds of diagnostics), in headless Chromium: the time from
 *    the run's data arriving to the run page's steps being on screen, from the validation report
 *    arriving to the diagnostics being on screen, and of one filter change (target: 1 s).
 * Run: `npm run bench:web` (embedded PostgreSQL in a temp dir; builds web/ first when stale).
 */
import { chmod, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';
import { startRoles } from '../bin/roles.ts';
import { createSignInLink } from '../server/services/sessions/create-sign-in-link.ts';
import { createWorkspace } from '../server/services/workspaces/create-workspace.ts';
import { ensureWebBuilt } from '../web/build.ts';
import { syntheticDescription } from './synthetic-description.ts';

const DIST = join(import.meta.dirname, '..', 'web', 'dist');
const OPERATIONS = Number(process.env.BENCH_WEB_OPERATIONS ?? 500);
const CHROMIUM = '/usr/bin/chromium';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

async function firstPageWeight(): Promise<void> {
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  const first = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let js = 0;
  let jsGz = 0;
  let css = 0;
  let cssGz = 0;
  for (const name of first) {
    const bytes = await readFile(join(DIST, 'assets', name));
    const gz = gzipSync(bytes, { level: 9 }).length;
    if (name.endsWith('.js')) {
      js += bytes.length;
      jsGz += gz;
    } else {
      css += bytes.length;
      cssGz += gz;
    }
  }
  console.log('First page (index.html + the scripts and styles it loads):');
  console.log(
    `  JavaScript  ${kb(js).padStart(10)} raw  ${kb(jsGz).padStart(9)} gzip   (target ≤ 250 kB gzip: ${jsGz <= 250 * 1024 ? 'met' : 'NOT met'})`,
  );
  console.log(`  CSS         ${kb(css).padStart(10)} raw  ${kb(cssGz).padStart(9)} gzip`);
  const lazy = (await readdir(join(DIST, 'assets'))).filter((n) => n.endsWith('.js') && !first.includes(n));
  let lazyGz = 0;
  for (const name of lazy) lazyGz += gzipSync(await readFile(join(DIST, 'assets', name)), { level: 9 }).length;
  console.log(
    `  Loaded later, on demand: ${lazy.length} chunks, ${kb(lazyGz)} gzip in all (pages, shiki core, each grammar)`,
  );
}

async function renderTimes(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`Render times: SKIPPED (${CHROMIUM} is missing)`);
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'report-service-bench-web-'));
  await chmod(dataDir, 0o755);
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: '0',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    LOG_LEVEL: 'silent',
    BOOTSTRAP: 'false',
    REPORT_RATE_LIMIT: '1000000',
  });
  const service = await startRoles(config, createLogger('silent'));
  const { chromium } = (await import('playwright-core')) as unknown as {
    chromium: { launch: (o: object) => Promise<{ newPage: (o?: object) => Promise<any>; close: () => Promise<void> }> };
  };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const ws = await createWorkspace(service.deps.db.sequelize, { name: 'Bench', email: 'bench@example.com' });
    // Every third operation loses its operationId: a warning each, as a large real API has.
    let n = 0;
    const spec = syntheticDescription(OPERATIONS).replace(/^ {6}operationId: .*\n/gm, (line) =>
      n++ % 3 === 0 ? '' : line,
    );
    const started = await fetch(`${service.url}/api/reports/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ws.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ openapiText: spec }),
    });
    const runId = ((await started.json()) as { run: { id: string } }).run.id;
    const t0 = Date.now();
    let status = '';
    while (!['ready', 'complete', 'failed', 'blocked', 'canceled'].includes(status)) {
      await new Promise((r) => setTimeout(r, 1000));
      const run = (await (
        await fetch(`${service.url}/api/runs/${runId}`, { headers: { authorization: `Bearer ${ws.token}` } })
      ).json()) as { run: { status: string } };
      status = run.run.status;
      if (Date.now() - t0 > 15 * 60_000) throw new Error('the report did not finish in 15 minutes');
    }
    if (!service.url) throw new Error('the benchmark needs the API (ROLE=all)');
    const link = await createSignInLink(service.deps, service.url, { orgId: ws.organization.id, userId: ws.user.id });
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(link.url);
    await page.waitForSelector('h1:text("Projects")');

    const arrived = (fragment: string) =>
      new Promise<number>((resolve) => {
        const on = (request: { url: () => string }) => {
          if (request.url().includes(fragment)) {
            page.off('requestfinished', on);
            resolve(Date.now());
          }
        };
        page.on('requestfinished', on);
      });

    const runData = arrived('/trpc/runs.get');
    await page.goto(`${service.url}/runs/${runId}`);
    await page.waitForSelector('li.step');
    const runShown = Date.now();
    const diagData = arrived('/trpc/browse.file');
    await page.click('a:text("Diagnostics")');
    await page.waitForSelector('.diag-group');
    const diagShown = Date.now();
    const diagnostics = await page.locator('.diag').count();
    const filterStart = Date.now();
    await page.getByRole('checkbox', { name: /Warnings/ }).uncheck();
    await page.waitForSelector('text=Nothing matches the filter');
    await page.getByRole('checkbox', { name: /Warnings/ }).check();
    await page.waitForSelector('.diag-group');
    const filterDone = Date.now();
    const total = (await page.locator('.toolbar .muted').textContent()) as string;

    console.log(
      `\nRun page of a ${OPERATIONS}-operation report (status ${status}; ${total.trim()}; ${diagnostics} diagnostics on screen, groups show 25 until expanded), headless Chromium:`,
    );
    console.log(
      `  steps on screen after the run's data arrived         ${String(runShown - (await runData)).padStart(6)} ms   (target ≤ 1000 ms)`,
    );
    console.log(
      `  diagnostics on screen after the report arrived       ${String(diagShown - (await diagData)).padStart(6)} ms   (target ≤ 1000 ms)`,
    );
    console.log(
      `  one filter change (hide warnings, show them again)   ${String(filterDone - filterStart).padStart(6)} ms`,
    );
    await page.screenshot({ path: join(dataDir, 'run-page.png') });
    console.log(`  screenshot: ${join(dataDir, 'run-page.png')}`);
  } finally {
    await browser.close();
    await service.stop();
  }
}

await ensureWebBuilt();
await firstPageWeight();
await renderTimes();
