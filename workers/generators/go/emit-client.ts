// The module's root files around the services: the client (`client.go`), the options a
// description adds to package option (credentials, environments, OAuth2 client credentials),
// aliases (`Error`, the Opt helpers), the webhooks helper and `go.mod`.

import { clientCredentialsFlowOf } from '../core/client.ts';
import type { ApiModel, ClientAuthOption } from '../model/types.ts';
import { screamingSnakeCase } from '../names/case.ts';
import { goIdent, goStr } from '../names/go.ts';
import { NameScope } from '../names/scope.ts';
import type { GoPlan } from './plan.ts';
import { docComment, type GoTypes, typeImports, typeExpr } from './schema-types.ts';
import { GO_DIRECTIVE } from './types.ts';
import { alignLines, type AlignedLine, GoFile } from '../printers/go-writer.ts';

/** Exported names of the bundled package option; generated options never take them. */
const OPTION_RESERVED = [
  'RequestOption',
  'WithBaseURL',
  'WithHTTPClient',
  'WithMaxRetries',
  'WithRequestTimeout',
  'WithHeader',
  'WithHeaderAdd',
  'WithHeaderDel',
  'WithQuery',
  'WithQueryAdd',
  'WithRequestBody',
  'WithIdempotencyHeader',
  'WithResponseInto',
  'WithWebhookSecret',
  'WithCredential',
  'WithOAuthClientCredentials',
];

export interface ClientOptionNames {
  /** By auth option name: the `option.With...` function and its environment variable. */
  credentials: { option: ClientAuthOption; fn: string; env: string }[];
  environments: { name: string; fn: string; url: string }[];
  clientCredentials?: { fn: string; idEnv: string; secretEnv: string; scheme: string };
  baseUrlEnv: string;
  webhookSecretEnv: string;
}

export function optionNames(model: ApiModel, plan: GoPlan): ClientOptionNames {
  const scope = new NameScope(OPTION_RESERVED);
  const prefix = plan.options.envPrefix;
  const credentials = model.authOptions.map((option) => ({
    option,
    fn: scope.claim(`auth:${option.name}`, goIdent(`with ${option.name}`, { casings: plan.casings })),
    env: option.envVar ?? `${prefix}_${screamingSnakeCase(option.name) || 'TOKEN'}`,
  }));
  const environments = model.environments.map((e) => ({
    name: e.name,
    fn: scope.claim(`env:${e.name}`, goIdent(`with environment ${e.name}`, { casings: plan.casings })),
    url: e.url,
  }));
  const flow = clientCredentialsFlowOf(model, prefix);
  return {
    credentials,
    environments,
    ...(flow !== undefined
      ? {
          clientCredentials: {
            fn: scope.claim('\u0000client credentials', 'WithClientCredentials'),
            idEnv: flow.clientIdEnv,
            secretEnv: flow.clientSecretEnv,
            scheme: flow.scheme,
          },
        }
      : {}),
    baseUrlEnv: `${prefix}_BASE_URL`,
    webhookSecretEnv: `${prefix}_WEBHOOK_SECRET`,
  };
}

/** `option/credentials.go`: a With function per credential, environment and the OAuth2 flow. */
export function emitOptionFile(model: ApiModel, plan: GoPlan, names: ClientOptionNames): GoFile | undefined {
  const file = new GoFile('option/generated.go', 'option', plan.options.modulePath);
  for (const { option, fn, env } of names.credentials) {
    file.add(
      `// ${fn} sets the credential of the ${inline(option.scheme)} security scheme (read from ${inline(env)}\n// by default).\nfunc ${fn}(value string) RequestOption {\n\treturn WithCredential(${goStr(option.name)}, value)\n}`,
    );
  }
  for (const env of names.environments) {
    file.add(
      `// ${env.fn} sends requests to ${inline(env.url)}.\nfunc ${env.fn}() RequestOption {\n\treturn WithBaseURL(${goStr(env.url)})\n}`,
    );
  }
  const cc = names.clientCredentials;
  if (cc !== undefined) {
    const flow = clientCredentialsFlowOf(model, plan.options.envPrefix);
    const scopes = (flow?.scopes ?? []).map(goStr);
    file.add(
      `// ${cc.fn} fetches access tokens with the OAuth2 client credentials grant (read from\n// ${inline(cc.idEnv)} and ${inline(cc.secretEnv)} by default); tokens are cached until shortly before they expire.\nfunc ${cc.fn}(clientID, clientSecret string) RequestOption {\n\treturn WithOAuthClientCredentials(${goStr(flow?.tokenUrl ?? '')}, clientID, clientSecret${scopes.map((s) => `, ${s}`).join('')})\n}`,
    );
  }
  return file.isEmpty() ? undefined : file;
}

/** `client.go`. */
export function emitClientFile(model: ApiModel, plan: GoPlan, names: ClientOptionNames, webhooks: boolean): GoFile {
  const file = new GoFile('client.go', plan.options.packageName, plan.options.modulePath);
  file.use('os');
  file.useLocal('option');
  const fields: AlignedLine[] = [{ cells: ['Options', '[]option.RequestOption'] }];
  for (const s of plan.services) fields.push({ cells: [s.field, s.typeName] });
  const webhookField = webhooks ? plan.clientFields.claim('\u0000webhooks', 'Webhooks') : undefined;
  if (webhookField !== undefined) fields.push({ cells: [webhookField, 'WebhookService'] });
  const envs = [names.baseUrlEnv, ...names.credentials.map((c) => c.env)];
  const trimmed = model.info.title.trim();
  const title = trimmed === '' ? 'the API' : /\bapi$/i.test(trimmed) ? `the ${trimmed}` : `the ${trimmed} API`;
  file.add(
    `${docComment(`Client calls ${title}. Make it with NewClient; its fields are the API's resources.`, 'Client')}type Client struct {\n${alignLines(fields, '\t').join('\n')}\n}`,
  );
  const defaultUrl = model.environments[0]?.url ?? model.servers[0]?.url;
  const lines: string[] = [];
  lines.push(
    defaultUrl !== undefined
      ? `\tdefaults := []option.RequestOption{option.WithBaseURL(${goStr(defaultUrl)})}`
      : '\tvar defaults []option.RequestOption',
  );
  const lookup = (env: string, call: (v: string) => string): string =>
    `\tif o, ok := os.LookupEnv(${goStr(env)}); ok {\n\t\tdefaults = append(defaults, ${call('o')})\n\t}`;
  lines.push(lookup(names.baseUrlEnv, (v) => `option.WithBaseURL(${v})`));
  for (const c of names.credentials) lines.push(lookup(c.env, (v) => `option.${c.fn}(${v})`));
  const cc = names.clientCredentials;
  if (cc !== undefined) {
    envs.push(cc.idEnv, cc.secretEnv);
    lines.push(
      `\tclientID, okID := os.LookupEnv(${goStr(cc.idEnv)})\n\tclientSecret, okSecret := os.LookupEnv(${goStr(cc.secretEnv)})\n\tif okID && okSecret {\n\t\tdefaults = append(defaults, option.${cc.fn}(clientID, clientSecret))\n\t}`,
    );
  }
  if (webhooks) {
    envs.push(names.webhookSecretEnv);
    lines.push(lookup(names.webhookSecretEnv, (v) => `option.WithWebhookSecret(${v})`));
  }
  file.add(
    `// DefaultClientOptions are the options NewClient starts from: the default base URL, then the\n// environment (${envs.map(inline).join(', ')}).\nfunc DefaultClientOptions() []option.RequestOption {\n${lines.join('\n')}\n\treturn defaults\n}`,
  );
  const init = plan.services.map((s) => `\tr.${s.field} = ${s.constructorName}(opts...)\n`).join('');
  const hook = webhookField !== undefined ? `\tr.${webhookField} = NewWebhookService(opts...)\n` : '';
  file.add(
    `// NewClient returns a client configured by DefaultClientOptions and then opts (later options win).\n// Every request of the client applies these options, then the call's own.\nfunc NewClient(opts ...option.RequestOption) (r Client) {\n\topts = append(DefaultClientOptions(), opts...)\n\tr = Client{Options: opts}\n${init}${hook}\treturn\n}`,
  );
  return file;
}

/** `aliases.go`: the error types and helpers users reach through the root package. */
export function emitAliases(plan: GoPlan, oauth: boolean, webhooks: boolean): GoFile {
  const file = new GoFile('aliases.go', plan.options.packageName, plan.options.modulePath);
  file.use('io');
  file.useLocal('internal/apierror');
  file.useLocal('packages/param');
  file.add(
    '// Error is what a request returns when the API answers a status outside 2xx: its status, request\n// id and body. Read it with errors.As.\ntype Error = apierror.Error',
  );
  if (oauth) {
    file.useLocal('internal/requestconfig');
    file.add(
      '// OAuthError is the token endpoint refusing the client credentials.\ntype OAuthError = requestconfig.OAuthError',
    );
  }
  if (webhooks) {
    file.useLocal('internal/webhooks');
    file.add(
      '// WebhookVerificationError says why a webhook was refused.\ntype WebhookVerificationError = webhooks.VerificationError',
    );
  }
  for (const [fn, type] of [
    ['String', 'string'],
    ['Int', 'int64'],
    ['Float', 'float64'],
    ['Bool', 'bool'],
  ] as const) {
    file.add(
      `// ${fn} returns a param.Opt that sends v.\nfunc ${fn}(v ${type}) param.Opt[${type}] {\n\treturn param.NewOpt(v)\n}`,
    );
  }
  file.add(
    '// File names the bytes of r as an upload (an empty contentType sends application/octet-stream).\nfunc File(r io.Reader, filename string, contentType string) io.Reader {\n\treturn param.File(r, filename, contentType)\n}',
  );
  return file;
}

/** `webhooks.go`: verifying webhooks, and the types of their payloads. */
export function emitWebhooks(model: ApiModel, plan: GoPlan, types: GoTypes): GoFile | undefined {
  const hooks = [...model.webhooks, ...model.callbacks];
  if (hooks.length === 0) return undefined;
  const scheme = model.client.webhookScheme ?? 'standard';
  const file = new GoFile('webhooks.go', plan.options.packageName, plan.options.modulePath);
  for (const f of ['context', 'encoding/json', 'net/http', 'slices', 'time']) file.use(f);
  file.useLocal('option');
  file.useLocal('internal/requestconfig');
  file.useLocal('internal/webhooks');
  const schemeText = {
    standard: 'Standard Webhooks',
    github: "GitHub's X-Hub-Signature-256",
    stripe: "Stripe's Stripe-Signature",
  }[scheme];
  file.add(
    `// WebhookService verifies the webhooks the API sends (${schemeText} signatures).\ntype WebhookService struct {\n\tOptions []option.RequestOption\n}`,
  );
  file.add(
    '// NewWebhookService returns the service with options (the secret: option.WithWebhookSecret).\nfunc NewWebhookService(opts ...option.RequestOption) (r WebhookService) {\n\tr.Options = opts\n\treturn\n}',
  );
  file.add(
    `// Verify checks the signature of a webhook's payload and headers with the webhook secret.\nfunc (r *WebhookService) Verify(payload []byte, headers http.Header, opts ...option.RequestOption) error {\n\tcfg, err := requestconfig.NewRequestConfig(context.Background(), "", slices.Concat(r.Options, opts)...)\n\tif err != nil {\n\t\treturn err\n\t}\n\treturn webhooks.Verify(${goStr(scheme)}, payload, headers, cfg.WebhookSecret, webhooks.DefaultTolerance, time.Now())\n}`,
  );
  file.add(
    '// Unwrap verifies a webhook and returns its payload, to decode into its event type.\nfunc (r *WebhookService) Unwrap(payload []byte, headers http.Header, opts ...option.RequestOption) (json.RawMessage, error) {\n\tif err := r.Verify(payload, headers, opts...); err != nil {\n\t\treturn nil, err\n\t}\n\treturn json.RawMessage(payload), nil\n}',
  );
  for (const hook of hooks) {
    const content = hook.requestBody?.content.find((c) => c.kind === 'json');
    if (content === undefined) continue;
    const candidate = goIdent(`${hook.methodName} webhook event`, { casings: plan.casings });
    const before = new Set(types.infos.keys());
    const t = types.typeOf(content.schema, { side: 'response', hint: candidate, file });
    typeImports(t, file);
    if (t.kind === 'named' && !before.has(t.name)) continue;
    const alias = types.claim(`webhook:${hook.key}`, `${hook.methodName} webhook event`);
    file.add(`// ${alias} is the payload of the ${inline(hook.methodName)} webhook.\ntype ${alias} = ${typeExpr(t)}`);
  }
  return file;
}

/** Spec text inside a one-line comment: escaped as in a string literal (no line break survives). */
export function inline(text: string): string {
  return goStr(text).slice(1, -1);
}

export function goMod(modulePath: string): string {
  return `module ${modulePath}\n\ngo ${GO_DIRECTIVE}\n`;
}
