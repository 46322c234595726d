import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Deps } from './services/deps.ts';

/** Where `web/build.ts` (run by `npm install`, or at start when stale) puts the built app. */
export const WEB_DIST = join(import.meta.dirname, '..', 'web', 'dist');

/**
 * The web app's Content-Security-Policy: scripts and styles only from our own origin, no inline
 * script, no eval, no plugins, no framing, requests only to ourselves. Highlighted code is styled
 * through the DOM (CSSOM), which style-src does not restrict, so no inline style attribute is needed.
 */
export const WEB_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** The API's and the operators' paths: never the app, whatever the client accepts. */
const NOT_APP = /^\/(api|trpc|docs-preview|auth|metrics|readyz|healthz|livez)(\/|$)/;

/** Whether `accept` names JSON (or a `+json` type) and no HTML: such a client wants the API's JSON answer. */
export function wantsJsonOnly(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const json = types.some((t) => t === 'application/json' || /^application\/[\w.+-]*\+json$/.test(t));
  const html = types.some((t) => t === 'text/html' || t === 'application/xhtml+xml');
  return json && !html;
}

function securityHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', WEB_CSP);
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
}

/**
 * Serves the built web app at `/`: `/assets/*` are content-hashed, so cached for a year as
 * immutable; every other GET that does not ask for JSON only gets `index.html` (never cached), so client-side
 * routes such as /runs/run_… load the app. API paths are left to their routers.
 */
export function webApp(deps: Deps): express.RequestHandler[] {
  const assets = express.static(join(WEB_DIST, 'assets'), {
    immutable: true,
    maxAge: '365d',
    index: false,
    setHeaders: (res) => securityHeaders(res as unknown as Response),
  });
  const index = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_APP.test(req.path)) return next();
    // The app, unless the client asks for JSON and not HTML (an API client's `Accept: application/json`):
    // `curl /` (Accept: */*) and a browser both get the page; a JSON-only client gets the JSON 404.
    if (wantsJsonOnly(req.headers.accept)) return next();
    const file = join(WEB_DIST, 'index.html');
    if (!existsSync(file)) {
      res
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm install` (it builds web/), or `node web/build.ts`, then reload.');
      return;
    }
    try {
      const html = await readFile(file);
      securityHeaders(res);
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    } catch (error) {
      deps.logger.error({ err: error }, 'web app index.html unreadable');
      next(error);
    }
  };
  const staticFile = (name: string, type: string) => async (_req: Request, res: Response, next: NextFunction) => {
    const file = join(WEB_DIST, name);
    if (!existsSync(file)) return next();
    securityHeaders(res);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type(type).send(await readFile(file));
  };
  const router = express.Router();
  router.use('/assets', assets, (_req: Request, res: Response) => {
    // A missing hashed asset (an old tab after a deploy) is a plain 404, never index.html.
    res.status(404).type('text/plain').send('No such asset.');
  });
  router.get('/favicon.svg', staticFile('favicon.svg', 'image/svg+xml'));
  router.use(index);
  return [router];
}
