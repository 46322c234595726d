import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { AppError } from '../shared/errors.ts';
import { ErrorBody } from '../shared/schemas/common.ts';
import { authenticateRequest } from './services/auth/authenticate-request.ts';
import { downloadArtifact } from './services/artifacts/download-artifact.ts';
import type { Deps } from './services/deps.ts';

/**
 * `GET /api/runs/{runId}/artifacts/{artifactId}`: the artifact's bytes (a .tar.gz of a file
 * tree, or a JSON/YAML document). Binary, so it is a plain express route with the same auth
 * and scope rule (`artifacts:read`) as the procedures. The bytes are streamed from the object
 * store through the sha256 check, never held whole (docs/deployment.md: Artifact storage).
 */
export const artifactDownload =
  (deps: Deps) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const caller = await authenticateRequest(deps, req.headers.authorization, req.ip);
      if (!caller.scopes.includes('artifacts:read'))
        throw new AppError('insufficient_scope', 'This endpoint needs the artifacts:read scope.');
      const artifact = await downloadArtifact(caller, String(req.params.runId), String(req.params.artifactId));
      const etag = `"${artifact.sha256}"`;
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', 'private, max-age=0, must-revalidate');
      if (req.headers['if-none-match'] === etag) {
        res.status(304).end();
        return;
      }
      // Opened before any header: a missing object is a JSON error, not an empty 200.
      const content = await artifact.openContent();
      res.setHeader('Content-Type', artifact.mediaType);
      res.setHeader('Content-Length', String(artifact.sizeBytes));
      res.setHeader('Content-Disposition', `attachment; filename="${artifact.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
      res.setHeader('X-Content-SHA256', artifact.sha256);
      res.status(200);
      content.on('error', (error) => {
        content.unpipe(res);
        if (!res.headersSent) {
          // Nothing sent yet (the object failed its check within its first chunk): a JSON error.
          for (const name of [
            'Content-Type',
            'Content-Length',
            'Content-Disposition',
            'X-Content-SHA256',
            'ETag',
            'Cache-Control',
          ])
            res.removeHeader(name);
          next(error);
          return;
        }
        // Mid-stream: the connection is destroyed, so the client sees a download shorter than its
        // Content-Length (the last chunk of a corrupt object is never sent); logged as the fault it is.
        deps.logger.error({ err: error, runId: artifact.runId, artifactId: artifact.id }, 'artifact download aborted');
        res.destroy(error);
      });
      // A client that goes away stops the read from the store.
      res.on('close', () => content.destroy());
      content.pipe(res);
    } catch (error) {
      next(error);
    }
  };

/** The route's entry in /api/openapi.json. */
export const artifactDownloadPath = {
  '/runs/{runId}/artifacts/{artifactId}': {
    get: {
      tags: ['runs'],
      summary: 'Download an artifact (.tar.gz of a file tree, or a JSON/YAML report)',
      operationId: 'artifacts-download',
      security: [{ bearerAuth: [] }],
      requestParams: { path: z.object({ runId: z.string(), artifactId: z.string() }) },
      responses: {
        200: {
          description: 'The artifact bytes',
          content: {
            'application/gzip': { schema: z.string().meta({ format: 'binary' }) },
            'application/json': { schema: z.unknown() },
          },
        },
        401: { description: 'Unauthorized', content: { 'application/json': { schema: ErrorBody } } },
        403: { description: 'Missing scope', content: { 'application/json': { schema: ErrorBody } } },
        404: { description: 'Not found', content: { 'application/json': { schema: ErrorBody } } },
        410: { description: 'Expired and purged', content: { 'application/json': { schema: ErrorBody } } },
        500: {
          description:
            'The stored bytes are missing (stored_object_missing) or failed their SHA-256 check before any byte was sent (stored_object_corrupt)',
          content: { 'application/json': { schema: ErrorBody } },
        },
      },
    },
  },
};
