import type { Request, Response } from 'express';
import { rulePage, rulesIndexPage } from '../workers/for-api.ts';

/** Scripts none, inline styles only (the page's own). */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * `GET /rules` (every rule) and `GET /rules/<family>/<name>` (one rule: what it checks, why, a
 * failing and a passing example, its class, its Redocly and Spectral equivalents, how to set or
 * turn it off). Public, no cookies, nothing from the request is reflected unescaped; an id that is
 * not a rule is a 404 `{error, message}` that does not repeat it.
 */
export function ruleDocs(req: Request, res: Response): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('Cache-Control', 'public, max-age=300');
  const raw = req.params.ruleId;
  const id = Array.isArray(raw) ? raw.join('/') : typeof raw === 'string' ? raw : '';
  if (id === '' || id === '/') {
    res.type('html').send(rulesIndexPage());
    return;
  }
  const page = rulePage(id);
  if (page === undefined) {
    res.status(404).json({ error: 'not_found', message: 'No such rule; GET /rules lists them all.' });
    return;
  }
  res.type('html').send(page);
}
