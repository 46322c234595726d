// `_client.py`: the client class. Credentials come from the model's auth options (read from
// environment variables by default), the base URL from environments / servers (server variables
// become keyword arguments), and every top-level resource is an attribute.

import { authOptionsByScheme } from '../core/client.ts';
import type { ApiModel, AuthScheme } from '../model/types.ts';
import type { SdkPlan } from './plan.ts';
import { fromImport, id, join, py, type Py, pyNamesUsed, PyWriter, relModule, str } from '../printers/python-writer.ts';
import { type CommonClientOption, describeClientOption, type OptionConventions } from '../core/client-options.ts';

/** The common options in the order the client's docstring lists them. */
const PY_COMMON_OPTIONS: readonly CommonClientOption[] = [
  'baseUrl',
  'environment',
  'timeout',
  'maxRetries',
  'defaultHeaders',
  'defaultQuery',
  'idempotencyHeader',
];

/** How the Python client's docstring words the common options. */
const PY_OPTION_CONVENTIONS: OptionConventions = {
  name: (option) => (option === 'baseUrl' ? 'base_url' : option.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)),
  code: (text) => text,
  nullValue: 'None',
  environmentsTable: 'ENVIRONMENTS',
  timeout: { unit: 'Seconds', default: '60', note: 'per socket operation' },
  nullHeaderRemoves: false,
};

/** The docstring lines of the runtime's own options (the Python runtime has them; other SDKs word theirs). */
const PY_RUNTIME_OPTION_DOCS: readonly string[] = [
  '    http_client: An HTTP client to send the requests with instead of urllib: an httpx.Client (its proxies, TLS settings and transport apply), or any object with its request(method, url, *, headers, content, timeout) method. Retries, auth, errors and pagination work as usual; the streaming methods (text/event-stream) still use urllib.',
  '    _strict_response_validation: Check every response decoded into models against the API description (required properties, types, enum values) and raise APIResponseValidationError, naming the property, on a mismatch (default False: lenient).',
];

export function emitClient(model: ApiModel, plan: SdkPlan): string {
  const { options } = plan;
  const w = new PyWriter();
  const server = model.servers[0];
  const variables = server?.variables ?? [];
  const environments = model.environments;
  w.line(py`__all__ = [${str(options.clientClass)}, ${str(plan.rawClientClass)}, "ENVIRONMENTS"]`);
  w.blank(2);
  w.line(py`ENVIRONMENTS: Dict[str, str] = {${join(environments.map((e) => py`${str(e.name)}: ${str(e.url)}`))}}`);
  w.doc('Named base URLs; the first is the default.');
  w.blank(2);
  const schemes = new Map<string, AuthScheme>(model.authSchemes.map((s) => [s.key, s]));
  const docLines = [
    model.info.title !== '' ? `Client for ${model.info.title} (API version ${model.info.version}).` : 'API client.',
    ...(model.info.description !== undefined && model.info.description.trim() !== ''
      ? ['', model.info.description]
      : []),
    '',
    'Args:',
  ];
  model.authOptions.forEach((option, i) => {
    const scheme = schemes.get(option.scheme);
    const desc = [
      scheme?.description?.replace(/\s*\n\s*/g, ' '),
      option.envVar !== undefined ? `Defaults to the ${option.envVar} environment variable.` : undefined,
    ].filter((s) => s !== undefined);
    docLines.push(`    ${plan.authIdents[i] as string}: ${desc.length > 0 ? desc.join(' ') : 'Credential.'}`);
  });
  const { oauth, webhooks } = plan;
  if (oauth !== undefined) {
    const scopes = oauth.flow.scopes.map((s) => s.name);
    docLines.push(
      `    ${oauth.clientIdIdent}: OAuth2 client id (client credentials flow of ${oauth.scheme.key}; tokens are fetched from ${oauth.flow.tokenUrl}${scopes.length > 0 ? ` with the scopes ${scopes.join(' ')}` : ''}, cached and refreshed before they expire). Defaults to the ${oauth.clientIdEnv} environment variable.`,
      `    ${oauth.clientSecretIdent}: OAuth2 client secret. Defaults to the ${oauth.clientSecretEnv} environment variable.`,
    );
  }
  if (webhooks !== undefined)
    docLines.push(
      `    webhook_secret: The secret webhooks.unwrap() verifies signatures with. Defaults to the ${webhooks.secretEnv} environment variable.`,
    );
  variables.forEach((variable, i) => {
    docLines.push(
      `    ${plan.serverVarIdents[i] as string}: Server variable ${variable.name} (default ${variable.default}).${variable.description ? ' ' + variable.description.replace(/\s*\n\s*/g, ' ') : ''}`,
    );
  });
  // The options every SDK has, described in core/client-options.ts.
  for (const option of PY_COMMON_OPTIONS)
    docLines.push(
      `    ${PY_OPTION_CONVENTIONS.name(option)}: ${describeClientOption(option, PY_OPTION_CONVENTIONS, options.envPrefix)}`,
    );
  docLines.push(...PY_RUNTIME_OPTION_DOCS);
  w.block(py`class ${id(options.clientClass)}(BaseClient):`, () => {
    w.doc(docLines.join('\n'));
    w.blank();
    model.authOptions.forEach((_, i) => w.line(py`${id(plan.authIdents[i] as string)}: Optional[str]`));
    if (oauth !== undefined) w.line(py`${id(oauth.clientIdIdent)}: Optional[str]`);
    for (const resource of plan.resources) w.line(py`${id(resource.attr)}: ${id(resource.className)}`);
    if (webhooks !== undefined) w.line(py`${id(webhooks.attr)}: ${id(webhooks.className)}`);
    w.blank();
    w.line(py`def __init__(`);
    w.indented(() => {
      w.line(py`self,`);
      w.line(py`*,`);
      emitClientParams(w, model, plan);
    });
    w.block(py`) -> None:`, () => {
      if (oauth !== undefined) {
        for (const [ident, env] of [
          [oauth.clientIdIdent, oauth.clientIdEnv],
          [oauth.clientSecretIdent, oauth.clientSecretEnv],
        ] as const)
          w.block(py`if ${id(ident)} is None:`, () => w.line(py`${id(ident)} = os.environ.get(${str(env)})`));
      }
      model.authOptions.forEach((option, i) => {
        const ident = id(plan.authIdents[i] as string);
        if (option.envVar !== undefined) {
          w.block(py`if ${ident} is None:`, () =>
            w.line(py`${ident} = os.environ.get(${str(option.envVar as string)})`),
          );
        }
        if (option.required) {
          const viaOAuth = oauth !== undefined && oauth.scheme.key === option.scheme;
          const message = `The ${plan.authIdents[i] as string} argument must be given${option.envVar !== undefined ? ` (or the ${option.envVar} environment variable set)` : ''}${viaOAuth ? ` or a client id and secret (${oauth.clientIdIdent}, ${oauth.clientSecretIdent})` : ''}.`;
          const condition = viaOAuth
            ? py`${ident} is None and (${id(oauth.clientIdIdent)} is None or ${id(oauth.clientSecretIdent)} is None)`
            : py`${ident} is None`;
          w.block(py`if ${condition}:`, () => w.line(py`raise ValueError(${str(message)})`));
        }
        w.line(py`self.${ident} = ${ident}`);
      });
      w.block(py`if base_url is None:`, () =>
        w.line(py`base_url = os.environ.get(${str(`${options.envPrefix}_BASE_URL`)})`),
      );
      w.block(py`if base_url is None and environment is not None:`, () => {
        w.block(py`if environment not in ENVIRONMENTS:`, () =>
          w.line(py`raise ValueError("Unknown environment: " + environment)`),
        );
        w.line(py`base_url = ENVIRONMENTS[environment]`);
      });
      w.block(py`if base_url is None:`, () => {
        if (variables.length > 0 && server) {
          w.line(py`base_url = apply_server_variables(`);
          w.indented(() => {
            w.line(py`${str(server.url)},`);
            w.line(py`{`);
            w.indented(() => {
              variables.forEach((v, i) => {
                const ident = id(plan.serverVarIdents[i] as string);
                w.line(py`${str(v.name)}: ${str(v.default)} if ${ident} is None else ${ident},`);
              });
            });
            w.line(py`},`);
          });
          w.line(py`)`);
        } else {
          w.line(py`base_url = ${str(environments[0]?.url ?? server?.url ?? '')}`);
        }
      });
      w.line(py`super().__init__(`);
      w.indented(() => {
        w.line(py`base_url=base_url,`);
        w.line(py`timeout=timeout,`);
        w.line(py`max_retries=max_retries,`);
        w.line(py`default_headers=default_headers,`);
        w.line(py`default_query=default_query,`);
        w.line(py`idempotency_header=idempotency_header,`);
        w.line(py`http_client=http_client,`);
        w.line(py`_strict_response_validation=_strict_response_validation,`);
      });
      w.line(py`)`);
      if (oauth !== undefined) {
        const idIdent = id(oauth.clientIdIdent);
        const secretIdent = id(oauth.clientSecretIdent);
        w.line(py`self.${idIdent} = ${idIdent}`);
        w.block(py`if ${idIdent} is not None and ${secretIdent} is not None:`, () => {
          w.line(py`self._oauth = ClientCredentials(`);
          w.indented(() => {
            w.line(py`token_url=resolve_token_url(self.base_url, ${str(oauth.flow.tokenUrl)}),`);
            w.line(py`client_id=${idIdent},`);
            w.line(py`client_secret=${secretIdent},`);
            w.line(py`scopes=[${join(oauth.flow.scopes.map((s) => str(s.name)))}],`);
            w.line(py`timeout=timeout,`);
            w.line(py`user_agent=self._user_agent(),`);
          });
          w.line(py`)`);
        });
      }
      if (webhooks !== undefined) {
        w.block(py`if webhook_secret is None:`, () =>
          w.line(py`webhook_secret = os.environ.get(${str(webhooks.secretEnv)})`),
        );
        w.line(py`self.webhook_secret = webhook_secret`);
      }
      for (const resource of plan.resources) w.line(py`self.${id(resource.attr)} = ${id(resource.className)}(self)`);
      if (webhooks !== undefined) w.line(py`self.${id(webhooks.attr)} = ${id(webhooks.className)}(self)`);
    });
    w.blank();
    w.line(py`@cached_property`);
    w.block(py`def with_raw_response(self) -> ${id(plan.rawClientClass)}:`, () => {
      w.doc(
        'The same resources, with every method returning a `RawResponse` (status, headers, body) whose `parse()` gives the usual value.',
      );
      w.line(py`return ${id(plan.rawClientClass)}(self)`);
    });
    emitAuth(w, model, plan, schemes);
    w.blank();
    w.block(py`def _user_agent(self) -> str:`, () =>
      w.line(py`return ${str(`${options.packageName}/${options.version} (python)`)}`),
    );
  });
  w.blank(2);
  w.block(py`class ${id(plan.rawClientClass)}:`, () => {
    w.doc(`\`${options.clientClass}.with_raw_response\`: its resources with every method returning a \`RawResponse\`.`);
    w.blank();
    w.block(py`def __init__(self, client: ${id(options.clientClass)}) -> None:`, () => {
      w.line(py`self._client = client`);
      for (const resource of plan.resources)
        w.line(py`self.${id(resource.attr)} = ${id(resource.rawClassName)}(client.${id(resource.attr)})`);
    });
  });
  // The imports come last, once the body shows which names it uses (pyright strict reports unused ones).
  const body = w.toString();
  const used = pyNamesUsed(body);
  const head = new PyWriter();
  head.doc(`The ${options.clientClass} client.`);
  head.blank();
  head.line(py`from __future__ import annotations`);
  head.blank();
  if (used.has('os')) head.line(py`import os`);
  if (used.has('cached_property')) head.line(py`from functools import cached_property`);
  fromImport(head, py`typing`, ['AbstractSet', 'Dict', 'Literal', 'Mapping', 'Optional'], used);
  head.blank();
  // The runtime's helpers count as used when called (an auth parameter may share a helper's name).
  const called = new Set(
    ['apply_server_variables', 'basic_auth'].filter((name) => new RegExp(`(^|[^\\w.])${name}\\(`, 'm').test(body)),
  );
  fromImport(
    head,
    py`._base_client`,
    ['BaseClient', 'HttpClient', 'apply_server_variables', 'basic_auth'],
    new Set([...called, ...['BaseClient', 'HttpClient'].filter((name) => used.has(name))]),
  );
  if (oauth !== undefined) head.line(py`from ._oauth import ClientCredentials, resolve_token_url`);
  for (const resource of plan.resources)
    head.line(
      py`from ${relModule(1, 'resources', ...resource.modulePath)} import ${id(resource.className)}, ${id(resource.rawClassName)}`,
    );
  if (webhooks !== undefined)
    head.line(py`from ${relModule(1, 'resources', webhooks.module)} import ${id(webhooks.className)}`);
  head.blank(2);
  return head.toString() + '\n\n' + body;
}

function emitAuth(w: PyWriter, model: ApiModel, plan: SdkPlan, schemes: Map<string, AuthScheme>): void {
  const headerLines: (() => void)[] = [];
  const queryLines: (() => void)[] = [];
  const cookieLines: (() => void)[] = [];
  // Per scheme: whether its credentials are set (a request carries the first of its operation's
  // security alternatives whose schemes all are: `_auth_schemes` in the runtime).
  const configured: [string, Py][] = [];
  // The flow is chosen only for a scheme the client has a credential option for (the token given directly).
  const oauthKey = plan.oauth?.scheme.key;
  const byScheme = authOptionsByScheme(model, plan.authIdents);
  /** The scheme's lines, written only when the request carries this scheme (every scheme when `schemes` is None). */
  const guarded = (key: string, lines: () => void) => () =>
    w.block(py`if schemes is None or ${str(key)} in schemes:`, lines);
  for (const [key, list] of byScheme) {
    const scheme = schemes.get(key);
    const first = list[0];
    if (scheme === undefined || first === undefined) continue;
    const value = py`self.${id(first.ident)}`;
    if (scheme.type === 'apiKey') {
      const target = scheme.in === 'header' ? headerLines : scheme.in === 'query' ? queryLines : cookieLines;
      const dict = scheme.in === 'header' ? py`_headers` : scheme.in === 'query' ? py`_query` : py`_cookies`;
      configured.push([key, py`${value} is not None`]);
      target.push(
        guarded(key, () =>
          w.block(py`if ${value} is not None:`, () => w.line(py`${dict}[${str(scheme.paramName)}] = ${value}`)),
        ),
      );
    } else if (scheme.type === 'http' && scheme.scheme === 'basic') {
      const user = list.find((o) => /user|login|name/i.test(o.option.name)) ?? first;
      const pass = list.find((o) => o !== user && /pass|secret/i.test(o.option.name)) ?? list.find((o) => o !== user);
      const u = py`self.${id(user.ident)}`;
      const p = pass ? py`self.${id(pass.ident)}` : undefined;
      const set = p ? py`${u} is not None or ${p} is not None` : py`${u} is not None`;
      configured.push([key, set]);
      headerLines.push(
        guarded(key, () =>
          w.block(py`if ${set}:`, () =>
            w.line(py`_headers["Authorization"] = basic_auth(${u} or "", ${p ? py`${p} or ""` : py`""`})`),
          ),
        ),
      );
    } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      const prefix =
        scheme.type === 'http' && scheme.scheme !== 'bearer'
          ? scheme.scheme.charAt(0).toUpperCase() + scheme.scheme.slice(1)
          : 'Bearer';
      configured.push([
        key,
        key === oauthKey ? py`${value} is not None or self._oauth is not None` : py`${value} is not None`,
      ]);
      headerLines.push(
        guarded(key, () => {
          w.block(py`if ${value} is not None:`, () =>
            w.line(py`_headers["Authorization"] = ${str(`${prefix} `)} + ${value}`),
          );
          // A token given directly wins; else the client credentials fetch one.
          if (key === oauthKey)
            w.block(py`elif self._oauth is not None:`, () =>
              w.line(py`_headers["Authorization"] = self._oauth.authorization()`),
            );
        }),
      );
    }
  }
  if (configured.length > 0) {
    w.blank();
    w.block(py`def _has_credentials(self, scheme: str) -> bool:`, () => {
      for (const [key, set] of configured) w.block(py`if scheme == ${str(key)}:`, () => w.line(py`return ${set}`));
      w.line(py`return False`);
    });
  }
  const schemesParam = py`schemes: Optional[AbstractSet[str]] = None`;
  if (headerLines.length > 0 || cookieLines.length > 0) {
    w.blank();
    w.block(py`def _auth_headers(self, ${schemesParam}) -> Dict[str, str]:`, () => {
      w.line(py`_headers: Dict[str, str] = {}`);
      for (const line of headerLines) line();
      if (cookieLines.length > 0) {
        w.line(py`_cookies: Dict[str, str] = {}`);
        for (const line of cookieLines) line();
        w.block(py`if _cookies:`, () =>
          w.line(py`_headers["Cookie"] = "; ".join(k + "=" + v for k, v in _cookies.items())`),
        );
      }
      w.line(py`return _headers`);
    });
  }
  if (queryLines.length > 0) {
    w.blank();
    w.block(py`def _auth_query(self, ${schemesParam}) -> Dict[str, str]:`, () => {
      w.line(py`_query: Dict[str, str] = {}`);
      for (const line of queryLines) line();
      w.line(py`return _query`);
    });
  }
}

/** The client constructor's keyword parameters (after `*,`); the async client takes the same ones. */
export function emitClientParams(w: PyWriter, model: ApiModel, plan: SdkPlan): void {
  const { options, oauth, webhooks } = plan;
  const variables = model.servers[0]?.variables ?? [];
  model.authOptions.forEach((_, i) => w.line(py`${id(plan.authIdents[i] as string)}: Optional[str] = None,`));
  if (oauth !== undefined) {
    w.line(py`${id(oauth.clientIdIdent)}: Optional[str] = None,`);
    w.line(py`${id(oauth.clientSecretIdent)}: Optional[str] = None,`);
  }
  if (webhooks !== undefined) w.line(py`webhook_secret: Optional[str] = None,`);
  variables.forEach((variable, i) => {
    const type =
      variable.enum && variable.enum.length > 0 ? py`Literal[${join(variable.enum.map((v) => str(v)))}]` : py`str`;
    w.line(py`${id(plan.serverVarIdents[i] as string)}: Optional[${type}] = None,`);
  });
  w.line(py`base_url: Optional[str] = None,`);
  w.line(py`environment: Optional[str] = None,`);
  w.line(py`timeout: float = 60.0,`);
  w.line(py`max_retries: int = 2,`);
  w.line(py`default_headers: Optional[Mapping[str, str]] = None,`);
  w.line(py`default_query: Optional[Mapping[str, object]] = None,`);
  w.line(
    py`idempotency_header: Optional[str] = ${options.idempotencyHeader === null ? py`None` : str(options.idempotencyHeader)},`,
  );
  w.line(py`http_client: Optional[HttpClient] = None,`);
  w.line(py`_strict_response_validation: bool = False,`);
}
