import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { artifactDownloadPath } from '../artifact-download.ts';
import { billingWebhookPath } from '../billing-webhook.ts';
import { descriptionWebhookPath } from '../description-webhook.ts';
import { releaseWebhookPath } from '../release-webhook.ts';
import { appRouter } from './root.ts';

let cached: OpenAPIObject | undefined;

/** The service's own OpenAPI document, generated from the procedures' zod schemas. */
export function openApiDocument(baseUrl: string): OpenAPIObject {
  cached ??= generateOpenApiDocument(appRouter, {
    title: 'Report-Generation and Workspace Service API',
    description:
      'Send an OpenAPI description, get a report and deliverables (TypeScript and Python SDKs, a CLI, docs, a compatibility diff). Errors are `{error, message}` with stable codes.',
    version: '0.1.0',
    baseUrl: '/api',
    tags: [
      'reports',
      'runs',
      'projects',
      'domains',
      'publishing',
      'members',
      'api-keys',
      'billing',
      'identity',
      'system',
    ],
    paths: { ...artifactDownloadPath, ...billingWebhookPath, ...descriptionWebhookPath, ...releaseWebhookPath },
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A workspace API key (`Authorization: Bearer rsk_…`), or under the idp auth provider a session token of the identity provider',
      },
    },
  });
  return { ...cached, servers: [{ url: `${baseUrl.replace(/\/$/, '')}/api` }] };
}
