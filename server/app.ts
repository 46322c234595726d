import { randomUUID } from 'node:crypto';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppError } from '../shared/errors.ts';
import { maxBodyBytes } from '../shared/config.ts';
import { artifactDownload } from './artifact-download.ts';
import { billingWebhook } from './billing-webhook.ts';
import { descriptionWebhook } from './description-webhook.ts';
import { releaseWebhook } from './release-webhook.ts';
import { docsDomainRoute } from './docs-domain-route.ts';
import { docsPreview } from './docs-preview-route.ts';
import { httpMetrics } from './http-metrics.ts';
import { opsRoutes, type OpsOptions } from './ops-routes.ts';
import { restFacade } from './rest-facade.ts';
import { ruleDocs } from './rule-docs-route.ts';
import type { Deps } from './services/deps.ts';
import type { Context } from './trpc/context.ts';
import { toAppError } from './trpc/errors.ts';
import { openApiDocument } from './trpc/openapi-document.ts';
import { sessionCookie } from './services/sessions/session-cookie.ts';
import { webRouter } from './trpc/web-router.ts';
import { webApp } from './web-app.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestIdOf(_req: Request, res: Response): string {
  return String(res.getHeader('X-Request-Id') ?? '');
}

/**
 * The HTTP app: /api (REST facade), /trpc (tRPC), the service's OpenAPI document, a sign-in help
 * page, /readyz and (with METRICS_TOKEN) /metrics. `ops.worker`: this process's worker, for readiness.
 */
export function createApp(
  deps: Deps,
  ops: Omit<OpsOptions, 'dedicatedPort'> = { worker: () => undefined },
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use((req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });

  // Metrics and readiness (docs/deployment.md: Metrics and readiness): every request counted by route pattern.
  app.use(httpMetrics());
  app.use(opsRoutes(deps, { ...ops, dedicatedPort: false }));

  // Before everything else: a request for a docs domain is answered from its published docs.
  app.use(
    docsDomainRoute({
      indexable: deps.config.publishing.docsIndexable,
      ownHost: deps.config.publicBaseUrl ? new URL(deps.config.publicBaseUrl).hostname : undefined,
    }),
  );

  const createContext = (req: Request, res: Response, transport: Context['transport'] = 'rest'): Context => ({
    req,
    res,
    deps,
    requestId: requestIdOf(req, res),
    transport,
  });

  app.get('/api/openapi.json', (req, res) => {
    res.json(openApiDocument(deps.config.publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`));
  });

  // CSRF, before tRPC reads the body: a POST with no bearer token that carries the session cookie
  // or asks for one must come from our own origin as JSON (sessionCookie.assertSameOrigin).
  app.post('/trpc/{*path}', (req, res, next) => {
    if (req.headers.authorization || (sessionCookie.read(req) === undefined && !req.path.startsWith('/trpc/session.')))
      return next();
    try {
      sessionCookie.assertSameOrigin(deps, req);
      next();
    } catch (error) {
      const app = toAppError(error);
      res.status(app.status).json({
        error: {
          message: app.message,
          code: -32003,
          data: { code: app.code, httpStatus: app.status, message: app.message },
        },
      });
    }
  });

  app.use(
    '/trpc',
    createExpressMiddleware({
      router: webRouter,
      createContext: ({ req, res }) => createContext(req, res, 'trpc'),
      maxBodySize: maxBodyBytes(deps.config),
      responseMeta: ({ errors }) => {
        const [error] = errors;
        if (!error) return {};
        const app = toAppError(error);
        return { status: app.status, headers: app.headers };
      },
      onError: ({ error, path }) => {
        if (toAppError(error).status >= 500)
          deps.logger.error({ err: error.cause ?? error, path }, 'trpc request failed');
      },
    }),
  );

  app.get('/api/runs/:runId/artifacts/:artifactId', artifactDownload(deps));
  // Before the facade: the signature covers the raw body, which the facade would parse.
  app.post('/api/billing/webhook', billingWebhook(deps));
  app.post('/api/projects/:projectId/description-webhook', descriptionWebhook(deps));
  app.post('/api/projects/:projectId/release-webhook', releaseWebhook(deps));
  app.use('/api', ...restFacade(deps, createContext, maxBodyBytes(deps.config)));

  app.get('/docs-preview/:shareId', docsPreview);
  app.get('/docs-preview/:shareId/{*path}', docsPreview);

  // Rule documentation, linked from every diagnostic's `docsUrl`.
  app.get('/rules', ruleDocs);
  app.get('/rules/{*ruleId}', ruleDocs);

  app.get('/auth/local-dev', (_req, res) => {
    res
      .type('text/plain')
      .send(
        [
          'This service runs with the local-dev auth provider: there is no hosted sign-in.',
          '',
          '- The owner key of the first workspace is in $DATA_DIR/bootstrap-api-key (default .data/bootstrap-api-key).',
          '- Another workspace: npm run --silent admin -- workspace create --name "Acme" --email you@example.com',
          '- Then: curl -H "Authorization: Bearer <token>" http://localhost:3000/api/me',
        ].join('\n'),
      );
  });

  // The web app: hashed assets, and index.html for its client-side routes.
  app.use(...webApp(deps));

  app.use((_req, res) => {
    res.status(404).json({ error: 'not_found', message: 'No such endpoint.' });
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const app = error instanceof AppError ? error : toAppError(error);
    if (app.status >= 500) deps.logger.error({ err: error, requestId: requestIdOf(req, res) }, 'unhandled error');
    if (res.headersSent) return;
    res.set(app.headers).status(app.status).json({ error: app.code, message: app.message });
  });

  return app;
}
