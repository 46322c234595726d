// Code samples for one operation in curl, the generated TypeScript SDK, the generated Python SDK
// and the generated CLI. The SDK samples are planned by the SDK generators themselves, through
// their public naming entries (`typescript/naming.ts`, `python/naming.ts`: plan, method shape,
// spellers), so a sample names exactly the client class, resource chain, method and arguments the
// generated package has. Samples are plain text here; the page escapes them like any other text.

import type { ApiModel, AuthScheme, JsonValue, Operation, Parameter } from '../model/types.ts';
import { isEventStream, pathTemplateParts, requestContent } from '../core/method.ts';
import { methodTargets } from '../core/resources.ts';
import { mcpServerNames, type McpServerNames } from '../mcp/naming.ts';
import { cliBinaryName, planCommands, type CliFlag, type CliGroup, type CliMethod } from '../cli/naming.ts';
import {
  id as tsId,
  methodShape as tsMethodShape,
  num as tsNum,
  objKey,
  planSdk as tsPlanSdk,
  resolveOptions as tsResolveOptions,
  str as tsStr,
  type MethodPlan as TsMethodPlan,
  type ResourcePlan as TsResourcePlan,
  type SdkPlan as TsSdkPlan,
} from '../typescript/naming.ts';
import {
  id as pyId,
  join as pyJoin,
  MethodShapes as PyMethodShapes,
  num as pyNum,
  planSdk as pyPlanSdk,
  py,
  PyWriter,
  resolveOptions as pyResolveOptions,
  str as pyStr,
  type MethodPlan as PyMethodPlan,
  type Py,
  type ResourcePlan as PyResourcePlan,
  type SdkPlan as PySdkPlan,
} from '../python/naming.ts';
import { clientCredentialsFlowOf, type ClientCredentialsFlow } from '../core/client.ts';
import { goOperationSamples, resolveOptions as goResolveOptions } from '../go/index.ts';
import { displayExample, exampleOf, fromJson, requestExample, toJson, type Example } from './examples.ts';
import { encodeUriComponentSafe } from '../names/well-formed.ts';
import { DELIVERABLES, type Deliverable } from './types.ts';
import { shellQuote } from './bundle/shell-quote.ts';

export type SampleLanguage = 'curl' | 'typescript' | 'python' | 'go' | 'cli';
export const SAMPLE_LANGUAGES: readonly { lang: SampleLanguage; label: string }[] = [
  { lang: 'curl', label: 'curl' },
  { lang: 'typescript', label: 'TypeScript' },
  { lang: 'python', label: 'Python' },
  { lang: 'go', label: 'Go' },
  { lang: 'cli', label: 'CLI' },
];

export interface OperationSamples {
  curl: string;
  /** Absent when the operation is not a method of the SDKs (no resource maps it). */
  typescript?: string;
  python?: string;
  /** A whole `package main` program calling the generated Go module. */
  go?: string;
  cli?: string;
  /** `client.pets.retrieve` (for tests and the search index). */
  typescriptChain?: string[];
  pythonChain?: string[];
  cliCommand?: string[];
}

export interface SdkNames {
  typescript: { packageName: string; clientClass: string; envVars: string[] };
  python: { packageName: string; moduleName: string; clientClass: string; envVars: string[] };
  go: { modulePath: string; packageName: string };
  cli: { bin: string };
  mcp: McpServerNames;
}

const SAFE_ENV = /^[A-Za-z_][A-Za-z0-9_]*$/;

export { shellQuote };

function exampleText(example: Example): string {
  if (example.t === 'str') return example.v;
  if (example.t === 'num' || example.t === 'bool') return String(example.v);
  if (example.t === 'null') return 'null';
  return JSON.stringify(toJson(example));
}

/** A parameter's example: its own `example(s)` when a plain value, else one built from its schema. */
export function parameterExample(model: ApiModel, param: Parameter): Example {
  const given = param.examples?.[0];
  if (
    typeof given === 'string' ||
    typeof given === 'boolean' ||
    (typeof given === 'number' && Number.isFinite(given))
  ) {
    const built = exampleOf(model, param.schema, 'request');
    // Only when it has the type the SDKs expect for the parameter.
    if (
      (built.t === 'str' && typeof given === 'string') ||
      (built.t === 'num' && typeof given === 'number') ||
      (built.t === 'bool' && typeof given === 'boolean')
    )
      return fromJson(given);
    return built;
  }
  // An array of plain values, when its items have the type the schema's items do.
  if (Array.isArray(given) && given.length > 0) {
    const built = exampleOf(model, param.schema, 'request');
    const item = built.t === 'arr' ? built.items[0] : undefined;
    const same = (value: JsonValue): boolean =>
      (item?.t === 'str' && typeof value === 'string') ||
      (item?.t === 'num' && typeof value === 'number' && Number.isFinite(value)) ||
      (item?.t === 'bool' && typeof value === 'boolean');
    if (given.every(same)) return fromJson(given);
    return built;
  }
  return exampleOf(model, param.schema, 'request');
}

/** A property of an object literal in a TypeScript sample: its key as written, and its value. */
type TsProperty = [key: string, value: Example];

// The layout the TypeScript printer gives these expressions (the samples used to be printed by it,
// and the goldens and a test against it hold them to it): an object literal is on one line with at
// most one property, else one property a line; every array and object literal, on one line or
// not, indents what is inside it one more level (4 spaces), so a multi-line object inside an array
// has its properties two levels deeper than the array's line. `level` counts those literals around
// the expression.
const INDENT = ['', '    ', '        ', '            ', '                '];
const pad = (level: number): string => INDENT[level] ?? '    '.repeat(level);

/** An example value as a TypeScript expression. */
export function tsValue(example: Example, level: number): string {
  switch (example.t) {
    case 'str':
      return tsStr(example.v);
    case 'num':
      return tsNum(example.v);
    case 'bool':
      return example.v ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'file':
      return `new Blob([${tsStr('file contents')}])`;
    case 'arr':
      return `[${example.items.map((item) => tsValue(item, level + 1)).join(', ')}]`;
    case 'obj':
      return tsObject(
        example.entries.map(([k, v]) => [objKey(k), v]),
        level,
      );
  }
}

function tsObject(props: TsProperty[], level: number): string {
  if (props.length === 0) return '{}';
  if (props.length === 1) {
    const [key, value] = props[0] as TsProperty;
    return `{ ${key}: ${tsValue(value, level + 1)} }`;
  }
  const inner = pad(level + 1);
  return `{\n${props.map(([key, value]) => `${inner}${key}: ${tsValue(value, level + 1)}`).join(',\n')}\n${pad(level)}}`;
}

interface TsTarget {
  trail: TsResourcePlan[];
  method: TsMethodPlan;
}
interface PyTarget {
  trail: PyResourcePlan[];
  method: PyMethodPlan;
}
interface CliTarget {
  words: string[];
  method: CliMethod;
}

/** The first command of each operation, with the group words leading to it. */
function cliTargets(groups: CliGroup[]): Map<string, CliTarget> {
  const out = new Map<string, CliTarget>();
  const walk = (level: CliGroup[], words: string[]): void => {
    for (const group of level) {
      const path = [...words, group.word];
      for (const method of group.methods)
        if (!out.has(method.sdk.op.key)) out.set(method.sdk.op.key, { words: path, method });
      walk(group.groups, path);
    }
  };
  walk(groups, []);
  return out;
}

export class SampleBuilder {
  readonly #model: ApiModel;
  readonly #ts: TsSdkPlan;
  readonly #py: PySdkPlan;
  readonly #pyShapes: PyMethodShapes;
  readonly #tsTargets: Map<string, TsTarget>;
  readonly #pyTargets: Map<string, PyTarget>;
  readonly #cliTargets: Map<string, CliTarget>;
  readonly #schemes: Map<string, AuthScheme>;
  readonly #baseUrl: string;
  #tsPrelude: string | undefined;
  #go: ReturnType<typeof goOperationSamples> | undefined;
  readonly names: SdkNames;
  /** The deliverables whose samples and names the docs show. */
  readonly delivered: ReadonlySet<Deliverable>;

  constructor(model: ApiModel, delivered: ReadonlySet<Deliverable> = new Set(DELIVERABLES)) {
    this.#model = model;
    this.delivered = delivered;
    this.#ts = tsPlanSdk(model, tsResolveOptions(model));
    this.#py = pyPlanSdk(model, pyResolveOptions(model));
    this.#pyShapes = new PyMethodShapes(model, this.#py);
    this.#tsTargets = methodTargets(this.#ts.resources);
    this.#pyTargets = methodTargets(this.#py.resources);
    this.#cliTargets = cliTargets(planCommands(model, this.#ts));
    this.#schemes = new Map(model.authSchemes.map((s) => [s.key, s]));
    this.#baseUrl = baseUrlOf(model);
    const envVars = model.authOptions
      .map((o) => o.envVar)
      .filter((v): v is string => v !== undefined && SAFE_ENV.test(v));
    this.names = {
      typescript: { packageName: this.#ts.options.packageName, clientClass: this.#ts.options.clientClass, envVars },
      python: {
        packageName: this.#py.options.packageName,
        moduleName: this.#py.options.moduleName,
        clientClass: this.#py.options.clientClass,
        envVars,
      },
      go: goNames(model),
      cli: { bin: cliBinaryName(model) },
      mcp: mcpServerNames(model, this.#ts),
    };
  }

  readonly #cache = new Map<string, OperationSamples>();
  #resourceTitles: Map<string, string> | undefined;

  /** The TypeScript SDK's class name of the resource at `path` (raw names), e.g. `TransferIn` for `transfer_in`. */
  resourceTitle(path: readonly string[]): string | undefined {
    if (this.#resourceTitles === undefined) {
      const titles = new Map<string, string>();
      const walk = (plans: TsResourcePlan[]): void => {
        for (const plan of plans) {
          titles.set(plan.resource.path.join('\u0000'), plan.className);
          walk(plan.children);
        }
      };
      walk(this.#ts.resources);
      this.#resourceTitles = titles;
    }
    return this.#resourceTitles.get(path.join('\u0000'));
  }

  /** The SDK method of an operation: its name and the call (`client.transferIn.create`), when a resource maps it. */
  sdkMethod(op: Operation): { name: string; call: string } | undefined {
    const target = this.#tsTargets.get(op.key);
    if (target === undefined) return undefined;
    return {
      name: target.method.name,
      call: ['client', ...target.trail.map((r) => r.propName), target.method.name].join('.'),
    };
  }

  samples(op: Operation): OperationSamples {
    const cached = this.#cache.get(op.key);
    if (cached !== undefined) return cached;
    const out: OperationSamples = { curl: this.curl(op) };
    this.#cache.set(op.key, out);
    const tsTarget = this.delivered.has('typescript') ? this.#tsTargets.get(op.key) : undefined;
    if (tsTarget) {
      out.typescript = this.typescript(tsTarget);
      out.typescriptChain = ['client', ...tsTarget.trail.map((r) => r.propName), tsTarget.method.name];
    }
    const pyTarget = this.delivered.has('python') ? this.#pyTargets.get(op.key) : undefined;
    if (pyTarget) {
      out.python = this.python(pyTarget);
      out.pythonChain = ['client', ...pyTarget.trail.map((r) => r.attr), pyTarget.method.name];
    }
    const go = this.delivered.has('go') ? this.goSample(op) : undefined;
    if (go !== undefined) out.go = go;
    const cliTarget = this.delivered.has('cli') ? this.#cliTargets.get(op.key) : undefined;
    if (cliTarget) {
      const command = this.cliCommand(cliTarget);
      out.cli = command.map(shellQuote).join(' ');
      out.cliCommand = command;
    }
    return out;
  }

  /** The Go sample of an operation: a whole program, when a resource maps it. */
  goSample(op: Operation): string | undefined {
    return this.#goPrograms().programs.get(op.key)?.trimEnd();
  }

  /**
   * The Go programs of every operation, written by the Go generator itself (its plan, names and
   * module path) with the values the other samples take: parameter examples and `requestExample`.
   */
  #goPrograms(): ReturnType<typeof goOperationSamples> {
    const model = this.#model;
    this.#go ??= goOperationSamples(model, (op) => {
      const content = requestContent(op, model)?.content;
      return {
        param: (param) => parameterExample(model, param),
        body: content !== undefined ? requestExample(model, content) : undefined,
      };
    });
    return this.#go;
  }

  // ---- curl -----------------------------------------------------------------------------------

  curl(op: Operation): string {
    const model = this.#model;
    const pathParam = (name: string): Parameter | undefined => op.parameters.path.find((p) => p.name === name);
    let path = pathTemplateParts(op.path, (name) => pathParam(name) !== undefined)
      .map((part) =>
        part.kind === 'literal'
          ? part.text
          : encodeUriComponentSafe(exampleText(parameterExample(model, pathParam(part.name) as Parameter))),
      )
      .join('');
    const query = new URLSearchParams();
    for (const param of op.parameters.query.filter((p) => p.required)) {
      const example = parameterExample(model, param);
      // An array as its style says: `tag=a&tag=b` (form, exploded) or one value joined by `,`, ` ` or `|`.
      if (example.t === 'arr' && example.items.every((item) => item.t !== 'arr' && item.t !== 'obj')) {
        const items = example.items.map(exampleText);
        if (param.style === 'form' && param.explode) for (const item of items) query.append(param.name, item);
        else
          query.append(
            param.name,
            items.join(param.style === 'spaceDelimited' ? ' ' : param.style === 'pipeDelimited' ? '|' : ','),
          );
      } else query.append(param.name, exampleText(example));
    }
    const lines: string[] = [];
    const headers: string[] = [];
    let prelude = '';
    const requirement = op.security[0];
    const flow = clientCredentialsFlowOf(model, model.client.envPrefix);
    for (const { scheme: key } of requirement?.schemes ?? []) {
      const scheme = this.#schemes.get(key);
      if (scheme?.type === 'oauth2' && flow?.scheme === key) {
        // As the SDKs do: a token from the token URL (id and secret as HTTP Basic, the grant as a
        // form), then the call with it.
        prelude = this.#tokenRequest(flow, flow.scopes);
        headers.push('"Authorization: Bearer $TOKEN"');
        continue;
      }
      const envVar = model.authOptions.find((o) => o.scheme === key)?.envVar;
      const secret = envVar !== undefined && SAFE_ENV.test(envVar) ? `$${envVar}` : undefined;
      const quoted = (text: string): string => (secret !== undefined ? `"${text}"` : shellQuote(text));
      if (scheme === undefined) continue;
      if (scheme.type === 'http' && scheme.scheme === 'basic')
        lines.push(`--user ${secret !== undefined ? `"${secret}"` : shellQuote('username:password')}`);
      else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
        const word =
          scheme.type === 'http' && scheme.scheme !== 'bearer'
            ? scheme.scheme.replace(/^./, (c) => c.toUpperCase())
            : 'Bearer';
        headers.push(quoted(`Authorization: ${word} ${secret ?? 'TOKEN'}`));
      } else if (scheme.type === 'apiKey') {
        if (scheme.in === 'header')
          headers.push(
            secret !== undefined && /^[A-Za-z0-9-]+$/.test(scheme.paramName)
              ? `"${scheme.paramName}: ${secret}"`
              : shellQuote(`${scheme.paramName}: API_KEY`),
          );
        else if (scheme.in === 'query') query.append(scheme.paramName, 'API_KEY');
        else lines.push(`--cookie ${shellQuote(`${scheme.paramName}=API_KEY`)}`);
      }
    }
    for (const param of op.parameters.header.filter((p) => p.required))
      headers.push(shellQuote(`${param.name}: ${exampleText(parameterExample(model, param))}`));
    const cookies = op.parameters.cookie
      .filter((p) => p.required)
      .map((p) => `${p.name}=${exampleText(parameterExample(model, p))}`);
    if (cookies.length > 0) lines.push(`--cookie ${shellQuote(cookies.join('; '))}`);
    const content = requestContent(op, this.#model)?.content;
    if (content) {
      // The description's own example of the body when it gives one, else one built from the schema.
      const body =
        content.kind === 'json'
          ? fromJson(displayExample(model, content.examples, content.schema, 'request'))
          : exampleOf(model, content.schema, 'request');
      if (content.kind === 'multipart' && body.t === 'obj') {
        for (const [k, v] of body.entries)
          lines.push(`--form ${shellQuote(`${k}=${v.t === 'file' ? '@file.bin' : exampleText(v)}`)}`);
      } else if (content.kind === 'form' && body.t === 'obj') {
        headers.push(shellQuote(`Content-Type: ${content.mediaType}`));
        for (const [k, v] of body.entries) lines.push(`--data-urlencode ${shellQuote(`${k}=${exampleText(v)}`)}`);
      } else if (content.kind === 'binary' || content.kind === 'other' || body.t === 'file') {
        headers.push(shellQuote(`Content-Type: ${content.mediaType}`));
        lines.push(`--data-binary ${shellQuote('@file.bin')}`);
      } else {
        headers.push(shellQuote(`Content-Type: ${content.mediaType}`));
        lines.push(
          `--data ${shellQuote(content.kind === 'json' ? JSON.stringify(toJson(body), null, 2) : exampleText(body))}`,
        );
      }
    }
    const qs = query.toString();
    if (qs !== '') path += `?${qs}`;
    const first = `curl --request ${op.method.toUpperCase()} \\\n  --url ${shellQuote(this.#baseUrl + path)}`;
    const rest = [...headers.map((h) => `--header ${h}`), ...lines];
    return prelude + (rest.length === 0 ? first : `${first} \\\n${rest.map((l) => `  ${l}`).join(' \\\n')}`);
  }

  /** `TOKEN=$(curl … token URL …)` and a blank line: the client-credentials token request the SDKs make. */
  #tokenRequest(flow: ClientCredentialsFlow, scopes: string[]): string {
    let url = flow.tokenUrl;
    try {
      url = new URL(flow.tokenUrl, this.#baseUrl).href;
    } catch {
      // Left as written; the sample shows what the description says.
    }
    const env = (name: string, fallback: string): string => (SAFE_ENV.test(name) ? `$${name}` : fallback);
    const parts = [
      'TOKEN=$(curl --silent --request POST',
      `--url ${shellQuote(url)}`,
      `--user "${env(flow.clientIdEnv, 'CLIENT_ID')}:${env(flow.clientSecretEnv, 'CLIENT_SECRET')}"`,
      '--data grant_type=client_credentials',
      ...(scopes.length > 0 ? [`--data-urlencode ${shellQuote(`scope=${scopes.join(' ')}`)}`] : []),
    ];
    return `${parts.join(' \\\n  ')} \\\n  | jq -r .access_token)\n\n`;
  }

  // ---- TypeScript -----------------------------------------------------------------------------

  typescript({ trail, method }: TsTarget): string {
    const model = this.#model;
    const { clientClass, packageName } = this.#ts.options;
    const shape = tsMethodShape(model, method);
    const args: string[] = shape.pathArgs.map(({ param }) => tsValue(parameterExample(model, param), 0));
    if (shape.hasParams && shape.paramsRequired) {
      const props: TsProperty[] = shape.fields
        .filter((x) => x.param.required)
        .map((x) => [objKey(x.key), parameterExample(model, x.param)]);
      if (shape.body?.flatten) {
        const body = requestExample(model, shape.body.content);
        if (body.t === 'obj') for (const [k, v] of body.entries) props.push([objKey(k), v]);
      } else if (shape.body?.required) {
        const kind = shape.body.kind;
        const value: Example =
          kind === 'binary'
            ? { t: 'file' }
            : kind === 'text'
              ? { t: 'str', v: 'text' }
              : requestExample(model, shape.body.content);
        props.push([objKey(shape.body.key), value]);
      }
      args.push(tsObject(props, 0));
    }
    const call = `${['client', ...trail.map((step) => tsId(step.propName)), tsId(method.name)].join('.')}(${args.join(', ')})`;
    const forAwait = (name: string, iterable: string): string =>
      `for await (const ${name} of ${iterable}) {\n    console.log(${name});\n}`;
    let statements: string;
    if (shape.pagination) statements = forAwait('item', call);
    else if (isEventStream(shape.response.kind)) statements = forAwait('event', `await ${call}`);
    else if (shape.response.kind === 'none') statements = `await ${call};`;
    else statements = `const result = await ${call};\nconsole.log(result);`;
    this.#tsPrelude ??= this.#tsPreludeLines(clientClass, packageName);
    return `${this.#tsPrelude}\n${statements}`;
  }

  /** The import and the client construction: the same for every operation, so written once. */
  #tsPreludeLines(clientClass: string, packageName: string): string {
    const model = this.#model;
    const needsCredential = model.authOptions.findIndex(
      (o) => o.required && (o.envVar === undefined || !SAFE_ENV.test(o.envVar)),
    );
    const ctorArgs =
      needsCredential >= 0
        ? `{ ${tsId(this.#ts.authIdents[needsCredential] as string)}: ${tsStr('My credential')} }`
        : '';
    return `import ${tsId(clientClass)} from ${tsStr(packageName)};\n\nconst client = new ${tsId(clientClass)}(${ctorArgs});\n`;
  }

  // ---- Python ---------------------------------------------------------------------------------

  #pyValue(example: Example): Py {
    switch (example.t) {
      case 'str':
        return pyStr(example.v);
      case 'num':
        return pyNum(example.v);
      case 'bool':
        return example.v ? py`True` : py`False`;
      case 'null':
        return py`None`;
      case 'file':
        return py`b"file contents"`;
      case 'arr':
        return py`[${pyJoin(example.items.map((e) => this.#pyValue(e)))}]`;
      case 'obj':
        return py`{${pyJoin(example.entries.map(([k, v]) => py`${pyStr(k)}: ${this.#pyValue(v)}`))}}`;
    }
  }

  python({ trail, method }: PyTarget): string {
    const model = this.#model;
    const { clientClass, moduleName } = this.#py.options;
    const shape = this.#pyShapes.of(method);
    const args: Py[] = shape.pathArgs.map((a) => this.#pyValue(parameterExample(model, a.param)));
    for (const a of shape.pathKeywords)
      args.push(py`${pyId(a.ident)}=${this.#pyValue(parameterExample(model, a.param))}`);
    const pickedBody = shape.body ? requestContent(method.op, this.#model)?.content : undefined;
    const bodyExample = pickedBody ? requestExample(model, pickedBody) : undefined;
    const params = method.op.parameters;
    // By name, once: an operation may have thousands of parameters (a find per argument was quadratic).
    const byName = (list: Parameter[]): Map<string, Parameter> => {
      const map = new Map<string, Parameter>();
      for (const p of list) if (!map.has(p.name)) map.set(p.name, p);
      return map;
    };
    const [query, header, cookie] = [byName(params.query), byName(params.header), byName(params.cookie)];
    const keyword: { a: { ident: string; key: string; required: boolean }; list: Map<string, Parameter> }[] = [
      ...shape.query.map((a) => ({ a, list: query })),
      ...shape.headers.map((a) => ({ a, list: header })),
      ...shape.cookies.map((a) => ({ a, list: cookie })),
    ];
    for (const { a, list } of keyword) {
      const param = list.get(a.key);
      if (a.required && param) args.push(py`${pyId(a.ident)}=${this.#pyValue(parameterExample(model, param))}`);
    }
    if (shape.body?.mode === 'fields') {
      const entries = bodyExample?.t === 'obj' ? new Map(bodyExample.entries) : new Map<string, Example>();
      // The required fields, and every other one the description's example gives.
      for (const field of shape.body.fields.filter((x) => x.required || entries.has(x.key)))
        args.push(py`${pyId(field.ident)}=${this.#pyValue(entries.get(field.key) ?? { t: 'null' })}`);
    } else if (shape.body?.mode === 'whole' && shape.body.arg.required) {
      const kind = shape.body.kind;
      const example: Example =
        kind === 'binary' ? { t: 'file' } : kind === 'text' ? { t: 'str', v: 'text' } : (bodyExample ?? { t: 'null' });
      args.push(py`${pyId(shape.body.arg.ident)}=${this.#pyValue(example)}`);
    }
    const chain = pyJoin([py`client`, ...trail.map((r) => pyId(r.attr)), pyId(method.name)], '.');
    const call = py`${chain}(${pyJoin(args)})`;
    const w = new PyWriter();
    w.line(py`from ${pyId(moduleName)} import ${pyId(clientClass)}`);
    w.blank();
    const needsCredential = model.authOptions.findIndex(
      (o) => o.required && (o.envVar === undefined || !SAFE_ENV.test(o.envVar)),
    );
    w.line(
      needsCredential >= 0
        ? py`client = ${pyId(clientClass)}(${pyId(this.#py.authIdents[needsCredential] as string)}=${pyStr('My credential')})`
        : py`client = ${pyId(clientClass)}()`,
    );
    w.blank();
    if (shape.pagination) w.block(py`for item in ${call}:`, () => w.line(py`print(item)`));
    else if (isEventStream(shape.response.kind))
      w.block(py`with ${call} as stream:`, () => w.block(py`for event in stream:`, () => w.line(py`print(event)`)));
    else if (shape.response.kind === 'none') w.line(call);
    else {
      w.line(py`result = ${call}`);
      w.line(py`print(result)`);
    }
    return w.toString().trimEnd();
  }

  // ---- CLI ------------------------------------------------------------------------------------

  /** argv of the CLI call, in the generated CLI's words and flag names: `<bin> <group> [<sub>…] <command> --flag value`. */
  cliCommand({ words, method }: CliTarget): string[] {
    const model = this.#model;
    const argv = [this.names.cli.bin, ...words, method.word];
    const flag = (name: string, example: Example): void => {
      argv.push(`--${name}`, example.t === 'file' ? '@file.bin' : exampleText(example));
    };
    const named = (location: CliFlag['in'], key: string): CliFlag | undefined =>
      method.flags.find((f) => f.in === location && f.key === key);
    for (const { param } of method.shape.pathArgs) {
      const found = named('path', param.name);
      if (found) flag(found.name, parameterExample(model, param));
    }
    for (const field of method.shape.fields) {
      if (!field.param.required || (field.param.in !== 'query' && field.param.in !== 'header')) continue;
      const found = named(field.param.in, field.key);
      if (found) flag(found.name, parameterExample(model, field.param));
    }
    const body = method.shape.body;
    if (body) {
      const example = requestExample(model, body.content);
      if (body.flatten && example.t === 'obj') {
        for (const [key, value] of example.entries) {
          const found = named('body', key);
          if (found) flag(found.name, value);
        }
      } else if (!body.flatten && body.required) flag('data', example);
    }
    return argv;
  }
}

function goNames(model: ApiModel): { modulePath: string; packageName: string } {
  const { modulePath, packageName } = goResolveOptions(model);
  return { modulePath, packageName };
}

/** The default base URL: the first environment, else the first server with variable defaults. */
export function baseUrlOf(model: ApiModel): string {
  const env = model.environments[0]?.url;
  const server = model.servers[0];
  let url = env ?? server?.url ?? '';
  if (env === undefined && server) for (const v of server.variables) url = url.split(`{${v.name}}`).join(v.default);
  // A relative server URL is resolved against a placeholder host; anything else that is not http(s) is not shown.
  if (!/^https?:\/\/[^\s]+$/i.test(url))
    url = url.startsWith('/') && !url.startsWith('//') ? `https://api.example.com${url}` : 'https://api.example.com';
  return url.replace(/\/+$/, '');
}
