// README.md: install, auth, a first request, errors, retries, raw responses, pagination, and one
// example per resource. Code samples are built by the same source builders as the package itself;
// prose from the description is markdown-escaped; fences are longer than any backtick run inside them.

import type { ApiModel, JsonValue, ObjectSchema, PropertyNode, SchemaNode } from '../model/types.ts';
import type { ResourcePlan, SdkPlan } from './plan.ts';
import { methodShape, type MethodShape } from './method-shape.ts';
import type { TypeEmitter } from './schema-types.ts';
import { block, id, num, objectInline, objectLines, objKey, str } from '../printers/ts-source.ts';
import type { GeneratedFile } from '../core/files.ts';
import { isEventStream } from '../core/method.ts';
import { apiName, mdCode, mdFence, mdText } from '../core/markdown.ts';
import { isUploadFile } from '../core/schema.ts';

/** An example value: source text, or an object literal kept as entries so a tag can be set and a body's properties spread. */
type Expr = string | ObjectExpr;
interface ObjectExpr {
  readonly entries: readonly { key: string; value: Expr }[];
}

const EMPTY_OBJECT: ObjectExpr = { entries: [] };

/** An expression on one line (object literals as `{ key: value }`). */
function print(expr: Expr): string {
  return typeof expr === 'string'
    ? expr
    : objectInline(expr.entries.map((entry) => `${objKey(entry.key)}: ${print(entry.value)}`));
}

function jsonExpr(value: JsonValue): Expr {
  if (value === null) return 'null';
  if (typeof value === 'string') return str(value);
  if (typeof value === 'number') return Number.isFinite(value) ? num(value) : '0';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map((item) => print(jsonExpr(item))).join(', ')}]`;
  return { entries: Object.entries(value).map(([key, v]) => ({ key, value: jsonExpr(v) })) };
}

/** The object schemas a value must satisfy together (refs followed, `allOf` flattened), or undefined when it is not made of objects only. */
function objectParts(types: TypeEmitter, node: SchemaNode | undefined, depth = 0): ObjectSchema[] | undefined {
  if (node?.kind === 'object') return [node];
  if (node?.kind !== 'intersection' || depth > 8) return undefined;
  const parts: ObjectSchema[] = [];
  for (const member of node.members) {
    const found = objectParts(types, types.resolve(member), depth + 1);
    if (found === undefined) return undefined;
    parts.push(...found);
  }
  return parts;
}

/**
 * A value for a schema that type-checks against its request type: required, writable properties
 * only, a discriminated variant with its tag. Undefined when there is none to give (a required
 * property that recurses, `never`); a nullable schema then gives `null`.
 */
function example(
  types: TypeEmitter,
  node: SchemaNode,
  depth = 0,
  refs: ReadonlySet<string> = new Set(),
): Expr | undefined {
  const value = exampleOf(types, node, depth, refs);
  if (value !== undefined) return value;
  return node.nullable || types.resolve(node)?.nullable ? 'null' : undefined;
}

function exampleOf(types: TypeEmitter, node: SchemaNode, depth: number, refs: ReadonlySet<string>): Expr | undefined {
  if (depth > 8) return undefined;
  let inner = refs;
  if (node.kind === 'ref') {
    if (refs.has(node.target)) return undefined;
    inner = new Set([...refs, node.target]);
  }
  const resolved = types.resolve(node);
  if (resolved === undefined) return EMPTY_OBJECT; // a reference cycle of aliases is typed `unknown`
  const parts = objectParts(types, resolved);
  if (parts !== undefined) {
    const declared = new Map<string, PropertyNode>();
    const required = new Set<string>();
    for (const part of parts) {
      for (const property of part.properties) {
        if (!declared.has(property.name)) declared.set(property.name, property);
        if (property.required) required.add(property.name);
      }
      // Required names without a declared property are typed `unknown`: any value does.
      for (const name of part.requiredOnly ?? []) required.add(name);
    }
    const entries: { key: string; value: Expr }[] = [];
    for (const name of required) {
      const property = declared.get(name);
      if (property?.readOnly) continue;
      const value = property ? example(types, property.schema, depth + 1, inner) : 'null';
      if (value === undefined) return undefined;
      entries.push({ key: name, value });
    }
    return { entries };
  }
  switch (resolved.kind) {
    case 'primitive':
      if (resolved.type === 'string')
        return isUploadFile(resolved)
          ? `new Blob([${str('file contents')}])`
          : str(resolved.format === 'date-time' ? '2024-01-01T00:00:00Z' : 'string');
      if (resolved.type === 'boolean') return 'true';
      if (resolved.type === 'null') return 'null';
      return '0';
    case 'enum': {
      const first = resolved.members[0];
      return first === undefined ? undefined : jsonExpr(first.value);
    }
    case 'literal':
      return jsonExpr(resolved.value);
    case 'array':
      return '[]';
    case 'union':
      for (const variant of resolved.variants) {
        const value = example(types, variant, depth + 1, inner);
        if (value === undefined) continue;
        // A discriminated variant carries its mapped tag value.
        const discriminator = resolved.discriminator;
        const tag =
          variant.kind === 'ref' ? discriminator?.mapping.find((m) => m.target === variant.target) : undefined;
        if (tag === undefined || discriminator === undefined || typeof value === 'string') return value;
        return withProperty(value, discriminator.propertyName, str(tag.value));
      }
      return undefined;
    case 'intersection': {
      // Not objects only (e.g. `allOf` over a string schema): the first member's value.
      const first = resolved.members[0];
      return first === undefined ? EMPTY_OBJECT : example(types, first, depth + 1, inner);
    }
    case 'unknown':
      return resolved.reason === 'never' ? undefined : EMPTY_OBJECT;
    default:
      return EMPTY_OBJECT;
  }
}

/** An object literal with `key` set to `value` (replacing an existing entry in place). */
function withProperty(object: ObjectExpr, key: string, value: Expr): ObjectExpr {
  const entries = [...object.entries];
  const index = entries.findIndex((entry) => entry.key === key);
  if (index < 0) entries.push({ key, value });
  else entries[index] = { key, value };
  return { entries };
}

function chain(path: ResourcePlan[], method: string): string {
  return ['client', ...path.map((step) => id(step.propName)), id(method)].join('.');
}

/** A first request's code: the call awaited (or iterated) and its result logged. */
function callExample(model: ApiModel, types: TypeEmitter, path: ResourcePlan[]): string | undefined {
  const call = callExpression(model, types, path);
  if (call === undefined) return undefined;
  const { callExpr, shape } = call;
  const log = (name: string): string => `console.log(${name});`;
  const forAwait = (name: string, iterable: string): string =>
    block(`for await (const ${name} of ${iterable}) `, [log(name)]);
  if (shape.pagination) return forAwait('item', callExpr);
  if (isEventStream(shape.response.kind)) return forAwait('event', `await ${callExpr}`);
  if (shape.response.kind === 'none') return `await ${callExpr};`;
  return [`const result = await ${callExpr};`, log('result')].join('\n');
}

/** The call of the resource's first method with example arguments that type-check (undefined when there are none). */
function callExpression(
  model: ApiModel,
  types: TypeEmitter,
  path: ResourcePlan[],
): { callExpr: string; shape: MethodShape } | undefined {
  const resource = path[path.length - 1] as ResourcePlan;
  const method = resource.methods[0];
  if (method === undefined) return undefined;
  const shape = methodShape(model, method);
  // No example rather than one that does not compile (see `example`).
  const values: (string | undefined)[] = shape.pathArgs.map(({ param }) => {
    const value = example(types, param.schema);
    return value === undefined ? undefined : print(value);
  });
  if (shape.hasParams && shape.paramsRequired) {
    const props: string[] = [];
    for (const field of shape.fields.filter((x) => x.param.required)) {
      const value = example(types, field.param.schema);
      if (value === undefined) return undefined;
      props.push(`${objKey(field.key)}: ${print(value)}`);
    }
    if (shape.body?.flatten) {
      const body = example(types, shape.body.content.schema);
      if (body === undefined) return undefined;
      if (typeof body !== 'string')
        props.push(...body.entries.map((entry) => `${objKey(entry.key)}: ${print(entry.value)}`));
    } else if (shape.body?.required) {
      const value =
        shape.body.kind === 'json' || shape.body.kind === 'multipart' || shape.body.kind === 'form'
          ? example(types, shape.body.content.schema)
          : str('data');
      if (value === undefined) return undefined;
      props.push(`${objKey(shape.body.key)}: ${print(value)}`);
    }
    values.push(props.length > 1 ? objectLines(props) : objectInline(props));
  }
  if (values.some((value) => value === undefined)) return undefined;
  return { callExpr: `${chain(path, method.name)}(${values.join(', ')})`, shape };
}

/** The raw-response section: what `.withResponse()` / `.asResponse()` give, on the first call that has an example. */
function rawResponseSection(model: ApiModel, types: TypeEmitter, plan: SdkPlan): string[] {
  const out = [
    '## Raw responses',
    '',
    "Every method returns an `APIPromise`: `await` it for the data, or call `.withResponse()` for `{ data, response }` (the data beside the `fetch` `Response`, for its status and headers) or `.asResponse()` for the `Response` alone with its body unread (the request's timeout no longer applies to reading it). A status error still throws the typed error. On a list method they give the first page's response (`for await` still walks every page); on a streaming method `data` is the `Stream`.",
    '',
  ];
  const call = (() => {
    for (const resource of plan.resources) {
      const found = callExpression(model, types, [resource]);
      if (found !== undefined) return found;
    }
    return undefined;
  })();
  if (call === undefined) return out;
  out.push(
    mdFence(
      [
        `const { data, response } = await ${call.callExpr}.withResponse();`,
        `console.log(response.status, response.headers.get(${str('content-type')}), data);`,
        '',
        `const raw = await ${call.callExpr}.asResponse();`,
        `console.log(raw.status, raw.headers.get(${str('x-request-id')}));`,
      ].join('\n'),
      'ts',
    ),
    '',
  );
  return out;
}

function clientCredentialsSection(plan: SdkPlan, packageName: string): string[] {
  const cc = plan.clientCredentials;
  if (cc === undefined) return [];
  const { clientClass } = plan.options;
  const scopes = cc.flow.scopes.length > 0 ? ` with the scopes ${cc.flow.scopes.map((s) => mdCode(s)).join(', ')}` : '';
  return [
    '### OAuth2 client credentials',
    '',
    `Give \`${cc.idIdent}\` and \`${cc.secretIdent}\` (or set ${mdCode(cc.flow.clientIdEnv)} and ${mdCode(cc.flow.clientSecretEnv)}) and the client fetches its own access tokens from ${mdCode(cc.flow.tokenUrl)}${scopes} (a relative URL is resolved against the base URL). The client id and secret are sent with HTTP Basic authentication, the grant as a form (\`grant_type=client_credentials\`). The token is cached and fetched again 30 seconds before \`expires_in\` runs out (half-way through shorter lifetimes); requests made while a token is being fetched wait for that one fetch. When the API answers 401, the token is dropped and the request is sent once more with a new one. An access token given directly is used as is. A refusal of the token endpoint throws \`OAuthError\` with \`status\`, \`error\` and \`errorDescription\`.`,
    '',
    mdFence(
      [
        `import ${id(clientClass)}, { OAuthError } from ${str(packageName)};`,
        '',
        `const client = new ${id(clientClass)}(${objectInline([`${id(cc.idIdent)}: ${str('My client id')}`, `${id(cc.secretIdent)}: ${str('My client secret')}`])});`,
        '',
        'export function explain(err: unknown): void {',
        '  if (err instanceof OAuthError) console.log(err.status, err.error, err.errorDescription);',
        '}',
      ].join('\n'),
      'ts',
    ),
    '',
  ];
}

function webhooksSection(plan: SdkPlan, packageName: string): string[] {
  const hooks = plan.webhooks;
  if (hooks === undefined) return [];
  const how = {
    standard:
      'as the [Standard Webhooks](https://www.standardwebhooks.com) specification defines: the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers, an HMAC-SHA256 over id, timestamp and body with the secret (base64, after an optional `whsec_` prefix), any of several space-separated `v1,` signatures (a rotated secret), and a timestamp within five minutes',
    github: 'as GitHub does: `X-Hub-Signature-256: sha256=<hex>`, an HMAC-SHA256 of the body with the secret',
    stripe:
      'as Stripe does: `Stripe-Signature: t=<timestamp>,v1=<hex>`, an HMAC-SHA256 over `<timestamp>.<body>` with the secret, and a timestamp within five minutes',
  }[hooks.scheme];
  const events = hooks.events.map(
    (e) => `\`${e.typeName}\` (${e.kind === 'webhook' ? mdCode(e.op.path) : `callback ${mdCode(e.op.methodName)}`})`,
  );
  return [
    '## Webhooks',
    '',
    `\`client.${hooks.member}.unwrap(body, headers)\` checks a delivery's signature ${how}, then returns its payload typed \`${hooks.unionType}\`: ${events.join(', ')}. Pass the raw body (text or bytes, before any JSON parsing) and the request's headers (\`Headers\` or Node's \`req.headers\`). The secret comes from the \`${hooks.secretIdent}\` option, ${mdCode(hooks.secretEnv)}, or \`{ secret }\` in the call. A delivery that does not check out throws \`WebhookVerificationError\`; signatures are compared in constant time (Web Crypto). \`parseUnverified(body)\` reads a body without any check.`,
    '',
    mdFence(
      [
        `import { type ${id(hooks.unionType)}, WebhookVerificationError } from ${str(packageName)};`,
        '',
        `export async function receive(body: string, headers: Headers): Promise<${id(hooks.unionType)} | undefined> {`,
        '  try {',
        `    return await client.${id(hooks.member)}.unwrap(body, headers);`,
        '  } catch (err) {',
        '    if (err instanceof WebhookVerificationError) return undefined; // answer 400',
        '    throw err;',
        '  }',
        '}',
      ].join('\n'),
      'ts',
    ),
    '',
  ];
}

export function emitReadme(model: ApiModel, plan: SdkPlan, types: TypeEmitter): GeneratedFile {
  const { packageName, clientClass, envPrefix } = plan.options;
  const title = model.info.title.trim() === '' ? clientClass : model.info.title;
  const importLine = `import ${id(clientClass)} from ${str(packageName)};`;
  const firstAuth = model.authOptions[0];
  const authIdent = plan.authIdents[0];
  const clientInit = `const client = new ${id(clientClass)}(${firstAuth && authIdent ? objectInline([`${id(authIdent)}: ${str('My credential')}`]) : ''});`;
  const out: string[] = [];
  out.push(`# ${mdText(title)} TypeScript SDK`, '');
  out.push(
    `The official TypeScript client for the ${mdText(apiName(title))} (version ${mdText(model.info.version)}). It has no runtime dependencies and runs on Node.js 20.19+ and 22.12+ (from \`import\` and from \`require\`), Deno, Bun and browsers.`,
    '',
  );
  out.push('## Installation', '', mdFence(`npm install ${JSON.stringify(packageName)}`, 'sh'), '');
  out.push('## Authentication', '');
  if (model.authOptions.length > 0) {
    out.push('Credentials are client options; each defaults to an environment variable:', '');
    model.authOptions.forEach((option, i) => {
      out.push(
        `- \`${plan.authIdents[i] as string}\`${option.envVar !== undefined ? `: ${mdCode(option.envVar)}` : ''}${option.required ? ' (required)' : ''}`,
      );
    });
    out.push('');
    if (plan.operationSecurity) {
      out.push(
        "Each request carries only the credentials its operation accepts: the first of the operation's security alternatives whose credentials are all set (none for an operation that needs no authentication).",
        '',
      );
    }
  } else out.push('This API declares no credentials.', '');
  if (plan.clientCredentials !== undefined) out.push(...clientCredentialsSection(plan, packageName));
  out.push('## Usage', '', mdFence([importLine, '', clientInit].join('\n'), 'ts'), '');
  const firstExample = (() => {
    for (const resource of plan.resources) {
      const text = callExample(model, types, [resource]);
      if (text !== undefined) return text;
    }
    return undefined;
  })();
  if (firstExample !== undefined) out.push('A first request:', '', mdFence(firstExample, 'ts'), '');
  out.push(
    `The base URL defaults to the API's first server; pass \`baseURL\` or set \`${envPrefix}_BASE_URL\` to change it.`,
    '',
  );
  out.push(
    '## Errors',
    '',
    'A failed request throws a subclass of `APIError` chosen by status: `BadRequestError` (400), `AuthenticationError` (401), `PermissionDeniedError` (403), `NotFoundError` (404), `ConflictError` (409), `UnprocessableEntityError` (422), `RateLimitError` (429), `InternalServerError` (5xx). Each carries `status`, `body`, `headers` and `requestId`. No response at all gives `APIConnectionError`; a timeout gives `APITimeoutError`.',
    '',
    mdFence(
      [
        `import { NotFoundError } from ${JSON.stringify(packageName)};`,
        '',
        'try {',
        '  // ... a call',
        '} catch (err) {',
        '  if (err instanceof NotFoundError) console.log(err.status, err.body, err.requestId);',
        '  else throw err;',
        '}',
      ].join('\n'),
      'ts',
    ),
    '',
    '## Retries and timeouts',
    '',
    'Connection errors, 408, 409, 429 and 5xx responses are retried twice by default with exponential backoff and jitter; a `Retry-After` header is honoured. Non-GET requests carry an `Idempotency-Key` header so a retried request is not applied twice. Requests time out after 60 seconds. Change these with `maxRetries` and `timeout`, on the client or per request (the last argument of every method):',
    '',
    mdFence(
      [importLine, '', `const client = new ${clientClass}({ maxRetries: 5, timeout: 20_000 });`].join('\n'),
      'ts',
    ),
    '',
    ...rawResponseSection(model, types, plan),
    '## Pagination',
    '',
    'List methods that page return a `PagePromise`: `await` it for the first page (`page.data`, `page.hasNextPage()`, `page.getNextPage()`), or iterate every item of every page with `for await`.',
    '',
  );
  if (plan.webhooks !== undefined) out.push(...webhooksSection(plan, packageName));
  // Every resource with its path from the client, in `flattenResources` order (depth first).
  const trails: ResourcePlan[][] = [];
  const walk = (list: ResourcePlan[], trail: ResourcePlan[]): void => {
    for (const resource of list) {
      const path = [...trail, resource];
      trails.push(path);
      walk(resource.children, path);
    }
  };
  walk(plan.resources, []);
  if (trails.length > 0) {
    out.push('## Resources', '');
    for (const trail of trails) {
      const resource = trail[trail.length - 1] as ResourcePlan;
      out.push(`### \`client.${trail.map((r) => r.propName).join('.')}\``, '');
      const methods = resource.methods.map(
        (m) => `\`${m.name}()\` (${m.op.method.toUpperCase()} ${mdText(m.op.path)})`,
      );
      if (methods.length > 0) out.push(`Methods: ${methods.join(', ')}.`, '');
      const text = callExample(model, types, trail);
      if (text !== undefined) out.push(mdFence(text, 'ts'), '');
    }
  }
  return { path: 'README.md', content: out.join('\n') };
}
