// README.md: install, auth, a first request, errors, retries, pagination, streaming, and one
// example per resource. Code samples are built with the Python writer; prose from the description
// is markdown-escaped on one line.

import type { ApiModel } from '../model/types.ts';
import { apiName, mdCode, mdText } from '../core/markdown.ts';
import { flattenResources } from '../core/resources.ts';
import type { MethodPlan, ResourcePlan, SdkPlan } from './plan.ts';
import { isEventStream } from '../core/method.ts';
import { methodShape } from './method-shape.ts';
import { TypeModule, type TypeEmitter } from './schema-types.ts';
import { id, join, py, type Py, PyWriter, str } from '../printers/python-writer.ts';
import { eventName, webhookScheme } from './emit-webhooks.ts';

function webhookSchemeText(scheme: string): string {
  if (scheme === 'github')
    return 'Signatures are checked the GitHub way (`X-Hub-Signature-256: sha256=<hex>`, HMAC-SHA256 of the body; constant-time comparison).';
  if (scheme === 'stripe')
    return 'Signatures are checked the Stripe way (`Stripe-Signature: t=<timestamp>,v1=<hex>`, HMAC-SHA256 over `<timestamp>.<body>`, 5 minutes of tolerance; constant-time comparison).';
  return 'Signatures are checked as the [Standard Webhooks](https://www.standardwebhooks.com) specification defines: HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>` with the base64 secret (an optional `whsec_` prefix is dropped), any of the space-separated `v1,` signatures may match (rotated secrets), timestamps more than 5 minutes from now are refused, and the comparison is constant-time.';
}

function placeholder(type: Py): Py {
  switch (type.text) {
    case 'str':
      return str('string');
    case 'int':
      return py`0`;
    case 'float':
      return py`0.0`;
    case 'bool':
      return py`True`;
    default:
      if (type.text.startsWith('List[')) return py`[]`;
      if (type.text.startsWith('Literal[')) {
        const inner = type.text.slice('Literal['.length, -1);
        const first = /^("(?:[^"\\]|\\.)*"|-?[0-9]+|True|False)/.exec(inner)?.[1];
        if (first !== undefined)
          return first.startsWith('"')
            ? str(JSON.parse(first.replace(/\\x([0-9a-f]{2})/g, '\\u00$1')) as string)
            : first === 'True'
              ? py`True`
              : first === 'False'
                ? py`False`
                : /^-?[0-9]+$/.test(first)
                  ? first.startsWith('-')
                    ? py`-1`
                    : py`0`
                  : py`None`;
      }
      return py`{}`;
  }
}

function callExample(
  model: ApiModel,
  types: TypeEmitter,
  resource: ResourcePlan,
  method: MethodPlan,
  scratch: TypeModule,
  receiver = 'client',
): Py {
  const shape = methodShape(model, types, scratch, method);
  const args: Py[] = shape.pathArgs.map((a) => placeholder(a.type));
  const kw = [
    ...shape.pathKeywords,
    ...shape.query,
    ...shape.headers,
    ...shape.cookies,
    ...(shape.body?.mode === 'fields' ? shape.body.fields : shape.body ? [shape.body.arg] : []),
  ].filter((a) => a.required);
  for (const a of kw) args.push(py`${id(a.ident)}=${placeholder(a.type)}`);
  const chain = join(
    [...receiver.split('.'), ...resourceChain(resource)].map((n) => id(n)),
    '.',
  );
  return py`${chain}.${id(method.name)}(${join(args)})`;
}

let chainIndex = new Map<ResourcePlan, string[]>();
function resourceChain(resource: ResourcePlan): string[] {
  return chainIndex.get(resource) ?? [resource.attr];
}

export function emitReadme(model: ApiModel, plan: SdkPlan, types: TypeEmitter): string {
  const { options } = plan;
  chainIndex = new Map();
  const walk = (plans: ResourcePlan[], prefix: string[]): void => {
    for (const p of plans) {
      chainIndex.set(p, [...prefix, p.attr]);
      walk(p.children, [...prefix, p.attr]);
    }
  };
  walk(plan.resources, []);
  const scratch = new TypeModule('\u0000readme');
  const mod = id(options.moduleName);
  const client = id(options.clientClass);
  const title = mdText(apiName(model.info.title.trim() !== '' ? model.info.title : options.clientClass));
  const out: string[] = [];
  const code = (build: (w: PyWriter) => void): void => {
    const w = new PyWriter();
    build(w);
    out.push('```python', w.toString().trimEnd(), '```', '');
  };
  out.push(
    `# ${mdText(options.packageName)}`,
    '',
    `The Python client for the ${title} (version ${mdText(model.info.version)}). Standard library only; Python 3.10+; fully typed (\`py.typed\`).`,
    '',
  );
  out.push('## Installation', '', '```sh', `pip install ${options.packageName}`, '```', '');
  const allMethods = flattenResources(plan.resources).flatMap((r) => r.methods.map((m) => ({ r, m })));
  const first = allMethods[0];
  out.push('## Authentication', '');
  const envVars = model.authOptions.filter((o) => o.envVar !== undefined).map((o) => mdCode(o.envVar as string));
  out.push(
    envVars.length > 0
      ? `Credentials are read from ${envVars.join(', ')} by default, or passed to the client (${plan.authIdents.map((i) => `\`${i}\``).join(', ')}).`
      : 'This API needs no credentials.',
    `The base URL can be overridden with \`base_url=\` or the \`${options.envPrefix}_BASE_URL\` environment variable.`,
    '',
  );
  const authArg =
    plan.authIdents[0] !== undefined && model.authOptions[0]?.envVar === undefined
      ? py`${id(plan.authIdents[0])}=${str('...')}`
      : py``;
  const { oauth, webhooks } = plan;
  if (oauth !== undefined) {
    out.push(
      '### OAuth2 client credentials',
      '',
      `With a client id and secret (\`${oauth.clientIdIdent}=\`, \`${oauth.clientSecretIdent}=\`, or ${mdCode(oauth.clientIdEnv)} and ${mdCode(oauth.clientSecretEnv)}) the client fetches its access tokens from ${mdCode(oauth.flow.tokenUrl)} itself (client credentials grant, HTTP Basic client authentication${oauth.flow.scopes.length > 0 ? `, scopes ${oauth.flow.scopes.map((s) => mdCode(s.name)).join(', ')}` : ''}; a relative URL is resolved against the base URL). A token is cached, shared by every thread using the client (concurrent requests wait for one fetch), refreshed shortly before \`expires_in\` runs out, and refreshed once when a request gets 401. A token given directly still wins. A refusal of the token endpoint raises \`OAuthError\` (\`status_code\`, \`error\`, \`error_description\`).`,
      '',
    );
    code((w) => {
      w.line(py`from ${mod} import ${client}, OAuthError`);
      w.blank();
      w.line(
        py`oauth_client = ${client}(${id(oauth.clientIdIdent)}=${str('my-client-id')}, ${id(oauth.clientSecretIdent)}=${str('my-client-secret')})`,
      );
      w.block(py`try:`, () =>
        w.line(first ? py`${callExample(model, types, first.r, first.m, scratch, 'oauth_client')}` : py`pass`),
      );
      w.block(py`except OAuthError as error:`, () =>
        w.line(py`print(error.status_code, error.error, error.error_description)`),
      );
    });
  }

  out.push('## Usage', '');
  code((w) => {
    w.line(py`from ${mod} import ${client}`);
    w.blank();
    w.line(py`client = ${client}(${authArg})`);
    if (first) w.line(py`result = ${callExample(model, types, first.r, first.m, scratch)}`);
  });
  // A method answering with one model (not Optional, not a list): how a response reads.
  const modelled = allMethods.find(({ m }) => {
    const shape = methodShape(model, types, scratch, m);
    return (
      shape.pagination === undefined &&
      shape.response.kind === 'json' &&
      shape.response.conv !== undefined &&
      /^[A-Za-z_][A-Za-z0-9_]*$/.test(shape.response.conv.text) &&
      shape.response.type.text === `"${shape.response.conv.text}"`
    );
  });
  out.push(
    '## Responses',
    '',
    'JSON responses are model classes (subclasses of `BaseModel`): fields are attributes (`snake_case`; `None` when the server left them out), nested objects are models too, and unions are resolved by their discriminator or, without one, by the keys present. `to_dict()` / `to_json()` give the JSON back, `model_extra` holds keys the description does not name, and `model["key"]` reads any key as sent. Object arguments of requests are plain dicts (typed as `TypedDict`s).',
    '',
  );
  if (modelled)
    code((w) => {
      w.line(py`response = ${callExample(model, types, modelled.r, modelled.m, scratch)}`);
      w.line(py`print(response.to_json())`);
      w.line(py`data = response.to_dict()`);
    });
  out.push(
    '## Errors',
    '',
    'Non-2xx answers raise a subclass of `APIStatusError` chosen by status, carrying `status_code`, `body`, `headers` and `request_id`; network failures raise `APIConnectionError`, timeouts `APITimeoutError`.',
    '',
  );
  code((w) => {
    w.line(py`from ${mod} import APIConnectionError, APIStatusError, NotFoundError, RateLimitError`);
    w.blank();
    w.block(py`try:`, () => w.line(first ? py`${callExample(model, types, first.r, first.m, scratch)}` : py`pass`));
    w.block(py`except NotFoundError as error:`, () =>
      w.line(py`print(error.status_code, error.body, error.request_id)`),
    );
    w.block(py`except RateLimitError:`, () => w.line(py`print("slow down")`));
    w.block(py`except APIStatusError as error:`, () => w.line(py`print(error.status_code)`));
    w.block(py`except APIConnectionError:`, () => w.line(py`print("server unreachable")`));
  });
  out.push(
    '## Retries and timeouts',
    '',
    'Connection errors, 408, 409, 429 and 5xx are retried twice by default with exponential backoff and jitter, honouring `Retry-After`. Non-GET requests that may be retried carry an idempotency key header' +
      (options.idempotencyHeader !== null ? ` (${mdCode(options.idempotencyHeader)})` : '') +
      '.',
    '',
  );
  code((w) => {
    w.line(py`client = ${client}(max_retries=5, timeout=20.0)`);
  });
  out.push(
    '## Strict responses and your own HTTP client',
    '',
    'With `_strict_response_validation=True`, every response built into models is first checked against the API description (required properties, types, enum values); a mismatch raises `APIResponseValidationError` with `path` (the property) and `expected`. By default responses are read leniently.',
    '',
    '`http_client=` takes an `httpx.Client` (or any object with its `request(method, url, *, headers, content, timeout)` method returning `status_code`, `headers` and `content`) and sends every request through it instead of urllib, so its proxies and TLS settings apply; retries, auth, errors and pagination work as usual. Streaming methods still use urllib.',
    '',
  );
  code((w) => {
    w.line(py`strict = ${client}(_strict_response_validation=True)`);
  });
  const paged = allMethods.find(({ m }) => m.op.pagination !== undefined);
  out.push(
    '## Pagination',
    '',
    'List methods that paginate return a `SyncPage`; iterating it fetches further pages as needed (`iter_pages()` yields whole pages).',
    '',
  );
  if (paged)
    code((w) =>
      w.block(py`for item in ${callExample(model, types, paged.r, paged.m, scratch)}:`, () => w.line(py`print(item)`)),
    );
  out.push(
    '## Raw responses',
    '',
    '`client.with_raw_response` has the same resources and methods; each call returns a `RawResponse` with `status_code`, `headers` (lower-case names), `method`, `url`, `request_id`, the body (`content`, `text()`, `json()`) and `parse()`, which gives what the method returns otherwise. A list method fetches its first page (the raw response is that page; `parse()` iterates every page from it); a streaming method answers once the stream opens (`parse()` is the stream). Errors raise as usual.',
    '',
  );
  if (first)
    code((w) => {
      w.line(py`raw = ${callExample(model, types, first.r, first.m, scratch, 'client.with_raw_response')}`);
      w.line(py`print(raw.status_code, raw.headers.get("content-type"), raw.request_id)`);
      w.line(py`parsed = raw.parse()`);
    });
  if (webhooks !== undefined) {
    out.push(
      '## Webhooks',
      '',
      `\`client.${webhooks.attr}.unwrap(body, headers, secret=None)\` verifies a delivery's signature and returns its payload as the typed event (${webhooks.webhooks.map((op) => mdCode(eventName(model, op))).join(', ')}); \`verify()\` only checks. ${webhookSchemeText(webhookScheme(model))} The secret is \`secret=\`, else the client's \`webhook_secret=\` (default ${mdCode(webhooks.secretEnv)}). A failed check raises \`WebhookVerificationError\`. Pass the body exactly as received (bytes).`,
      '',
    );
    code((w) => {
      w.line(py`from ${mod} import WebhookVerificationError`);
      w.blank();
      w.blank();
      w.block(py`def handle_delivery(body: bytes, headers: dict[str, str]) -> None:`, () => {
        w.block(py`try:`, () => w.line(py`event = client.${id(webhooks.attr)}.unwrap(body, headers)`));
        w.block(py`except WebhookVerificationError:`, () => w.line(py`return`));
        w.line(py`print(event)`);
      });
    });
  }
  const streamed = allMethods.find(({ m }) => m.op.streaming);
  if (streamed) {
    out.push(
      '## Streaming',
      '',
      '`text/event-stream` responses are returned as a `Stream` you iterate (close it, or use `with`, to stop early).',
      '',
    );
    code((w) =>
      w.block(py`with ${callExample(model, types, streamed.r, streamed.m, scratch)} as stream:`, () =>
        w.block(py`for event in stream:`, () => w.line(py`print(event)`)),
      ),
    );
  }
  emitAsyncSection(out, code, {
    asyncClient: id(plan.asyncClientClass),
    authArg,
    mod,
    clientName: options.clientClass,
    // The first method of each kind: a plain call, a list, a stream.
    // (the plain call is the one the Responses section shows, when there is one).
    calls: (['call', 'paged', 'stream'] as const).flatMap((kind) => {
      const found =
        (kind === 'call' ? modelled : undefined) ??
        allMethods.find(({ m }) => {
          const shape = methodShape(model, types, scratch, m);
          return (shape.pagination ? 'paged' : isEventStream(shape.response.kind) ? 'stream' : 'call') === kind;
        });
      return found ? [{ kind, call: callExample(model, types, found.r, found.m, scratch) }] : [];
    }),
  });
  out.push('## Resources', '');
  for (const r of flattenResources(plan.resources)) {
    out.push(`### ${mdText(r.resource.path.join(' / '))}`, '');
    const m = r.methods[0];
    if (m) code((w) => w.line(callExample(model, types, r, m, scratch)));
    for (const method of r.methods)
      out.push(
        `- \`${[...resourceChain(r), method.name].join('.')}()\`: ${mdText(method.op.method.toUpperCase() + ' ' + method.op.path)}${method.op.summary ? ` — ${mdText(method.op.summary)}` : ''}`,
      );
    out.push('');
  }
  return out.join('\n');
}

/** `## Async`: the async client, with one awaited call, one `async for` over pages and one over a stream. */
function emitAsyncSection(
  out: string[],
  code: (build: (w: PyWriter) => void) => void,
  input: {
    asyncClient: Py;
    authArg: Py;
    mod: Py;
    clientName: string;
    calls: { kind: 'paged' | 'stream' | 'call'; call: Py }[];
  },
): void {
  const { asyncClient, authArg, mod, clientName, calls } = input;
  out.push(
    '## Async',
    '',
    `\`${asyncClient.text}\` takes the same arguments as \`${clientName}\` (plus \`max_workers\`) and has the same resources; its methods are \`async\`. Each call runs the sync method in a pool of worker threads owned by the client (\`max_workers\`, default 16, bounds the requests in flight), so the event loop never blocks and both clients share one HTTP stack: retries, authentication and errors behave the same. \`timeout=\` works as in the sync client, and cancelling the awaiting task (or \`asyncio.wait_for\` running out) aborts the request: its connection is closed and the thread is free again. List methods return an \`AsyncPage\` without awaiting (\`async for item in client.x.list()\`, each page fetched in the pool); streaming methods return an \`AsyncStream\` (\`async for event in await client.x.stream()\`). \`async with\` (or \`await client.close()\`) stops the pool.`,
    '',
  );
  code((w) => {
    w.line(py`import asyncio`);
    w.blank();
    w.line(py`from ${mod} import ${asyncClient}`);
    w.blank(2);
    w.block(py`async def main() -> None:`, () =>
      w.block(py`async with ${asyncClient}(${authArg}) as client:`, () => {
        if (calls.length === 0) w.line(py`pass`);
        for (const { kind, call } of calls) {
          if (kind === 'paged') w.block(py`async for item in ${call}:`, () => w.line(py`print(item)`));
          else if (kind === 'stream') {
            w.line(py`stream = await ${call}`);
            w.block(py`async for event in stream:`, () => w.line(py`print(event)`));
          } else w.line(py`await ${call}`);
        }
      }),
    );
    w.blank(2);
    w.line(py`asyncio.run(main())`);
  });
}
