import { timingSafeEqual, createHash } from 'node:crypto';
import express, { type Request } from 'express';
import { refreshDatabaseGauges } from '../db/database-gauges.ts';
import { metrics, registry } from '../shared/metrics.ts';
import type { Deps } from './services/deps.ts';
import { getReadiness, type WorkerProbe } from './services/ops/get-readiness.ts';

export interface OpsOptions {
  /** This process's worker once it started (readiness checks its queue subscriptions); undefined in an API-only process. */
  worker: () => WorkerProbe | undefined;
  /** True on the separate METRICS_PORT listener, where /metrics is served without a token unless METRICS_TOKEN is set. */
  dedicatedPort: boolean;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(req: Request, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return !!match && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * The operator endpoints: `GET /readyz` (readiness for an orchestrator; 200 or 503, no token) and
 * `GET /metrics` (Prometheus text format). On the public port /metrics exists only when
 * METRICS_TOKEN is set, and then wants it as a bearer token; on the METRICS_PORT listener it is
 * always served (still behind the token when one is set). docs/deployment.md: Metrics and readiness.
 */
export function opsRoutes(deps: Deps, options: OpsOptions): express.Router {
  const router = express.Router();
  router.get('/readyz', async (_req, res, next) => {
    try {
      const readiness = await getReadiness(deps, options.worker());
      res
        .status(readiness.ready ? 200 : 503)
        .set('Cache-Control', 'no-store')
        .json(readiness);
    } catch (error) {
      next(error);
    }
  });
  router.get('/metrics', async (req, res, next) => {
    const { token } = deps.config.metrics;
    if (!token && !options.dedicatedPort) return next(); // not served on the public port: the app's 404
    if (token && !bearerMatches(req, token)) {
      metrics.authFailures.inc({ kind: 'metrics_token' });
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer realm="metrics"')
        .json({ error: 'unauthorized', message: 'Send the metrics token (METRICS_TOKEN) as a bearer token.' });
      return;
    }
    try {
      try {
        await refreshDatabaseGauges(deps.db.sequelize, deps.config.worker.heartbeatSeconds);
      } catch (error) {
        // The process's own metrics are still worth a scrape while the database is away.
        deps.logger.warn({ err: error }, 'metrics: the database gauges could not be read');
      }
      res.set('Content-Type', registry.contentType).send(await registry.metrics());
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/** The METRICS_PORT listener's app: /metrics and /readyz only. */
export function createOpsApp(deps: Deps, options: Omit<OpsOptions, 'dedicatedPort'>): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(opsRoutes(deps, { ...options, dedicatedPort: true }));
  app.use((_req, res) => {
    res.status(404).json({ error: 'not_found', message: 'This port serves /metrics and /readyz only.' });
  });
  return app;
}
