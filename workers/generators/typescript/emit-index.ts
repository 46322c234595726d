// `src/index.ts`: the client (also the default export), errors, pagination, uploads, streaming,
// every model type and every params / response type. All names come from one package scope.

import type { SdkPlan } from './plan.ts';
import { flattenResources } from './plan.ts';
import { f, id, printModule, str, ts } from './ts-dsl.ts';
import type { GeneratedFile } from './types.ts';

const spec = (name: string, typeOnly = false, alias?: string): ts.ExportSpecifier =>
  f.createExportSpecifier(typeOnly, alias === undefined ? undefined : id(name), id(alias ?? name));

const exportFrom = (specifiers: ts.ExportSpecifier[], from: string): ts.ExportDeclaration =>
  f.createExportDeclaration(undefined, false, f.createNamedExports(specifiers), str(from));

export function emitIndex(plan: SdkPlan, resourceTypes: Map<string, string[]>): GeneratedFile {
  const client = plan.options.clientClass;
  const statements: ts.Statement[] = [
    exportFrom([spec(client), spec(client, false, 'default'), spec('ClientOptions', true)], './client.js'),
    exportFrom(
      [
        'APIConnectionError', 'APIError', 'APITimeoutError', 'APIUserAbortError', 'AuthenticationError', 'BadRequestError', 'ConflictError',
        'InternalServerError', 'NotFoundError', 'PermissionDeniedError', 'RateLimitError', 'UnprocessableEntityError',
      ].map((n) => spec(n)),
      './core/errors.js',
    ),
    exportFrom([spec('BaseClient'), spec('Fetch', true), spec('HeaderValues', true), spec('RequestOptions', true)], './core/base-client.js'),
    exportFrom([spec('Page'), spec('PagePromise'), spec('PaginationConfig', true)], './core/pagination.js'),
    exportFrom([spec('Stream'), spec('ServerSentEvent', true)], './core/streaming.js'),
    exportFrom([spec('toFile'), spec('Uploadable', true)], './core/uploads.js'),
    f.createExportDeclaration(undefined, false, undefined, str('./models.js')),
  ];
  for (const resource of flattenResources(plan.resources)) {
    const types = resourceTypes.get(resource.module) ?? [];
    statements.push(exportFrom([spec(resource.className), ...types.sort().map((t) => spec(t, true))], `./${resource.module}.js`));
  }
  return { path: 'src/index.ts', content: printModule(`Public entry point of the ${client} SDK.`, statements) };
}
