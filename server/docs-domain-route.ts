import { isIP } from 'node:net';
import { extname } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { docsSiteCsp } from '../workers/for-api.ts';
import { publishedDocsFiles } from './services/publishing/published-docs-files.ts';

const MEDIA_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/** A robots meta tag that keeps the page out of search engines (the generator writes one into every page, for the preview). */
const NOINDEX_META =
  /[ \t]*<meta\s+name\s*=\s*["']?robots["']?\s+content\s*=\s*["'][^"'>]*\bnoindex\b[^"'>]*["']\s*\/?>\r?\n?/gi;

/**
 * A page of the site as served once indexing is approved: the generated `noindex` robots meta is
 * dropped (the artifact, the preview and an unapproved domain keep it); other bytes are unchanged.
 */
export function indexableHtml(body: Buffer): Buffer {
  const html = body.toString('utf8');
  const rewritten = html.replace(NOINDEX_META, '');
  return rewritten === html ? body : Buffer.from(rewritten, 'utf8');
}

/**
 * Requests whose Host is a docs domain get that project's published docs (the TLS-terminating proxy
 * in front is the operator's; behind one on loopback, X-Forwarded-Host counts). Until
 * `PUBLISH_DOCS_INDEXABLE=true` every answer carries `X-Robots-Tag: noindex, nofollow` and
 * robots.txt disallows everything; once it is set, the pages' own `noindex` robots meta (which the
 * generator writes for the preview) is dropped from the HTML served here. Hosts that are no docs domain (the service's own name, IPs,
 * localhost, unknown names) pass on to the service; a domain that is not verified gets a 404.
 */
export function docsDomainRoute(options: { indexable: boolean; ownHost: string | undefined }) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const host = req.hostname;
    if (!host || isIP(host) || host === 'localhost' || host === options.ownHost) return next();
    try {
      const docs = await publishedDocsFiles(host);
      if (docs.kind === 'not_a_docs_domain') return next();
      // The try-it console may reach the API's own servers (none until the site names them).
      res.setHeader('Content-Security-Policy', docsSiteCsp(docs.kind === 'nothing' ? undefined : docs.files));
      res.setHeader('Referrer-Policy', 'no-referrer');
      if (!options.indexable) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.status(405).setHeader('Allow', 'GET, HEAD').type('text/plain').send('Method not allowed.');
        return;
      }
      if (docs.kind === 'nothing') {
        res.status(404).type('text/plain').send(docs.reason);
        return;
      }
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.setHeader('X-Docs-Run', docs.runId);
      if (req.path === '/robots.txt' && !docs.files.has('robots.txt')) {
        res.type('text/plain').send(options.indexable ? 'User-agent: *\nAllow: /\n' : 'User-agent: *\nDisallow: /\n');
        return;
      }
      let path: string;
      try {
        path = decodeURIComponent(req.path).replace(/^\/+/, '');
      } catch {
        res.status(400).type('text/plain').send('Bad path.');
        return;
      }
      if (path === '' || path.endsWith('/')) path = `${path}index.html`;
      const body = docs.files.get(path) ?? docs.files.get(`${path}/index.html`);
      if (!body) {
        res.status(404).type('text/plain').send('Not found.');
        return;
      }
      const ext = extname(path).toLowerCase();
      res
        .status(200)
        .type(MEDIA_TYPES[ext] ?? 'application/octet-stream')
        .send(options.indexable && ext === '.html' ? indexableHtml(body) : body);
    } catch (error) {
      next(error);
    }
  };
}
