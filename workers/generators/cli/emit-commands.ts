// `src/commands.ts`: the per-API command table the runtime in `src/cli/` reads. It is written as
// text with ts-source.ts, in the form the TypeScript printer gave for the `ts.factory` nodes this
// file used to build (byte for byte), so every string from the description is a `str` literal
// (the printer's escaping, ASCII-only output), every key goes through `objKey`, every name through
// `id`, and every call goes to a real SDK method, checked by the compiler in the tests.

import type { ApiModel, AuthScheme } from '../model/types.ts';
import type { SdkPlan } from '../typescript/naming.ts';
import {
  arrayInline,
  arrayLines,
  id,
  importDecl,
  num,
  objectInline,
  objectLines,
  objKey,
  printModule,
  str,
} from '../printers/ts-source.ts';
import type { GeneratedFile } from '../core/files.ts';
import { credentialEnv } from '../core/client.ts';
import { clip, type CliFlag, type CliGroup, type CliMethod } from './plan.ts';
import type { ResolvedCliOptions } from './types.ts';

type Entry = [string, string | undefined];

/** An object literal of the entries that have a value, one property a line unless `multiLine` is false. */
function obj(entries: Entry[], multiLine = true): string {
  const properties = entries
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([key, value]) => `${objKey(key)}: ${value}`);
  return multiLine ? objectLines(properties) : objectInline(properties);
}

const text = (value: string | undefined): string | undefined => (value === undefined ? undefined : str(value));
const flag = (value: boolean): string | undefined => (value ? 'true' : undefined);
const bool = (value: boolean): string => (value ? 'true' : 'false');
const arr = (items: string[], multiLine = false): string => (multiLine ? arrayLines(items) : arrayInline(items));

function literal(value: string | number | boolean): string {
  if (typeof value === 'string') return str(value);
  if (typeof value === 'boolean') return bool(value);
  return Number.isFinite(value) ? num(value) : str(String(value));
}

function flagSpec(item: CliFlag): string {
  return obj(
    [
      ['name', str(item.name)],
      ['key', str(item.key)],
      ['in', str(item.in)],
      ['type', str(item.type)],
      ['multiple', flag(item.multiple)],
      ['required', flag(item.required)],
      ['description', text(item.description)],
      ['choices', item.choices ? arr(item.choices.map(literal)) : undefined],
      ['defaultText', text(item.defaultText)],
      ['deprecated', flag(item.deprecated)],
    ],
    false,
  );
}

/** `(client, path, params) => client.a.b.method(path[0] as never, params as never)`. */
function callExpression(method: CliMethod, clientClass: string): string {
  const { shape } = method;
  const target = ['client', ...method.access, method.sdk.name].map(id).join('.');
  const args = shape.pathArgs.map((_, i) => `path[${i}] as never`);
  if (shape.hasParams) args.push('params as never');
  const parameters = [`client: ${id(clientClass)}`];
  if (shape.pathArgs.length > 0 || shape.hasParams) parameters.push('path: readonly unknown[]');
  if (shape.hasParams) parameters.push('params: Record<string, unknown>');
  return `(${parameters.join(', ')}): unknown => ${target}(${args.join(', ')})`;
}

function methodSpec(method: CliMethod, clientClass: string): string {
  const { shape, sdk } = method;
  const op = sdk.op;
  const body = shape.body
    ? obj(
        [
          ['mode', str(shape.body.flatten ? 'fields' : 'whole')],
          ['key', shape.body.flatten ? undefined : str(shape.body.key)],
          ['kind', str(shape.body.kind)],
          ['required', bool(shape.body.required)],
          ['description', text(clip(op.requestBody?.description?.replace(/\s+/g, ' '), 400))],
        ],
        false,
      )
    : undefined;
  const response = {
    json: undefined,
    text: 'text',
    binary: 'binary',
    'event-stream': 'stream',
    'event-stream-text': 'stream',
    none: 'none',
  }[shape.response.kind];
  const deprecation = sdk.deprecated ?? (op.deprecated ? (op.deprecationMessage ?? true) : undefined);
  const summary = clip(op.summary?.replace(/\s+/g, ' '), 300);
  return obj([
    ['name', str(method.word)],
    ['summary', text(summary)],
    ['description', text(clip(op.description, 4000))],
    ['http', str(`${op.method.toUpperCase()} ${op.path}`)],
    ['flags', arr(method.flags.map(flagSpec), method.flags.length > 0)],
    ['body', body],
    ['paginated', flag(shape.pagination !== undefined)],
    ['response', text(response)],
    [
      'deprecated',
      deprecation === undefined || deprecation === false
        ? undefined
        : typeof deprecation === 'string'
          ? str(deprecation)
          : 'true',
    ],
    ['call', callExpression(method, clientClass)],
  ]);
}

function groupSpec(group: CliGroup, clientClass: string): string {
  return obj([
    ['name', str(group.word)],
    ['description', text(group.description)],
    [
      'groups',
      arr(
        group.groups.map((g) => groupSpec(g, clientClass)),
        group.groups.length > 0,
      ),
    ],
    [
      'methods',
      arr(
        group.methods.map((m) => methodSpec(m, clientClass)),
        group.methods.length > 0,
      ),
    ],
  ]);
}

function secrets(schemes: AuthScheme[]): { headers: string[]; query: string[] } {
  const headers = new Set<string>();
  const query = new Set<string>();
  for (const scheme of schemes) {
    if (scheme.type !== 'apiKey') continue;
    if (scheme.in === 'header') headers.add(scheme.paramName.toLowerCase());
    else if (scheme.in === 'query') query.add(scheme.paramName);
  }
  return { headers: [...headers].sort(), query: [...query].sort() };
}

export function emitCommands(
  model: ApiModel,
  sdk: SdkPlan,
  groups: CliGroup[],
  options: ResolvedCliOptions,
): GeneratedFile {
  const clientClass = id(sdk.options.clientClass);
  const prefix = sdk.options.envPrefix;
  const credentials = model.authOptions.map((option, i) => {
    const env = credentialEnv(model, prefix, i);
    return obj(
      [
        ['option', str(sdk.authIdents[i] as string)],
        ['env', arr(env.map((e) => str(e)))],
        ['required', bool(option.required)],
      ],
      false,
    );
  });
  // The OAuth2 client id and secret follow the credential options: `--client-id` / `--client-secret`, else the environment.
  const oauth = sdk.clientCredentials;
  const oauthOptions: [string, string, string][] =
    oauth === undefined
      ? []
      : [
          [oauth.idIdent, oauth.flow.clientIdEnv, 'client-id'],
          [oauth.secretIdent, oauth.flow.clientSecretEnv, 'client-secret'],
        ];
  for (const [option, env, flag] of oauthOptions)
    credentials.push(
      obj(
        [
          ['option', str(option)],
          ['env', arr([str(env)])],
          ['required', bool(false)],
          ['flag', str(flag)],
        ],
        false,
      ),
    );
  const clientOptions = obj([
    ...model.authOptions.map((_, i): Entry => [sdk.authIdents[i] as string, `setup.credentials[${i}]`]),
    ...oauthOptions.map(([option], i): Entry => [option, `setup.credentials[${model.authOptions.length + i}]`]),
    ['baseURL', 'setup.baseURL'],
    ['fetch', 'setup.fetch'],
    ['maxRetries', 'setup.maxRetries'],
  ]);
  const createClient = `(setup: cli.ClientSetup): ${clientClass} => new ${clientClass}(${clientOptions})`;
  const secret = secrets(model.authSchemes);
  const program = obj([
    ['name', str(options.binaryName)],
    ['version', str(options.version)],
    ['title', str(clip(model.info.title.replace(/\s+/g, ' '), 200) ?? clientClass)],
    ['description', text(clip(model.info.description, 1200))],
    ['envPrefix', str(prefix)],
    ['credentials', arr(credentials, credentials.length > 0)],
    ['secretHeaders', arr(secret.headers.map((h) => str(h)))],
    ['secretQuery', arr(secret.query.map((q) => str(q)))],
    ['defaultBaseURL', text(model.environments[0]?.url ?? model.servers[0]?.url)],
    ['createClient', createClient],
    [
      'groups',
      arr(
        groups.map((g) => groupSpec(g, clientClass)),
        groups.length > 0,
      ),
    ],
  ]);
  const statements = [
    // A namespace import: a client class can be named anything PascalCase, never `cli`.
    `import type * as cli from ${str('./cli/types.js')};`,
    importDecl([{ name: clientClass, typeOnly: false }], './sdk/client.js'),
    `export const program: cli.ProgramSpec<${clientClass}> = ${program};`,
  ];
  return {
    path: 'src/commands.ts',
    content: printModule(`The command table of the ${options.binaryName} CLI.`, statements),
  };
}
