import { extname } from 'node:path';
import type { Request, Response } from 'express';
import { isAppError } from '../shared/errors.ts';
import { docsSiteCsp } from '../workers/for-api.ts';
import { previewFiles } from './services/docs-preview/preview-files.ts';

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

/** The headers every preview response carries, errors included. */
function previewHeaders(res: Response): void {
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Content-Security-Policy', docsSiteCsp(undefined));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'public, max-age=60');
}

/**
 * `GET /docs-preview/<shareId>/<path>`: the static docs site of a published run, public, noindex,
 * with a strict CSP and no cookies. Only files inside the docs artifact are served.
 */
export async function docsPreview(req: Request, res: Response): Promise<void> {
  previewHeaders(res);
  const shareId = String(req.params.shareId);
  const raw = req.params.path;
  const rest = Array.isArray(raw) ? raw.join('/') : typeof raw === 'string' ? raw : '';
  if (rest === '' && !req.path.endsWith('/')) {
    res.redirect(301, `/docs-preview/${encodeURIComponent(shareId)}/`);
    return;
  }
  try {
    const files = await previewFiles(shareId);
    // The try-it console may reach the API's own servers, as the site's pages say.
    res.setHeader('Content-Security-Policy', docsSiteCsp(files));
    const path = rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest;
    const body = files.get(path) ?? files.get(`${path}/index.html`);
    if (!body) {
      res.status(404).type('text/plain').send('Not found.');
      return;
    }
    res
      .status(200)
      .type(MEDIA_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream')
      .send(body);
  } catch (error) {
    if (isAppError(error) && error.status < 500) {
      res.status(error.status).type('text/plain').send(error.message);
      return;
    }
    throw error;
  }
}
