import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt } from '../../web/build.ts';
import { startTestService, type TestService } from '../setup/service.ts';

// How `npm start` serves the built web app: index.html for client routes with a strict CSP,
// content-hashed assets cached for a year, and API paths left to the API.

let service: TestService;
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

beforeAll(async () => {
  await ensureWebBuilt(() => {});
  service = await startTestService({ ROLE: 'api' });
}, 120_000);
afterAll(async () => service?.stop());

describe('the web app at /', () => {
  it('serves index.html for / and client routes, never cached, with a strict CSP and no inline script', async () => {
    for (const path of ['/', '/runs/run_123/diagnostics', '/workspace/keys', '/sign-in']) {
      const res = await fetch(`${service.url}${path}`, { headers: HTML });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      // Every script has a src (no inline script), and points at a hashed asset.
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/src="\/assets\/[\w-]+\.js"/);
        expect(body!.trim()).toBe('');
      }
    }
  });

  it('serves hashed assets as immutable for a year; a missing asset is a 404, not the app', async () => {
    const html = await (await fetch(`${service.url}/`, { headers: HTML })).text();
    const asset = /src="(\/assets\/[\w-]+\.js)"/.exec(html)![1]!;
    const res = await fetch(`${service.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${service.url}/assets/nope-12345678.js`)).status).toBe(404);
  });

  it('leaves API paths and non-browser clients to the API: JSON 404s, not the app', async () => {
    for (const path of ['/api/nope', '/trpc/nope.nope', '/docs-preview/share_x']) {
      const res = await fetch(`${service.url}${path}`, { headers: HTML });
      expect(res.headers.get('content-type') ?? '', path).not.toMatch(/^text\/html/);
    }
    const apiClient = await fetch(`${service.url}/some/client/route`, { headers: { accept: 'application/json' } });
    expect(apiClient.status).toBe(404);
    expect(await apiClient.json()).toEqual({ error: 'not_found', message: expect.any(String) });
  });

  it('answers `curl /` (Accept: */*, or no Accept at all) with the app, not a JSON 404 (issue #34, point 11)', async () => {
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'text/plain, */*;q=0.1' }]) {
      const res = await fetch(`${service.url}/`, { headers: headers as Record<string, string> });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<div id="root"></div>');
    }
    // A client asking for JSON and HTML alike is a browser-ish one: the app.
    const both = await fetch(`${service.url}/projects`, { headers: { accept: 'application/json, text/html' } });
    expect(both.headers.get('content-type')).toMatch(/^text\/html/);
    // JSON-only (or a +json type): the API's 404.
    const problem = await fetch(`${service.url}/`, { headers: { accept: 'application/problem+json' } });
    expect(problem.status).toBe(404);
  });
});
