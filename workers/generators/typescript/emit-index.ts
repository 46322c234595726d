// `src/index.ts`: the client (also the default export), errors, pagination, uploads, streaming,
// every model type and every params / response type. All names come from one package scope.

import type { SdkPlan } from './plan.ts';
import { flattenResources } from '../core/resources.ts';
import { id, printModule, str } from '../printers/ts-source.ts';
import type { GeneratedFile } from '../core/files.ts';

const spec = (name: string, typeOnly = false, alias?: string): string =>
  `${typeOnly ? 'type ' : ''}${id(name)}${alias === undefined ? '' : ` as ${id(alias)}`}`;

const exportFrom = (specifiers: string[], from: string): string =>
  `export { ${specifiers.join(', ')} } from ${str(from)};`;

export function emitIndex(plan: SdkPlan, resourceTypes: Map<string, string[]>): GeneratedFile {
  const client = plan.options.clientClass;
  const statements: string[] = [
    exportFrom([spec(client), spec(client, false, 'default'), spec('ClientOptions', true)], './client.js'),
    exportFrom(
      [
        ...(plan.baseErrorClass !== undefined ? [plan.baseErrorClass, 'APIConnectionTimeoutError'] : []),
        'APIConnectionError',
        'APIError',
        'APITimeoutError',
        'APIUserAbortError',
        'AuthenticationError',
        'BadRequestError',
        'ConflictError',
        'InternalServerError',
        'NotFoundError',
        'PermissionDeniedError',
        'RateLimitError',
        'UnprocessableEntityError',
      ].map((n) => spec(n)),
      './core/errors.js',
    ),
    exportFrom(
      [spec('BaseClient'), spec('Fetch', true), spec('HeaderValues', true), spec('RequestOptions', true)],
      './core/base-client.js',
    ),
    exportFrom([spec('APIPromise'), spec('WithResponse', true)], './core/api-promise.js'),
    ...(plan.clientCredentials !== undefined
      ? [exportFrom([spec('ClientCredentials'), spec('OAuthError')], './core/oauth.js')]
      : []),
    ...(plan.webhooks !== undefined
      ? [
          exportFrom(
            [
              spec('UnwrapOptions', true),
              spec('WebhookHeaders', true),
              spec('WebhookVerificationError'),
              spec('Webhooks'),
            ],
            './core/webhooks.js',
          ),
          exportFrom(
            [...plan.webhooks.events.map((e) => e.typeName), plan.webhooks.unionType].sort().map((t) => spec(t, true)),
            './webhooks.js',
          ),
        ]
      : []),
    exportFrom(
      [
        ...(plan.stainless ? [spec('AbstractPage')] : []),
        spec('Page'),
        spec('PagePromise'),
        spec('PaginationConfig', true),
      ],
      './core/pagination.js',
    ),
    exportFrom([spec('Stream'), spec('ServerSentEvent', true)], './core/streaming.js'),
    exportFrom([spec('toFile'), spec('Uploadable', true)], './core/uploads.js'),
    `export * from ${str('./models.js')};`,
  ];
  for (const resource of flattenResources(plan.resources)) {
    const types = resourceTypes.get(resource.module) ?? [];
    statements.push(
      exportFrom([spec(resource.className), ...types.sort().map((t) => spec(t, true))], `./${resource.module}.js`),
    );
  }
  return { path: 'src/index.ts', content: printModule(`Public entry point of the ${client} SDK.`, statements) };
}
