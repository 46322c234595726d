// The API model: the one contract between the model builder and every emitter
// (TypeScript SDK, Python SDK, CLI, docs, compat diff). Emitters read only this.
//
// Conventions:
// - Every node carries `source` (JSON pointer into the description + 1-based line/column).
// - Names here are RAW (as in the spec or the config). Emitters turn them into identifiers
//   only through `names/typescript.ts` / `names/python.ts`, and strings reach generated code
//   only through those modules' escapers.
// - Arrays are deterministically ordered (documented per field), so output is stable.
// - Changes to this file are additive only.

/** A value that can appear in a JSON/YAML description after parsing. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Where a node came from: RFC 6901 JSON pointer ('' = document root) and 1-based line/column. */
export interface SourceLocation {
  pointer: string;
  line: number;
  column: number;
}

export type Severity = 'error' | 'warning' | 'info';

/**
 * What a finding means for the deliverables (docs/diagnostics.md, "Verdict classes"): `sdk` findings change what the
 * generated SDKs, CLI or docs do (a warning of that class makes a run `needs_review`); `style`
 * findings do not (they stay in the report and never block `ready`).
 */
export type DiagnosticImpact = 'sdk' | 'style';

/** A severity a project sets for a rule (`lint: rules:`); `off` drops the rule's findings. */
export type RuleSetting = 'error' | 'warn' | 'info' | 'off';

export interface Diagnostic {
  /** Stable id, e.g. `operation/operation-id-unique`; see `lint/rule-catalogue.ts`. */
  ruleId: string;
  severity: Severity;
  message: string;
  /** RFC 6901 JSON pointer into the description ('' = root). */
  pointer: string;
  /** 1-based; 0 when unknown (e.g. the input could not be read at all). */
  line: number;
  /** 1-based; 0 when unknown. */
  column: number;
  /** Which input the pointer/line/column refer to; absent means the OpenAPI description. */
  document?: 'openapi' | 'config';
  /**
   * Every place this one cause was found (the first is `pointer`/`line`/`column`), when it was
   * found in more than one; at most `LOCATIONS_KEPT` are listed, `count` says how many in all.
   */
  locations?: SourceLocation[];
  /** How many places this cause was found in (absent: one). */
  count?: number;
  /** `sdk` or `style`: whether the finding changes what the deliverables do. */
  impact?: DiagnosticImpact;
  /** The severity the project set for this rule (`lint: rules:` or an imported ruleset), when it set one. */
  configured?: Exclude<RuleSetting, 'off'>;
  /** The rule's documentation page on this service (a path: `/rules/<ruleId>`). */
  docsUrl?: string;
}

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

export const HTTP_METHODS: readonly HttpMethod[] = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
];

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

// ---------------------------------------------------------------------------------------------
// Schemas (a graph: named schemas are referenced by `RefSchema.target`, which makes recursion safe)
// ---------------------------------------------------------------------------------------------

export type SchemaKind =
  | 'object'
  | 'map'
  | 'enum'
  | 'union'
  | 'intersection'
  | 'array'
  | 'primitive'
  | 'literal'
  | 'ref'
  | 'unknown';

export interface SchemaBase {
  source: SourceLocation;
  /** 3.0 `nullable: true`, 3.1 `type: [x, 'null']`, `null` in an enum, or a `{type: 'null'}` union member. */
  nullable: boolean;
  title?: string;
  description?: string;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  default?: JsonValue;
  /** `example` (3.0) and `examples` (3.1) merged, in document order. */
  examples?: JsonValue[];
}

export interface PropertyNode {
  /** Raw property name as in the spec. */
  name: string;
  schema: SchemaNode;
  required: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
  description?: string;
  source: SourceLocation;
}

export interface ObjectSchema extends SchemaBase {
  kind: 'object';
  /** In document order. */
  properties: PropertyNode[];
  /** Required names that have no property declared (kept so emitters can decide). */
  requiredOnly?: string[];
  /** Absent = unspecified (JSON Schema default: anything allowed); `false` = closed; a schema = typed extras. */
  additionalProperties?: boolean | SchemaNode;
}

/** An object with no declared properties whose values all share one schema (`additionalProperties: X`). */
export interface MapSchema extends SchemaBase {
  kind: 'map';
  values: SchemaNode;
  /** `propertyNames` constraint, when given. */
  keys?: SchemaNode;
}

export interface EnumMember {
  value: string | number | boolean;
  /** From `x-enum-varnames` / `x-enumNames`, when present (raw). */
  name?: string;
  /** From `x-enum-descriptions`, when present. */
  description?: string;
}

export interface EnumSchema extends SchemaBase {
  kind: 'enum';
  /** The declared `type`, or inferred from the values; `mixed` when values have different types. */
  valueType: 'string' | 'number' | 'integer' | 'boolean' | 'mixed';
  /** In document order; `null` values are removed and set `nullable` instead. */
  members: EnumMember[];
}

export interface Discriminator {
  propertyName: string;
  /** Explicit `mapping` plus implied entries (the target names of variant refs), in document order. */
  mapping: DiscriminatorMapping[];
  source: SourceLocation;
}

export interface DiscriminatorMapping {
  value: string;
  /** Key into `ApiModel.schemas`. */
  target: string;
  /** True when the entry came from `mapping` rather than being implied by a variant ref. */
  explicit: boolean;
}

export interface UnionSchema extends SchemaBase {
  kind: 'union';
  /** `typeArray` = a 3.1 multi-type (`type: [string, integer]`). */
  combinator: 'oneOf' | 'anyOf' | 'typeArray';
  /** In document order; `{type: 'null'}` variants are removed and set `nullable` instead. */
  variants: SchemaNode[];
  discriminator?: Discriminator;
}

export interface IntersectionSchema extends SchemaBase {
  kind: 'intersection';
  /** `allOf` members in order; sibling properties of the allOf (if any) come last as an object member. */
  members: SchemaNode[];
  discriminator?: Discriminator;
}

export interface ArraySchema extends SchemaBase {
  kind: 'array';
  items: SchemaNode;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

export type PrimitiveType = 'string' | 'number' | 'integer' | 'boolean' | 'null';

export interface PrimitiveConstraints {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

export interface PrimitiveSchema extends SchemaBase {
  kind: 'primitive';
  type: PrimitiveType;
  /** e.g. `date-time`, `uuid`, `int64`, `binary` (a file), `byte`. */
  format?: string;
  /** 3.1 `contentMediaType` / `contentEncoding` (binary payloads). */
  contentMediaType?: string;
  contentEncoding?: string;
  constraints: PrimitiveConstraints;
}

/** `const: X`. (A single-valued `enum` stays an EnumSchema.) */
export interface LiteralSchema extends SchemaBase {
  kind: 'literal';
  value: JsonValue;
}

export interface RefSchema extends SchemaBase {
  kind: 'ref';
  /** Key into `ApiModel.schemas`. Always present there when the model is returned. */
  target: string;
  /** The `$ref` string as written. */
  ref: string;
}

export interface UnknownSchema extends SchemaBase {
  kind: 'unknown';
  /** Why nothing more precise could be said ('any' for `{}`/`true`, 'never' for `false`, 'unresolved', 'unsupported'). */
  reason: 'any' | 'never' | 'unresolved' | 'external' | 'unsupported';
  /**
   * The names a typeless schema lists in `required` (`{required: [a]}`): an arm of a oneOf/anyOf
   * beside an object's properties that says which of them must be present (OpenAI's
   * `anyOf: [{required: [file_ids]}, {required: [files]}]`). Only the test values read it.
   */
  requires?: string[];
}

export type SchemaNode =
  | ObjectSchema
  | MapSchema
  | EnumSchema
  | UnionSchema
  | IntersectionSchema
  | ArraySchema
  | PrimitiveSchema
  | LiteralSchema
  | RefSchema
  | UnknownSchema;

export interface NamedSchema {
  /** Key in `ApiModel.schemas`: the component name for `#/components/schemas/X`, otherwise a unique derived name. */
  id: string;
  /** Raw name to make identifiers from (component name, or `x-stainless-model`/config model name when mapped). */
  name: string;
  /** The JSON pointer the schema lives at (what `$ref`s point to). */
  pointer: string;
  /** True when it came from `components/schemas`; false for a `$ref` target elsewhere in the document. */
  component: boolean;
  schema: SchemaNode;
  source: SourceLocation;
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

export type ParameterStyle = 'matrix' | 'label' | 'simple' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

export interface Parameter {
  /** Raw wire name. */
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: SchemaNode;
  /** Effective style (the OAS default for the location when not given). */
  style: ParameterStyle;
  /** Effective explode (true for `form`, false otherwise, unless given). */
  explode: boolean;
  allowReserved: boolean;
  deprecated: boolean;
  description?: string;
  /** When the parameter uses `content` instead of `schema`: its single media type. */
  mediaType?: string;
  examples?: JsonValue[];
  source: SourceLocation;
}

export interface ParametersByLocation {
  /** In path-template order. */
  path: Parameter[];
  /** In declaration order (path-item level first, overridden by operation level). */
  query: Parameter[];
  header: Parameter[];
  cookie: Parameter[];
}

export type MediaKind = 'json' | 'multipart' | 'form' | 'text' | 'event-stream' | 'binary' | 'xml' | 'other';

export interface EncodingEntry {
  property: string;
  contentType?: string;
  style?: ParameterStyle;
  explode?: boolean;
}

export interface MediaTypeContent {
  /** As written, e.g. `application/json; charset=utf-8`, `multipart/form-data`, `text/event-stream`. */
  mediaType: string;
  kind: MediaKind;
  schema: SchemaNode;
  /** multipart / form-urlencoded `encoding`, in document order. */
  encoding: EncodingEntry[];
  examples?: JsonValue[];
  source: SourceLocation;
}

export interface RequestBody {
  required: boolean;
  description?: string;
  /** In document order; emitters usually pick the first `json`, else `multipart`/`form`. */
  content: MediaTypeContent[];
  source: SourceLocation;
}

export interface ResponseHeader {
  name: string;
  required: boolean;
  schema: SchemaNode;
  description?: string;
  source: SourceLocation;
}

export type StatusClass = 'informational' | 'success' | 'redirect' | 'client_error' | 'server_error' | 'default';

export interface Response {
  /** As written: '200', '2XX', 'default'. */
  status: string;
  statusClass: StatusClass;
  /** True for 4xx/5xx and for `default` when the operation also declares a 2xx. */
  isError: boolean;
  description?: string;
  content: MediaTypeContent[];
  headers: ResponseHeader[];
  source: SourceLocation;
}

/** One alternative of a security requirement list: all schemes in it apply together. Empty = anonymous allowed. */
export interface SecurityRequirement {
  schemes: { scheme: string; scopes: string[] }[];
}

export type PaginationStyle = 'cursor' | 'offset' | 'page';

export interface PaginationScheme {
  /** Config name, e.g. `cursor_page`. */
  name: string;
  style: PaginationStyle;
  /** For `cursor`: the cursor is an opaque token, the id of the last item, or a next-page URL. */
  cursorKind?: 'token' | 'id' | 'url';
  /** Request parameter names (query unless stated by the config). */
  request: { cursor?: string; limit?: string; offset?: string; page?: string; pageSize?: string };
  /** Response field paths (dot-separated; '' for a bare array response). */
  response: { items: string; nextCursor?: string; hasMore?: string; total?: string };
  source: SourceLocation;
}

export interface Operation {
  /** Always unique: `${method} ${path}`, e.g. `get /pets/{petId}`. The endpoint key configs use. */
  key: string;
  /** The spec's `operationId`, when present. */
  operationId?: string;
  method: HttpMethod;
  path: string;
  /** Resource path from the config (or derived), e.g. ['chats', 'participants']. */
  resourcePath: string[];
  /** Raw method name from the config (or derived), e.g. 'list', 'mark_as_read'. */
  methodName: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  /** Deprecation message from the config, when given. */
  deprecationMessage?: string;
  parameters: ParametersByLocation;
  requestBody?: RequestBody;
  /** All declared responses, in document order. */
  responses: Response[];
  /** The first 2xx (or 2XX) response, when declared. */
  successResponse?: Response;
  /** The subset of `responses` with `isError`. */
  errorResponses: Response[];
  /** True when a success response is `text/event-stream`. */
  streaming: boolean;
  /** Effective security (operation's own, else the document's). Empty array = no auth needed. */
  security: SecurityRequirement[];
  /** Name of a `PaginationScheme` in `ApiModel.pagination`, when the operation is paginated. */
  pagination?: string;
  /** Operation-level `servers`, when given (override the document's). */
  servers: Server[];
  source: SourceLocation;
}

// ---------------------------------------------------------------------------------------------
// Servers, auth, resources, naming
// ---------------------------------------------------------------------------------------------

export interface ServerVariable {
  name: string;
  default: string;
  enum?: string[];
  description?: string;
}

export interface Server {
  url: string;
  description?: string;
  variables: ServerVariable[];
  source: SourceLocation;
}

/** A named base URL clients can pick (`production`, `sandbox`); from config, else from `servers`. */
export interface Environment {
  name: string;
  url: string;
  source: SourceLocation;
}

export interface AuthSchemeBase {
  /** Key under `components/securitySchemes`. */
  key: string;
  description?: string;
  source: SourceLocation;
}

export interface ApiKeyAuthScheme extends AuthSchemeBase {
  type: 'apiKey';
  in: 'header' | 'query' | 'cookie';
  /** Header / query / cookie name. */
  paramName: string;
}

export interface HttpAuthScheme extends AuthSchemeBase {
  type: 'http';
  /** Lower-cased: 'bearer', 'basic', or another IANA scheme. */
  scheme: string;
  bearerFormat?: string;
}

export interface OAuthFlow {
  flow: 'implicit' | 'password' | 'clientCredentials' | 'authorizationCode' | 'deviceAuthorization';
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: { name: string; description: string }[];
}

export interface OAuth2AuthScheme extends AuthSchemeBase {
  type: 'oauth2';
  flows: OAuthFlow[];
}

export interface OpenIdConnectAuthScheme extends AuthSchemeBase {
  type: 'openIdConnect';
  openIdConnectUrl: string;
}

export interface MutualTlsAuthScheme extends AuthSchemeBase {
  type: 'mutualTLS';
}

export type AuthScheme =
  | ApiKeyAuthScheme
  | HttpAuthScheme
  | OAuth2AuthScheme
  | OpenIdConnectAuthScheme
  | MutualTlsAuthScheme;

/** How a client option supplies credentials (from config `client_settings.opts` / `auth`). */
export interface ClientAuthOption {
  /** Raw option name, e.g. 'api_key'. */
  name: string;
  /** The auth scheme key it feeds. */
  scheme: string;
  /** Environment variable read as a default, e.g. 'LINQ_API_KEY'. */
  envVar?: string;
  /** Whether the client requires it (false = optional / nullable). */
  required: boolean;
}

export interface ResourceMethod {
  /** Raw method name, e.g. 'list', 'mark_as_read'. */
  name: string;
  /** `Operation.key` of the endpoint it calls. */
  operation: string;
  deprecated?: string | boolean;
  source: SourceLocation;
}

export interface ResourceModel {
  /** Raw model name from the config, e.g. 'agentState'. */
  name: string;
  /** Key into `ApiModel.schemas`. */
  schema: string;
}

export interface Resource {
  /** Raw resource name (config key), e.g. 'phone_numbers'. */
  name: string;
  /** Full path from the root, e.g. ['chats', 'participants']. */
  path: string[];
  /** In config order. */
  methods: ResourceMethod[];
  models: ResourceModel[];
  subresources: Resource[];
  /** Location in the config when it came from one; else of the first path that produced it in the description. */
  source: SourceLocation;
}

export interface ClientNaming {
  /** Raw client name, e.g. 'Linq', 'Petstore'. */
  name: string;
  /** Organization name from the config, when given. */
  organization?: string;
  packages: {
    /** npm package name, e.g. '@linqapp/sdk'. */
    typescript: string;
    /** PyPI distribution name, e.g. 'linq-sdk'. */
    python: string;
    /** Python import name, e.g. 'linq_sdk'. */
    pythonModule: string;
    /** CLI executable name, e.g. 'linq'. */
    cli: string;
    /** Go module path, e.g. 'github.com/onkernel/hypeman-go', when the config names one. */
    go?: string;
    /** Go package name, e.g. 'hypeman', when the config names one. */
    goPackage?: string;
    /** The MCP server's npm package, when the config names it (else derived from the CLI's name). */
    mcp?: string;
  };
  /** Prefix for environment variables the client reads, e.g. 'LINQ'. */
  envPrefix: string;
  /** The MCP server's tools when the config chooses (`mcp: { tools }`): one per endpoint, or the three dynamic ones. */
  mcpTools?: 'static' | 'dynamic';
  /**
   * Partner runs: words spelt as Stainless-generated SDKs spell them (initialisms upper case,
   * `custom_casings`), lower-case word -> spellings; TypeScript names and Python class names use
   * them (see `names/word-casings.ts`). Absent otherwise.
   */
  wordCasings?: Record<string, { pascal: string; camel: string; inner?: string }>;
  /**
   * Partner runs from a `stainless.yml`: the SDKs keep the shape a Stainless-generated SDK's users
   * call (request options accepted where params are optional, ...). Absent otherwise.
   */
  stainless?: true;
  /**
   * The stainless.yml's `edition` (`2025-10-10`): SDKs of an edition take every path parameter but
   * the last in the params (`attach(volumeID, { id })`); the legacy generation (no edition) takes
   * them all positionally.
   */
  stainlessEdition?: string;
  /** How the API signs its webhooks, when the config says (`webhooks: { scheme }`); Standard Webhooks otherwise. */
  webhookScheme?: WebhookScheme;
}

/** Webhook signing schemes the SDKs verify: Standard Webhooks, GitHub's `X-Hub-Signature-256`, Stripe's `Stripe-Signature`. */
export type WebhookScheme = 'standard' | 'github' | 'stripe';

export interface Tag {
  name: string;
  description?: string;
  source: SourceLocation;
}

export interface ApiInfo {
  title: string;
  version: string;
  summary?: string;
  description?: string;
  termsOfService?: string;
  contact?: { name?: string; url?: string; email?: string };
  license?: { name: string; url?: string; identifier?: string };
}

export interface ApiModel {
  /** The `openapi` string as written, e.g. '3.1.0'. */
  openapiVersion: string;
  specVersion: '3.0' | '3.1';
  info: ApiInfo;
  client: ClientNaming;
  /** Document-level servers, in order. */
  servers: Server[];
  /** Named base URLs; the first is the default. */
  environments: Environment[];
  /** Sorted by key. */
  authSchemes: AuthScheme[];
  /** Client options that supply credentials. */
  authOptions: ClientAuthOption[];
  /** Document-level default security. */
  security: SecurityRequirement[];
  /** Operations under `paths`, sorted by path then method order of `HTTP_METHODS`. */
  operations: Operation[];
  /** 3.1 `webhooks` (not called by clients; documented and typed). Keys are `${method} webhook:${name}`. */
  webhooks: Operation[];
  /**
   * Operations of the path operations' `callbacks` (the API calls a URL the caller gave), in path
   * order. `path` is the runtime expression, `methodName` the callback's name; keys are
   * `${method} callback:${parent key}:${name}:${expression}`. Typed by the TypeScript SDK like webhooks.
   */
  callbacks: Operation[];
  /** Named schemas by id. Iterate with `Object.keys(...).sort()` for stable output. */
  schemas: Record<string, NamedSchema>;
  /** Resources tree, in config order (derived configs: sorted). */
  resources: Resource[];
  pagination: PaginationScheme[];
  tags: Tag[];
  source: SourceLocation;
}
