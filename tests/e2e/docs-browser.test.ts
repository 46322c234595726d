// The generated docs site in a real browser: Debian's Chromium driven by playwright-core loads the
// site of a real corpus description (the Redocly museum API) from a static server on 127.0.0.1 and
// must show no console error (a CSP violation is one), navigate, search, switch a code-sample tab,
// switch theme and work on a phone-sized screen; screenshots go to a temporary artifacts folder.
// The hostile description's site runs no script of its own: the flag its payloads would set
// stays unset and no dialog opens. Every page of every site served here (fixtures and a corpus
// sample) passes axe-core with no serious or critical violation.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, CHROMIUM, openBrowser, unlessClosed } from '../setup/browser.ts';
import { emitDocsSite, type GeneratedFile } from '../../workers/generators/docs/index.ts';
import { CORPUS, HAS_CORPUS } from '../workers/generators/corpus-helpers.ts';
import { docsFixture, modelFromFiles } from '../workers/generators/docs/helpers.ts';

const available = browserAvailable;
if (!available)
  console.warn(`\n*** docs-browser tests SKIPPED: (${CHROMIUM} and playwright-core are both needed) ***\n`);

/** More of the corpus for the accessibility check (small sites: axe takes about half a second a page): callbacks, a 3.1 example, an events API. */
const AXE_CORPUS_SAMPLE: Record<string, string> = {
  callbacks: 'oai-examples/v3.0/callback-example.yaml',
  tictactoe: 'oai-examples/v3.1/tictactoe.yaml',
  events: 'apis-guru/1password.com/events/1.0.0/openapi.yaml',
};
const AXE_SOURCE = join(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');

export const ARTIFACTS = join(tmpdir(), 'report-service-test-artifacts', 'docs');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
};

/** Serves sites from memory: `/<site>/<path>`. Records every request so external loads would show. */
function serve(sites: Record<string, GeneratedFile[]>): Promise<{ server: Server; base: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, site, ...rest] = url.pathname.split('/');
    const files = sites[site ?? ''];
    const path = decodeURIComponent(rest.join('/')) || 'index.html';
    const found = files?.find((f) => f.path === path);
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res
      .writeHead(200, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'x-robots-tag': 'noindex, nofollow',
      })
      .end(found.content);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        requests,
      });
    }),
  );
}

if (!HAS_CORPUS)
  console.warn('\n*** docs-browser SKIPPED: it serves a corpus site (the museum) and ../shared/corpus is absent ***\n');
describe.skipIf(!available || !HAS_CORPUS)('generated docs in headless Chromium', () => {
  // Types come from playwright-core at run time; kept loose so the suite type-checks without it.
  let browser: { newPage: (o?: object) => Promise<any>; close: () => Promise<void> };
  let server: Server;
  let base = '';
  let requests: string[] = [];
  let sites: Record<string, GeneratedFile[]> = {};

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const museum = await modelFromFiles(join(CORPUS, 'real-world/redocly-museum/openapi.yaml'));
    const small = await docsFixture('small');
    const hostile = await docsFixture('hostile');
    sites = {
      museum: emitDocsSite(museum),
      small: emitDocsSite(small.model, { docsSourceText: small.docsSourceText ?? '' }),
      hostile: emitDocsSite(hostile.model, { docsSourceText: hostile.docsSourceText ?? '' }),
    };
    if (existsSync(CORPUS))
      for (const [name, file] of Object.entries(AXE_CORPUS_SAMPLE))
        sites[name] = emitDocsSite(await modelFromFiles(join(CORPUS, file)));
    else
      console.warn(
        `\n*** docs-browser: ${CORPUS} is missing; the accessibility check runs on the fixture sites only ***\n`,
      );
    const served = await serve(sites);
    server = served.server;
    base = served.base;
    requests = served.requests;
    browser = (await openBrowser()) as unknown as typeof browser;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  async function open(path: string, options: object = {}): Promise<{ page: any; errors: string[] }> {
    const page = await browser.newPage(options);
    const errors: string[] = [];
    page.on('console', (m: { type: () => string; text: () => string }) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e: Error) => errors.push(`pageerror: ${e.message}`));
    page.on('requestfailed', (r: { url: () => string }) => errors.push(`requestfailed: ${r.url()}`));
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    return { page, errors };
  }

  it("loads a real description's site with no console errors; navigation, search, tabs and theme work", async () => {
    const { page, errors } = await open('/museum/index.html');
    expect(await page.title()).toContain('Redocly Museum API');
    // Navigation: the first resource link opens its page.
    const firstResource = page.locator('.nav-resource > a').first();
    const resourceName = (await firstResource.textContent()) ?? '';
    await firstResource.click();
    await page.waitForURL(/\/museum\/resources\/[a-z0-9-]+\.html$/);
    expect(await page.locator('h1').textContent()).toBe(resourceName);
    const operations = await page.locator('section.operation').count();
    expect(operations).toBeGreaterThan(0);
    // A deep link from the sidebar scrolls to its operation.
    const opLink = page.locator('.nav-ops a').first();
    const hash = await opLink.getAttribute('href');
    await opLink.click();
    expect(page.url().endsWith(hash)).toBe(true);
    expect(await page.locator(`section${hash}`).isVisible()).toBe(true);

    // Code-sample tabs: Python replaces curl, in every tab set on the page.
    const first = page.locator('section.operation').first();
    expect(await first.locator('.tabpanel[data-lang="curl"]').isVisible()).toBe(true);
    expect(await first.locator('.tabpanel[data-lang="python"]').isVisible()).toBe(false);
    await first.locator('button[role="tab"][data-lang="python"]').click();
    expect(await first.locator('.tabpanel[data-lang="python"]').isVisible()).toBe(true);
    expect(await first.locator('.tabpanel[data-lang="curl"]').isVisible()).toBe(false);
    expect(await first.locator('button[role="tab"][data-lang="python"]').getAttribute('aria-selected')).toBe('true');
    expect(await first.locator('.tabpanel[data-lang="python"] code').textContent()).toMatch(
      /^from [a-z_]+ import [A-Za-z_]+\n\nclient = /,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'museum-resource.png'), fullPage: false });

    // Search: typing finds an operation; Enter goes to it.
    await page.locator('#search').click();
    await page.locator('#search').fill('ticket');
    await page.locator('#search-results a').first().waitFor({ state: 'visible' });
    const hits = await page.locator('#search-results a').allTextContents();
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.join('\n').toLowerCase()).toContain('ticket');
    await page.screenshot({ path: join(ARTIFACTS, 'museum-search.png') });
    const opHit = page.locator('#search-results a', { hasText: 'GET' }).first();
    const opHref = new URL((await opHit.getAttribute('href')) as string, page.url()).href;
    expect(opHref).toMatch(/\/museum\/resources\/[a-z0-9-]+\.html#[a-z0-9-]+$/);
    const firstHref = new URL(
      (await page.locator('#search-results a').first().getAttribute('href')) as string,
      page.url(),
    ).href;
    await page.locator('#search').press('Enter');
    await page.waitForURL(firstHref, { waitUntil: 'load' });
    await page.goto(opHref);
    const target = new URL(page.url()).hash;
    expect(await page.locator(target).isVisible()).toBe(true);

    // Schemas are searchable too, and their hits open the schema's section on its initial's page.
    await page.locator('#search').fill('schema');
    await page.locator('#search-results a').first().waitFor({ state: 'visible' });
    const schemaHit = page.locator('#search-results a', { has: page.locator('.search-kind-schema') }).first();
    const schemaHref = new URL((await schemaHit.getAttribute('href')) as string, page.url()).href;
    expect(schemaHref).toMatch(/\/museum\/schemas\/[a-z0-9-]+\.html#[a-z0-9-]+$/);
    await page.goto(schemaHref);
    expect(await page.locator(`section.schema-section[id="${new URL(page.url()).hash.slice(1)}"]`).isVisible()).toBe(
      true,
    );

    // Theme: the toggle flips and is remembered across pages.
    const before = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    await page.locator('.theme-toggle').click();
    const theme = await page.evaluate("document.documentElement.getAttribute('data-theme')");
    const after = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    expect(after).not.toBe(before);
    await page.goto(`${base}/museum/index.html`);
    expect(await page.evaluate("document.documentElement.getAttribute('data-theme')")).toBe(theme);
    await page.screenshot({ path: join(ARTIFACTS, `museum-overview-${theme}.png`) });
    await page.close();
    expect(errors).toEqual([]);
    expect(requests.every((r) => Object.keys(sites).some((site) => r.startsWith(`/${site}/`)))).toBe(true);
  }, 60_000);

  it('follows prefers-color-scheme and is usable on a phone', async () => {
    const { page, errors } = await open('/small/resources/books.html', {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      isMobile: true,
      hasTouch: true,
    });
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(13, 17, 23)');
    // No horizontal scrolling of the page itself.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth + 1')).toBe(true);
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    await page.locator('.nav-toggle').click();
    expect(await page.locator('#sidebar').isVisible()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'small-phone-menu.png') });
    await page.locator('#sidebar a[href="#books-create"]').click();
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    expect(page.url().endsWith('#books-create')).toBe(true);
    // The docs snapshot's guide and colours apply.
    await page.goto(`${base}/small/guides/getting-started.html`);
    expect(await page.locator('main h1').first().textContent()).toBe('Getting started');
    expect(await page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()")).toBe(
      '#0f766e',
    );
    await page.close();
    expect(errors).toEqual([]);
  }, 60_000);

  it("runs none of a hostile description's payloads", async () => {
    const paths = [
      '/hostile/index.html',
      '/hostile/resources/things.html',
      '/hostile/schemas/t.html',
      '/hostile/guides/evil.html',
      '/hostile/schemas/index.html',
    ];
    for (const path of paths) {
      const { page, errors } = await open(path);
      const dialogs: string[] = [];
      page.on('dialog', (d: { message: () => string; dismiss: () => Promise<void> }) => {
        dialogs.push(d.message());
        unlessClosed(d.dismiss());
      });
      // Open every <details>, hover and focus everything, click every tab: handlers would fire now.
      // (Run in the page; written as source text because this file is type-checked without the DOM lib.)
      await page.evaluate(`for (const d of document.querySelectorAll('details')) d.open = true;
        for (const el of document.querySelectorAll('body *'))
          for (const type of ['mouseover', 'mouseenter', 'focus', 'toggle', 'load', 'error', 'animationstart']) el.dispatchEvent(new Event(type));`);
      await page.locator('main h1').first().hover();
      for (const tab of await page.locator('button[role="tab"]').all()) await tab.click();
      await page.locator('#search').fill('<img src=x onerror=window.__pwned=1>');
      await page.locator('#search').fill('thing');
      await page.waitForTimeout(50);
      expect(await page.evaluate('window.__pwned'), path).toBeUndefined();
      expect(await page.locator('main script, main img, main iframe, main svg, main style').count(), path).toBe(0);
      expect(dialogs, path).toEqual([]);
      expect(errors, path).toEqual([]);
      if (path.endsWith('things.html')) {
        // The Go sample: its payloads are Go string literals, shown as text.
        await page.locator('button[role="tab"][data-lang="go"]').first().click();
        const go = page.locator('.tabpanel[data-lang="go"]').last();
        expect(await go.isVisible()).toBe(true);
        expect(await go.locator('code').textContent()).toContain('"</script><script>window.__pwned=27</script>"');
        expect(await page.locator('.tabpanel[data-lang="go"] *:not(pre):not(code)').count()).toBe(0);
        expect(await page.evaluate('window.__pwned'), path).toBeUndefined();
        await page.screenshot({ path: join(ARTIFACTS, 'hostile-things.png'), fullPage: true });
      }
      await page.close();
    }
    // The payload text is visible as text.
    const { page } = await open('/hostile/index.html');
    expect(await page.locator('main h1').textContent()).toContain('<script>window.__pwned=1</script>');
    await page.close();
    expect(existsSync(join(ARTIFACTS, 'hostile-things.png'))).toBe(true);
    expect(readFileSync(join(ARTIFACTS, 'museum-resource.png')).subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);

  it('every page of every site passes axe-core with no serious or critical violation (desktop width; the museum also at phone width)', async () => {
    const axe = readFileSync(AXE_SOURCE, 'utf8');
    const found: string[] = [];
    let pages = 0;
    for (const [viewport, only] of [
      [{ width: 1280, height: 800 }, undefined],
      [{ width: 390, height: 844 }, 'museum'],
    ] as const) {
      const page = await browser.newPage({ viewport });
      for (const [site, files] of Object.entries(sites)) {
        if (only !== undefined && site !== only) continue;
        for (const file of files.filter((f) => f.path.endsWith('.html'))) {
          await page.goto(`${base}/${site}/${file.path}`, { waitUntil: 'load' });
          // Evaluated through the debugging protocol, which the site's CSP does not govern.
          await page.evaluate(axe);
          const result = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as {
            violations: { id: string; impact: string | null; nodes: { html: string }[] }[];
          };
          pages++;
          for (const v of result.violations) {
            if (v.impact === 'serious' || v.impact === 'critical')
              found.push(
                `${site}/${file.path} @${viewport.width}px: ${v.id} (${v.impact}) x${v.nodes.length}: ${v.nodes[0]?.html.slice(0, 200)}`,
              );
          }
        }
      }
      await page.close();
    }
    expect(pages).toBeGreaterThan(40);
    expect(found).toEqual([]);
  }, 300_000);
});
