import type { Request, RequestHandler } from 'express';
import { metrics } from '../shared/metrics.ts';
import { appRouter } from './trpc/root.ts';
import { webRouter } from './trpc/web-router.ts';

interface RestRoute {
  method: string;
  pattern: RegExp;
  route: string;
}

interface ProcedureDef {
  _def: { meta?: { openapi?: { method: string; path: string } } };
}

/** The REST facade's routes (`/api` + each procedure's OpenAPI path), as patterns to match a URL against. */
function restRoutes(): RestRoute[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
  const routes: RestRoute[] = [];
  for (const procedure of Object.values(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi) continue;
    const source = openapi.path
      .split('/')
      .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    routes.push({ method: openapi.method, pattern: new RegExp(`^/api${source}/?$`), route: `/api${openapi.path}` });
  }
  return routes;
}

/**
 * The route label of a request: always a pattern, never the URL it was called with, so the
 * number of label values stays bounded whatever clients send. An express route gives its own
 * pattern; the REST facade's paths are matched against the procedures' OpenAPI paths; a tRPC call
 * is its procedure's name when that procedure exists. Everything else is `(web)` (the web app,
 * static files, docs) or `(unmatched)` (404).
 */
export function routeLabeller(): (req: Request, status: number) => string {
  const rest = restRoutes();
  const trpc = new Set(Object.keys(webRouter._def.procedures));
  return (req, status) => {
    if (req.route && typeof req.route.path === 'string') return `${req.baseUrl}${req.route.path}`;
    const path = req.originalUrl.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      const found = rest.find((r) => r.method === req.method && r.pattern.test(path));
      return found ? found.route : '(unmatched)';
    }
    if (path.startsWith('/trpc/')) {
      const names = path.slice('/trpc/'.length).split(',');
      if (names.length > 1) return names.every((n) => trpc.has(n)) ? '/trpc/(batch)' : '(unmatched)';
      return trpc.has(names[0]!) ? `/trpc/${names[0]}` : '(unmatched)';
    }
    return status === 404 ? '(unmatched)' : '(web)';
  };
}

/** Counts every answered request and observes its latency, by method, route pattern and status. */
export function httpMetrics(): RequestHandler {
  const label = routeLabeller();
  const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const labels = {
        method: METHODS.has(req.method) ? req.method : 'OTHER',
        route: label(req, res.statusCode),
        status: String(res.statusCode),
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
