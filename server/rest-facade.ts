import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import { AppError } from '../shared/errors.ts';
import type { Deps } from './services/deps.ts';
import type { Context } from './trpc/context.ts';
import { restResponseMeta } from './trpc/response-meta.ts';
import { appRouter } from './trpc/root.ts';

function sendError(res: Response, error: AppError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(error.status).json({ error: error.code, message: error.message });
}

/**
 * Error bodies of the adapter carry tRPC's shape; REST clients get exactly `{error, message}`.
 * Our error formatter put both into the shape (`error`, `data.message`); this keeps just those.
 */
function rewriteErrorBodies(res: Response): void {
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => Response;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode >= 400 && typeof chunk === 'string') {
      try {
        const body = JSON.parse(chunk) as { error?: string; message?: string; data?: { message?: string } };
        if (typeof body.error === 'string') {
          const rewritten = JSON.stringify({ error: body.error, message: body.data?.message ?? body.message });
          res.setHeader('Content-Length', Buffer.byteLength(rewritten));
          return end(rewritten, ...rest);
        }
      } catch {
        // not JSON: leave as is
      }
    }
    return end(chunk, ...rest);
  }) as Response['end'];
}

/**
 * The REST facade under /api: the same procedures as /trpc, through trpc-to-openapi. JSON is
 * parsed here (so malformed bodies and oversize bodies get our codes); a bodiless POST counts
 * as `{}` (e.g. cancel without a reason).
 */
export function restFacade(
  deps: Deps,
  createContext: (req: Request, res: Response, transport: 'rest') => Context,
  bodyLimit: number,
): RequestHandler[] {
  const parseJson = (req: Request, res: Response, next: NextFunction): void => {
    if (req.method === 'GET' || req.method === 'DELETE' || req.method === 'HEAD') return next();
    const type = req.headers['content-type'];
    const length = Number(req.headers['content-length'] ?? 0);
    if (!type && length === 0 && !req.headers['transfer-encoding']) {
      req.headers['content-type'] = 'application/json';
      req.body = {};
      return next();
    }
    if (!type || !/^application\/json\b/i.test(type))
      return sendError(
        res,
        new AppError('unsupported_media_type', `Content-Type is ${type ?? 'missing'}; send application/json.`),
      );
    let size = 0;
    const chunks: Buffer[] = [];
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > bodyLimit) {
        failed = true;
        sendError(
          res,
          new AppError('request_too_large', `The request body is over ${Math.floor(bodyLimit / 1024 / 1024)} MB.`),
        );
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (failed) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        req.body = {};
        return next();
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        sendError(
          res,
          new AppError('malformed_json', `The request body is not valid JSON: ${(error as Error).message}`),
        );
        return;
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        sendError(
          res,
          new AppError(
            'invalid_request',
            `The request body must be a JSON object, not ${body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body}.`,
          ),
        );
        return;
      }
      req.body = body;
      next();
    });
    req.on('error', () => {
      failed = true;
    });
  };
  const handler = createOpenApiExpressMiddleware({
    router: appRouter,
    createContext: ({ req, res }) => createContext(req as Request, res as Response, 'rest'),
    responseMeta: restResponseMeta,
    onError: ({ error, path }) => {
      const status = restResponseMeta({ errors: [error] }).status;
      if (status >= 500) deps.logger.error({ err: error.cause ?? error, path }, 'request failed');
    },
    maxBodySize: bodyLimit,
  });
  const facade = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    rewriteErrorBodies(res);
    try {
      await handler(req, res);
    } catch (error) {
      next(error);
    }
  };
  return [parseJson, facade];
}
