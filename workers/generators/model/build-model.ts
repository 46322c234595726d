// Builds the API model once per run from the parsed description and the normalised config.
// Pure: reads the document, never throws on a malformed one (missing pieces become defaults or
// `unknown` schemas), and reports config/spec mismatches as diagnostics.

import type {
  ApiModel,
  AuthScheme,
  ClientNaming,
  Diagnostic,
  Environment,
  HttpMethod,
  MediaKind,
  MediaTypeContent,
  OAuthFlow,
  Operation,
  Parameter,
  ParameterLocation,
  ParameterStyle,
  ParametersByLocation,
  PaginationScheme,
  RequestBody,
  Resource,
  Response,
  ResponseHeader,
  SecurityRequirement,
  Server,
  SourceLocation,
  StatusClass,
  Tag,
} from './types.ts';
import { HTTP_METHODS } from './types.ts';
import type { GeneratorConfig, ConfigResource } from './generator-config.ts';
import { deriveResources, type DerivedName } from './derive-resources.ts';
import { endpointKey, parseEndpoint } from './endpoint.ts';
import { effectiveParameters, isIgnoredHeader, pathTemplateNames, type OperationEntry } from './doc-index.ts';
import { asArray, asRecord, asString, entries, isRecord, type JsonRecord } from './json-guards.ts';
import { joinPointer, refToPointer } from './parse/pointer.ts';
import type { RefIndex } from './refs/ref-index.ts';
import { SchemaBuilder, toJson } from './build/schema-builder.ts';
import { DEFAULT_PARSE_LIMITS, type ModelLimits } from './parse/limits.ts';
import { screamingSnakeCase, snakeCase } from '../names/case.ts';
import { stainlessWordCasings } from '../names/word-casings.ts';
import { clientNamingDefaults } from './client-naming-defaults.ts';

export interface BuildModelInput {
  doc: JsonRecord;
  version: '3.0' | '3.1';
  openapiVersion: string;
  locate(pointer: string): SourceLocation;
  refs: RefIndex;
  operations: OperationEntry[];
  config: GeneratorConfig;
  /** Partner configs list exactly what the SDK contains; unmapped endpoints stay out of the tree. */
  strictResources: boolean;
  /** What the generators are handed at most (DEFAULT_PARSE_LIMITS when absent). */
  limits?: ModelLimits;
  /**
   * The caller reads no package names from the model (the description diff): a kept model built
   * with other package names answers it (`keepLastModels`).
   */
  packageNamesUnread?: true;
}

export interface BuildModelResult {
  model: ApiModel;
  diagnostics: Diagnostic[];
}

const STYLE_DEFAULT: Record<ParameterLocation, ParameterStyle> = {
  path: 'simple',
  query: 'form',
  header: 'simple',
  cookie: 'form',
};
const STYLES = new Set<string>(['matrix', 'label', 'simple', 'form', 'spaceDelimited', 'pipeDelimited', 'deepObject']);

/**
 * The last two models built, when this process keeps them (`keepLastModels`): a run's process
 * builds the model of its description for the analysis, and the diff against the project's
 * previous description (diff/description/load-model.ts, which builds the previous one's first:
 * hence two) builds it again from the same parsed value (shared: parse-document.ts
 * `keepLastParses`), 0.6 s on the Stripe-sized description. A model is answered from a kept one
 * only when every input that shapes it is the same: the same parsed value (identity), version,
 * strict resources, config and limits (compared as JSON); for a caller that reads no package names
 * (`packageNamesUnread`: the diff), the config's package names aside, which a project's settings
 * and its earlier runs set. `refs`, `operations` and `locate` are each a function of the parsed
 * value, so they are not compared. The model is then shared: no reader writes to it
 * (tests/workers/generators/model/shared-model.test.ts runs the diff on a frozen one). Off by
 * default: a long-lived process (the API) would hold its last models.
 */
const KEPT_MODELS = 2;
let keptModels: { doc: JsonRecord; key: string; keyWithoutPackages: string; result: BuildModelResult }[] | undefined;

/** From now on this process keeps its last models and answers the same inputs from them. */
export function keepLastModels(): void {
  keptModels ??= [];
}

export function buildModel(input: BuildModelInput): BuildModelResult {
  if (keptModels === undefined) return buildModelAfresh(input);
  const { packages, ...rest } = input.config;
  const shape = [input.version, input.openapiVersion, input.strictResources, input.limits ?? DEFAULT_PARSE_LIMITS];
  const keyWithoutPackages = JSON.stringify([...shape, rest]);
  const key = JSON.stringify([...shape, rest, packages]);
  const at = keptModels.findIndex(
    (entry) =>
      entry.doc === input.doc &&
      (input.packageNamesUnread ? entry.keyWithoutPackages === keyWithoutPackages : entry.key === key),
  );
  if (at >= 0) {
    const [entry] = keptModels.splice(at, 1);
    keptModels.unshift(entry!);
    return { model: entry!.result.model, diagnostics: [...entry!.result.diagnostics] };
  }
  const result = buildModelAfresh(input);
  keptModels.unshift({
    doc: input.doc,
    key,
    keyWithoutPackages,
    result: { model: result.model, diagnostics: [...result.diagnostics] },
  });
  keptModels.length = Math.min(keptModels.length, KEPT_MODELS);
  return result;
}

function buildModelAfresh(input: BuildModelInput): BuildModelResult {
  const { doc, locate, refs, config } = input;
  const diagnostics: Diagnostic[] = [];
  const limitWarning = (ruleId: string, pointer: string, message: string): void => {
    const source = locate(pointer);
    diagnostics.push({
      ruleId,
      severity: 'warning',
      message,
      pointer: source.pointer,
      line: source.line,
      column: source.column,
    });
  };
  const schemas = new SchemaBuilder(doc, input.version, locate, input.limits ?? DEFAULT_PARSE_LIMITS, limitWarning);
  schemas.buildComponents();

  const info = asRecord(doc.info) ?? {};
  const servers = buildServers(doc.servers, '', locate);
  const authSchemes = buildAuthSchemes(doc, config, refs, locate);
  const globalSecurity = buildSecurity(config.security ?? doc.security);
  const context: OperationContext = { globalSecurity, pagination: config.pagination, schemas, refs, locate };

  const mapped = configuredNames(config.resources);
  const { operations, webhooks, callbacks } = buildOperations(input, mapped, context);
  const opKeys = new Set(operations.map((o) => o.key));
  const resources = config.resources.map((r) => configuredResource(r, [], opKeys, schemas, diagnostics));
  placeUnmapped(input, operations, mapped, resources, diagnostics);

  schemas.drain();
  schemas.collapseAliasChains();
  const client = clientNaming(config, asString(info.title) ?? 'API');
  const model: ApiModel = {
    openapiVersion: input.openapiVersion,
    specVersion: input.version,
    info: modelInfo(info),
    client,
    servers,
    environments: buildEnvironments(config, servers),
    authSchemes,
    authOptions: config.authOptions.length > 0 ? config.authOptions : defaultAuthOptions(authSchemes, client.envPrefix),
    security: globalSecurity,
    operations,
    webhooks,
    callbacks,
    schemas: schemas.schemas,
    resources,
    pagination: config.pagination,
    tags: modelTags(doc, locate),
    source: locate(''),
  };
  return { model, diagnostics };
}

/** What every operation is built with. */
interface OperationContext {
  globalSecurity: SecurityRequirement[];
  pagination: GeneratorConfig['pagination'];
  schemas: SchemaBuilder;
  refs: RefIndex;
  locate: (pointer: string) => SourceLocation;
}

type ConfiguredName = {
  resourcePath: string[];
  methodName: string;
  deprecated?: string | boolean;
  pagination?: string;
};

/** The config's names by endpoint key (`get /path`): the first method that maps an endpoint names it. */
function configuredNames(resources: ConfigResource[]): Map<string, ConfiguredName> {
  const mapped = new Map<string, ConfiguredName>();
  const walk = (list: ConfigResource[], prefix: string[]): void => {
    for (const resource of list) {
      const path = [...prefix, resource.name];
      for (const method of resource.methods) {
        const parsed = parseEndpoint(method.endpoint);
        if (parsed === undefined) continue;
        const key = endpointKey(parsed.method, parsed.path);
        if (!mapped.has(key)) {
          mapped.set(key, {
            resourcePath: path,
            methodName: method.name,
            ...(method.deprecated !== undefined ? { deprecated: method.deprecated } : {}),
            ...(method.pagination !== undefined ? { pagination: method.pagination } : {}),
          });
        }
      }
      walk(resource.subresources, path);
    }
  };
  walk(resources, []);
  return mapped;
}

/**
 * The path operations (named by the config, else derived from the paths: the same derivation the
 * starter config uses), sorted by path then method, and the webhooks.
 */
function buildOperations(
  input: BuildModelInput,
  mapped: Map<string, ConfiguredName>,
  context: OperationContext,
): { operations: Operation[]; webhooks: Operation[]; callbacks: Operation[] } {
  const { globalSecurity, pagination, schemas, refs, locate } = context;
  const pathOps = input.operations.filter((o) => !o.webhook);
  const derived = deriveResources(
    pathOps.map((o) => ({
      method: o.method,
      path: o.path,
      operationId: asString(o.operation.operationId),
      source: locate(o.pointer),
    })),
  );
  const operations: Operation[] = [];
  for (const entry of pathOps) {
    const key = endpointKey(entry.method, entry.path);
    const naming = mapped.get(key) ?? (derived.names.get(key) as DerivedName);
    operations.push(buildOperation(entry, key, naming, globalSecurity, pagination, schemas, refs, locate));
  }
  const webhooks: Operation[] = [];
  for (const entry of input.operations.filter((o) => o.webhook)) {
    const key = `${entry.method} webhook:${entry.path}`;
    webhooks.push(
      buildOperation(
        entry,
        key,
        { resourcePath: ['webhooks'], methodName: snakeCase(entry.path) || 'webhook' },
        globalSecurity,
        pagination,
        schemas,
        refs,
        locate,
      ),
    );
  }
  // The operations of each path operation's `callbacks` (requests the API makes to a URL the caller
  // gave): `path` is the callback's runtime expression, the method name the callback's name.
  const callbacks: Operation[] = [];
  for (const parent of pathOps) {
    for (const [name, raw] of entries(parent.operation.callbacks)) {
      const callback = refs.record(raw, joinPointer(parent.pointer, 'callbacks', name));
      if (callback === undefined) continue;
      for (const [expression, rawItem] of entries(callback.value)) {
        const item = refs.record(rawItem, joinPointer(callback.pointer, expression));
        if (item === undefined) continue;
        for (const method of HTTP_METHODS) {
          const operation = asRecord(item.value[method]);
          if (operation === undefined) continue;
          const entry: OperationEntry = {
            path: expression,
            method,
            pointer: joinPointer(item.pointer, method),
            operation,
            pathItem: item.value,
            pathItemPointer: item.pointer,
            webhook: true,
          };
          const key = `${method} callback:${endpointKey(parent.method, parent.path)}:${name}:${expression}`;
          const naming = { resourcePath: ['callbacks'], methodName: snakeCase(name) || 'callback' };
          callbacks.push(buildOperation(entry, key, naming, globalSecurity, pagination, schemas, refs, locate));
        }
      }
    }
  }
  const order = (m: HttpMethod): number => HTTP_METHODS.indexOf(m);
  operations.sort((a, b) => (a.path === b.path ? order(a.method) - order(b.method) : a.path < b.path ? -1 : 1));
  return { operations, webhooks, callbacks };
}

function configDiagnostic(
  ruleId: string,
  severity: Diagnostic['severity'],
  message: string,
  source: SourceLocation,
): Diagnostic {
  return {
    ruleId,
    severity,
    message,
    pointer: source.pointer,
    line: source.line,
    column: source.column,
    document: 'config',
  };
}

/** A resource of the config, its endpoints and models checked against the description. */
function configuredResource(
  resource: ConfigResource,
  prefix: string[],
  opKeys: Set<string>,
  schemas: SchemaBuilder,
  diagnostics: Diagnostic[],
): Resource {
  const path = [...prefix, resource.name];
  const methods: Resource['methods'] = [];
  for (const method of resource.methods) {
    const parsed = parseEndpoint(method.endpoint);
    if (parsed === undefined) {
      diagnostics.push(
        configDiagnostic(
          'config/invalid-endpoint',
          'error',
          `Method "${method.name}" has endpoint "${method.endpoint}"; expected "<http method> <path>".`,
          method.source,
        ),
      );
      continue;
    }
    const key = endpointKey(parsed.method, parsed.path);
    if (!opKeys.has(key)) {
      diagnostics.push(
        configDiagnostic(
          'config/endpoint-not-found',
          'error',
          `Method "${path.join('.')}.${method.name}" maps to "${key}", which the description does not define.`,
          method.source,
        ),
      );
      continue;
    }
    // The same endpoint may back several methods (Stainless aliases); the operation's own
    // resourcePath/methodName is the first mapping.
    methods.push({
      name: method.name,
      operation: key,
      ...(method.deprecated !== undefined ? { deprecated: method.deprecated } : {}),
      source: method.source,
    });
  }
  const models: Resource['models'] = [];
  for (const model of resource.models) {
    const pointer = refToPointer(model.schema) ?? joinPointer('/components/schemas', model.schema);
    const id = schemas.idAt(pointer);
    if (id === undefined)
      diagnostics.push(
        configDiagnostic(
          'config/model-not-found',
          'warning',
          `Model "${model.name}" refers to "${model.schema}", which is not a schema of the description.`,
          resource.source,
        ),
      );
    else models.push({ name: model.name, schema: id });
  }
  return {
    name: resource.name,
    path,
    methods,
    models,
    subresources: resource.subresources.map((r) => configuredResource(r, path, opKeys, schemas, diagnostics)),
    source: resource.source,
  };
}

/**
 * The endpoints a config does not map: reported (unless listed as unspecified), then given derived
 * places in the resource tree, or left out of the SDK when resources are strict.
 */
function placeUnmapped(
  input: BuildModelInput,
  operations: Operation[],
  mapped: Map<string, ConfiguredName>,
  resources: Resource[],
  diagnostics: Diagnostic[],
): void {
  const { config } = input;
  const unspecified = new Set(
    config.unspecifiedEndpoints.map((e) => {
      const parsed = parseEndpoint(e);
      return parsed ? endpointKey(parsed.method, parsed.path) : e;
    }),
  );
  const unmapped = operations.filter((o) => !mapped.has(o.key));
  if (config.kind !== 'derived' && unmapped.length > 0) {
    const listed = unmapped.filter((o) => !unspecified.has(o.key));
    if (listed.length > 0) {
      diagnostics.push({
        ruleId: 'config/endpoint-unmapped',
        severity: input.strictResources ? 'info' : 'warning',
        message: `${listed.length} endpoint(s) are not mapped by the config${input.strictResources ? ' and are left out of the SDK' : ' and were given derived names'}: ${listed
          .slice(0, 10)
          .map((o) => o.key)
          .join(', ')}${listed.length > 10 ? ', …' : ''}.`,
        pointer: '',
        line: 0,
        column: 0,
        document: 'config',
      });
    }
  }
  if (!input.strictResources) {
    for (const op of unmapped) if (!unspecified.has(op.key)) placeInTree(resources, op, input.locate);
  }
}

function modelInfo(info: JsonRecord): ApiModel['info'] {
  return {
    title: asString(info.title) ?? '',
    version: asString(info.version) ?? '',
    ...optional('summary', asString(info.summary)),
    ...optional('description', asString(info.description)),
    ...optional('termsOfService', asString(info.termsOfService)),
    ...(isRecord(info.contact) ? { contact: pickStrings(info.contact, ['name', 'url', 'email']) } : {}),
    ...(isRecord(info.license) && typeof info.license.name === 'string'
      ? { license: { name: info.license.name, ...pickStrings(info.license, ['url', 'identifier']) } }
      : {}),
  };
}

function modelTags(doc: JsonRecord, locate: (pointer: string) => SourceLocation): Tag[] {
  return asArray(doc.tags).flatMap((t, i): Tag[] => {
    const tag = asRecord(t);
    const name = asString(tag?.name);
    return name === undefined
      ? []
      : [{ name, ...optional('description', asString(tag?.description)), source: locate(joinPointer('/tags', i)) }];
  });
}

function buildOperation(
  entry: OperationEntry,
  key: string,
  naming: { resourcePath: string[]; methodName: string; deprecated?: string | boolean; pagination?: string },
  globalSecurity: SecurityRequirement[],
  paginationSchemes: PaginationScheme[],
  schemas: SchemaBuilder,
  refs: RefIndex,
  locate: (pointer: string) => SourceLocation,
): Operation {
  const op = entry.operation;
  const parameters: ParametersByLocation = { path: [], query: [], header: [], cookie: [] };
  // `Accept`, `Content-Type` and `Authorization` header parameters are ignored, as OpenAPI says
  // (rule parameter/header-ignored reports them): the media types and security schemes set those.
  for (const p of effectiveParameters(entry, refs))
    if (!isIgnoredHeader(p.in, p.name))
      parameters[p.in].push(buildParameter(p.value, p.resolvedPointer, p.in, schemas, refs, locate));
  const order = pathTemplateNames(entry.path);
  parameters.path.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));

  const bodyPointer = joinPointer(entry.pointer, 'requestBody');
  const body = refs.record(op.requestBody, bodyPointer);
  const requestBody: RequestBody | undefined = body
    ? {
        required: body.value.required === true,
        ...optional('description', asString(body.value.description)),
        content: buildContent(body.value.content, joinPointer(body.pointer, 'content'), schemas, refs, locate),
        source: locate(bodyPointer),
      }
    : undefined;

  const responses: Response[] = [];
  const statuses = entries(op.responses).map(([s]) => s);
  const hasSuccess = statuses.some((s) => /^2/.test(s));
  for (const [status, raw] of entries(op.responses)) {
    const sitePointer = joinPointer(entry.pointer, 'responses', status);
    const resolved = refs.record(raw, sitePointer);
    if (resolved === undefined) continue;
    const statusClass = classify(status);
    const headers: ResponseHeader[] = [];
    for (const [name, h] of entries(resolved.value.headers)) {
      const hPointer = joinPointer(resolved.pointer, 'headers', name);
      const header = refs.record(h, hPointer);
      if (header === undefined) continue;
      headers.push({
        name,
        required: header.value.required === true,
        schema: schemas.build(header.value.schema, joinPointer(header.pointer, 'schema'), 0),
        ...optional('description', asString(header.value.description)),
        source: locate(hPointer),
      });
    }
    responses.push({
      status,
      statusClass,
      isError:
        statusClass === 'client_error' || statusClass === 'server_error' || (statusClass === 'default' && hasSuccess),
      ...optional('description', asString(resolved.value.description)),
      content: buildContent(resolved.value.content, joinPointer(resolved.pointer, 'content'), schemas, refs, locate),
      headers,
      source: locate(sitePointer),
    });
  }
  const successResponse =
    responses.find((r) => r.statusClass === 'success') ??
    responses.find((r) => r.statusClass === 'default' && !r.isError);
  const security = op.security !== undefined ? buildSecurity(op.security) : globalSecurity;
  const pagination =
    naming.pagination ?? detectPagination(entry.method, parameters, successResponse, paginationSchemes, schemas);
  const tags = asArray(op.tags).filter((t): t is string => typeof t === 'string');
  const deprecationMessage = typeof naming.deprecated === 'string' ? naming.deprecated : undefined;
  const operationServers = [
    ...buildServers(entry.pathItem.servers, entry.pathItemPointer, locate),
    ...buildServers(op.servers, entry.pointer, locate),
  ];
  return {
    key,
    ...optional('operationId', asString(op.operationId)),
    method: entry.method,
    path: entry.path,
    resourcePath: naming.resourcePath,
    methodName: naming.methodName,
    ...optional('summary', asString(op.summary) ?? asString(entry.pathItem.summary)),
    ...optional('description', asString(op.description) ?? asString(entry.pathItem.description)),
    tags,
    deprecated: op.deprecated === true || naming.deprecated === true || deprecationMessage !== undefined,
    ...optional('deprecationMessage', deprecationMessage),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(successResponse ? { successResponse } : {}),
    errorResponses: responses.filter((r) => r.isError),
    streaming: (successResponse?.content ?? []).some((c) => c.kind === 'event-stream'),
    security,
    ...optional('pagination', pagination),
    servers: operationServers,
    source: locate(entry.pointer),
  };
}

function buildParameter(
  p: JsonRecord,
  pointer: string,
  location: ParameterLocation,
  schemas: SchemaBuilder,
  refs: RefIndex,
  locate: (pointer: string) => SourceLocation,
): Parameter {
  const style =
    typeof p.style === 'string' && STYLES.has(p.style) ? (p.style as ParameterStyle) : STYLE_DEFAULT[location];
  const contentEntry = entries(p.content)[0];
  const schema = contentEntry
    ? schemas.build(asRecord(contentEntry[1])?.schema, joinPointer(pointer, 'content', contentEntry[0], 'schema'), 0)
    : schemas.build(p.schema, joinPointer(pointer, 'schema'), 0);
  const examples = collectExamples(p, refs);
  return {
    name: asString(p.name) ?? '',
    in: location,
    required: location === 'path' ? true : p.required === true,
    schema,
    style,
    explode: typeof p.explode === 'boolean' ? p.explode : style === 'form',
    allowReserved: p.allowReserved === true,
    deprecated: p.deprecated === true,
    ...optional('description', asString(p.description)),
    ...(contentEntry ? { mediaType: contentEntry[0] } : {}),
    ...(examples.length > 0 ? { examples } : {}),
    source: locate(pointer),
  };
}

function buildContent(
  content: unknown,
  pointer: string,
  schemas: SchemaBuilder,
  refs: RefIndex,
  locate: (pointer: string) => SourceLocation,
): MediaTypeContent[] {
  return entries(content).map(([mediaType, raw]) => {
    const mt = asRecord(raw) ?? {};
    const mtPointer = joinPointer(pointer, mediaType);
    const examples = collectExamples(mt, refs);
    return {
      mediaType,
      kind: mediaKind(mediaType),
      schema:
        mt.schema === undefined
          ? { kind: 'unknown', reason: 'any', nullable: false, source: locate(mtPointer) }
          : schemas.build(mt.schema, joinPointer(mtPointer, 'schema'), 0),
      encoding: entries(mt.encoding).map(([property, e]) => {
        const enc = asRecord(e) ?? {};
        return {
          property,
          ...optional('contentType', asString(enc.contentType)),
          ...(typeof enc.style === 'string' && STYLES.has(enc.style) ? { style: enc.style as ParameterStyle } : {}),
          ...(typeof enc.explode === 'boolean' ? { explode: enc.explode } : {}),
        };
      }),
      ...(examples.length > 0 ? { examples } : {}),
      source: locate(mtPointer),
    };
  });
}

function collectExamples(holder: JsonRecord, refs: RefIndex): ReturnType<typeof toJson>[] {
  const out: ReturnType<typeof toJson>[] = [];
  if ('example' in holder) out.push(toJson(holder.example));
  for (const [, ex] of entries(holder.examples)) {
    const example = refs.record(ex, '')?.value;
    if (example && 'value' in example) out.push(toJson(example.value));
  }
  return out;
}

export function mediaKind(mediaType: string): MediaKind {
  const type = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type.startsWith('multipart/')) return 'multipart';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'text/event-stream') return 'event-stream';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  if (type.startsWith('text/')) return 'text';
  if (
    type === 'application/octet-stream' ||
    type.startsWith('image/') ||
    type.startsWith('audio/') ||
    type.startsWith('video/') ||
    type === 'application/pdf' ||
    type === 'application/zip'
  )
    return 'binary';
  return 'other';
}

function classify(status: string): StatusClass {
  if (status === 'default') return 'default';
  switch (status.charAt(0)) {
    case '1':
      return 'informational';
    case '2':
      return 'success';
    case '3':
      return 'redirect';
    case '4':
      return 'client_error';
    default:
      return 'server_error';
  }
}

function buildSecurity(raw: unknown): SecurityRequirement[] {
  return asArray(raw).flatMap((req): SecurityRequirement[] => {
    const record = asRecord(req);
    if (record === undefined) return [];
    return [
      {
        schemes: Object.entries(record).map(([scheme, scopes]) => ({
          scheme,
          scopes: asArray(scopes).filter((s): s is string => typeof s === 'string'),
        })),
      },
    ];
  });
}

function buildServers(raw: unknown, base: string, locate: (pointer: string) => SourceLocation): Server[] {
  return asArray(raw).flatMap((s, i): Server[] => {
    const server = asRecord(s);
    const url = asString(server?.url);
    if (server === undefined || url === undefined) return [];
    return [
      {
        url,
        ...optional('description', asString(server.description)),
        variables: entries(server.variables).map(([name, v]) => {
          const variable = asRecord(v) ?? {};
          const values = asArray(variable.enum).filter((e): e is string => typeof e === 'string');
          return {
            name,
            default: String(variable.default ?? values[0] ?? ''),
            ...(values.length > 0 ? { enum: values } : {}),
            ...optional('description', asString(variable.description)),
          };
        }),
        source: locate(joinPointer(base, 'servers', i)),
      },
    ];
  });
}

function buildAuthSchemes(
  doc: JsonRecord,
  config: GeneratorConfig,
  refs: RefIndex,
  locate: (pointer: string) => SourceLocation,
): AuthScheme[] {
  const out: AuthScheme[] = [];
  const declared = entries(asRecord(doc.components)?.securitySchemes).map(([key, raw]) => ({
    key,
    raw,
    pointer: joinPointer('/components/securitySchemes', key),
  }));
  for (const [key, raw] of Object.entries(config.securitySchemes)) {
    if (!declared.some((d) => d.key === key)) declared.push({ key, raw, pointer: '' });
  }
  for (const { key, raw, pointer } of declared) {
    const scheme = refs.record(raw, pointer)?.value ?? asRecord(raw);
    if (scheme === undefined) continue;
    const source = locate(pointer);
    const description = asString(scheme.description);
    const base = { key, ...optional('description', description), source };
    switch (scheme.type) {
      case 'apiKey': {
        const location = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
        out.push({ ...base, type: 'apiKey', in: location, paramName: asString(scheme.name) ?? key });
        break;
      }
      case 'http':
        out.push({
          ...base,
          type: 'http',
          scheme: (asString(scheme.scheme) ?? 'bearer').toLowerCase(),
          ...optional('bearerFormat', asString(scheme.bearerFormat)),
        });
        break;
      case 'oauth2': {
        const flows: OAuthFlow[] = entries(scheme.flows).flatMap(([flow, f]): OAuthFlow[] => {
          const record = asRecord(f);
          if (
            record === undefined ||
            !['implicit', 'password', 'clientCredentials', 'authorizationCode', 'deviceAuthorization'].includes(flow)
          )
            return [];
          return [
            {
              flow: flow as OAuthFlow['flow'],
              ...optional('authorizationUrl', asString(record.authorizationUrl)),
              ...optional('tokenUrl', asString(record.tokenUrl)),
              ...optional('refreshUrl', asString(record.refreshUrl)),
              scopes: entries(record.scopes).map(([name, d]) => ({ name, description: asString(d) ?? '' })),
            },
          ];
        });
        // OAS 2's shape (`flow: application`, `tokenUrl`, `scopes` on the scheme itself), as a config's
        // declared scheme or a half-converted document may carry it: the same client-credentials flow.
        const tokenUrl = asString(scheme.tokenUrl);
        if (flows.length === 0 && scheme.flow === 'application' && tokenUrl !== undefined)
          flows.push({
            flow: 'clientCredentials',
            tokenUrl,
            scopes: entries(scheme.scopes).map(([name, d]) => ({ name, description: asString(d) ?? '' })),
          });
        out.push({ ...base, type: 'oauth2', flows });
        break;
      }
      case 'openIdConnect':
        out.push({ ...base, type: 'openIdConnect', openIdConnectUrl: asString(scheme.openIdConnectUrl) ?? '' });
        break;
      case 'mutualTLS':
        out.push({ ...base, type: 'mutualTLS' });
        break;
      default:
        break;
    }
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function defaultAuthOptions(schemes: AuthScheme[], envPrefix: string): ApiModel['authOptions'] {
  return schemes.flatMap((s) => {
    const name =
      s.type === 'http' && s.scheme === 'basic'
        ? ['username', 'password']
        : s.type === 'mutualTLS'
          ? []
          : [
              schemes.length === 1
                ? s.type === 'http'
                  ? 'bearer_token'
                  : s.type === 'apiKey'
                    ? 'api_key'
                    : 'access_token'
                : snakeCase(s.key),
            ];
    return name.map((n) => ({
      name: n,
      scheme: s.key,
      envVar: `${envPrefix}_${screamingSnakeCase(n)}`,
      required: false,
    }));
  });
}

function buildEnvironments(config: GeneratorConfig, servers: Server[]): Environment[] {
  if (config.environments.length > 0)
    return config.environments.map((e) => ({ name: e.name, url: e.url, source: e.source }));
  const taken = new Set<string>();
  return servers.map((server, i) => {
    let name = i === 0 ? 'production' : snakeCase(server.description ?? '') || `server_${i + 1}`;
    for (let n = 2; taken.has(name); n++) name = `${name}_${n}`;
    taken.add(name);
    const url = server.url.replace(
      /\{([^{}]*)\}/g,
      (_, v: string) => server.variables.find((x) => x.name === v)?.default ?? v,
    );
    return { name, url, source: server.source };
  });
}

export function clientNaming(config: GeneratorConfig, title: string): ClientNaming {
  const d = clientNamingDefaults(title);
  const pythonModule =
    config.packages.pythonModule ??
    (config.packages.python !== undefined ? snakeCase(config.packages.python) : d.pythonModule);
  return {
    name: config.clientName ?? d.clientName,
    ...optional('organization', config.organization),
    packages: {
      typescript: config.packages.typescript ?? d.typescript,
      python: config.packages.python ?? d.python,
      pythonModule: pythonModule === '' ? 'api' : pythonModule,
      cli: config.packages.cli ?? d.cli,
      ...optional('go', config.packages.go),
      ...optional('goPackage', config.packages.goPackage),
      ...optional('mcp', config.packages.mcp),
    },
    envPrefix:
      config.envPrefix ??
      (config.clientName !== undefined ? screamingSnakeCase(config.clientName) || d.envPrefix : d.envPrefix),
    ...optional('mcpTools', config.mcpTools),
    ...(config.kind === 'stainless'
      ? { wordCasings: stainlessWordCasings(config.customCasings, true), stainless: true as const }
      : {}),
    ...optional('stainlessEdition', config.stainlessEdition),
    ...optional('webhookScheme', config.webhookScheme),
  };
}

function detectPagination(
  method: HttpMethod,
  parameters: ParametersByLocation,
  success: Response | undefined,
  schemes: PaginationScheme[],
  schemas: SchemaBuilder,
): string | undefined {
  if (method !== 'get' || schemes.length === 0 || success === undefined) return undefined;
  const json = success.content.find((c) => c.kind === 'json');
  if (json === undefined) return undefined;
  let node = json.schema;
  for (let hops = 0; hops < 8 && node.kind === 'ref'; hops++) node = schemas.schemas[node.target]?.schema ?? node;
  const queryNames = new Set(parameters.query.map((p) => p.name));
  for (const scheme of schemes) {
    const param = scheme.request.cursor ?? scheme.request.offset ?? scheme.request.page;
    if (param !== undefined && !queryNames.has(param)) continue;
    if (scheme.response.items === '') {
      if (node.kind === 'array') return scheme.name;
      continue;
    }
    if (node.kind === 'object' && node.properties.some((p) => p.name === scheme.response.items)) return scheme.name;
  }
  return undefined;
}

function placeInTree(resources: Resource[], op: Operation, locate: (pointer: string) => SourceLocation): void {
  let list = resources;
  let parent: Resource | undefined;
  const path: string[] = [];
  for (const name of op.resourcePath) {
    path.push(name);
    let node = list.find((r) => r.name === name);
    if (node === undefined) {
      node = { name, path: [...path], methods: [], models: [], subresources: [], source: op.source };
      list.push(node);
    }
    parent = node;
    list = node.subresources;
  }
  if (parent === undefined) return;
  let name = op.methodName;
  for (let n = 2; parent.methods.some((m) => m.name === name); n++) name = `${op.methodName}_${n}`;
  op.methodName = name;
  parent.methods.push({ name, operation: op.key, source: locate(op.source.pointer) });
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function pickStrings(record: JsonRecord, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) if (typeof record[key] === 'string') out[key] = record[key] as string;
  return out;
}
