// One module per resource: the resource class (methods in config order, subresources as
// properties) and the params / response types of its methods.

import { pathTemplateParts, responseAccept } from '../core/method.ts';
import type { ApiModel, Operation, PaginationScheme, Parameter, SchemaNode } from '../model/types.ts';
import { NameScope } from '../names/scope.ts';
import { tsIdent, tsTemplateChunk } from '../names/typescript.ts';
import { methodShape, type Field, type MethodShape } from './method-shape.ts';
import type { MethodPlan, ResourcePlan, SdkPlan } from './plan.ts';
import { memberNameNote, optionalMemberType, type TypeEmitter } from './schema-types.ts';
import {
  block,
  id,
  importDecl,
  intersection,
  kw,
  objectInline,
  objectLines,
  objKey,
  printModule,
  propName,
  str,
  typeLiteral,
  typeRef,
  unionOf,
  withDoc,
  type TypeCode,
} from '../printers/ts-source.ts';
import type { GeneratedFile } from '../core/files.ts';

function paramDoc(param: Parameter, note: string | undefined): string[] {
  const lines: string[] = [];
  if (param.description ?? param.schema.description)
    lines.push((param.description ?? param.schema.description) as string);
  if (note !== undefined) lines.push(note);
  if (param.deprecated) lines.push('@deprecated');
  return lines;
}

/** Names every object inherits: a params key named like one is read from an own-properties copy (`ownParams`). */
const OBJECT_PROTOTYPE_NAMES = new Set([
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
]);

/** `security` of a request: the operation's alternatives as scheme keys (mutual TLS left out: the transport carries it). */
function securityExpr(mutualTls: ReadonlySet<string>, op: Operation): string {
  const alternatives = op.security.map(
    (requirement) =>
      `[${requirement.schemes
        .filter((s) => !mutualTls.has(s.scheme))
        .map((s) => str(s.scheme))
        .join(', ')}]`,
  );
  return `[${alternatives.join(', ')}]`;
}

const questionIf = (optional: boolean): string => (optional ? '?' : '');

/** What a resource module collects while its members are written: core imports and exported declarations. */
class ModuleParts {
  /** core module -> name -> type-only */
  readonly coreImports = new Map<string, Map<string, boolean>>();
  readonly declarations: string[] = [];
  readonly exportedTypes: string[] = [];

  useCore(module: string, name: string, typeOnly: boolean): void {
    const names = this.coreImports.get(module) ?? new Map<string, boolean>();
    names.set(name, (names.get(name) ?? true) && typeOnly);
    this.coreImports.set(module, names);
  }

  declare(name: string, text: string): void {
    this.declarations.push(text);
    this.exportedTypes.push(name);
  }
}

export function emitResourceModule(
  model: ApiModel,
  plan: SdkPlan,
  types: TypeEmitter,
  resource: ResourcePlan,
  /** The types each subresource's module exports, by module (partner runs re-export them). */
  childTypes: ReadonlyMap<string, string[]> = new Map(),
): { file: GeneratedFile; exportedTypes: string[] } {
  const parts = new ModuleParts();
  parts.useCore('resource', 'APIResource', false);
  types.takeUsed();
  const mutualTls = new Set(model.authSchemes.filter((s) => s.type === 'mutualTLS').map((s) => s.key));
  const members = subresourceMembers(resource, parts);
  for (const method of resource.methods)
    members.push(methodMember(model, plan, types, mutualTls, method, methodShape(model, method), parts));
  const classDecl = block(`export class ${id(resource.className)} extends APIResource `, members);
  const imports = moduleImports(resource, types, parts);
  const reexports = plan.stainless ? childReexports(resource, childTypes) : [];
  const file = {
    path: `src/${resource.module}.ts`,
    content: printModule(`The ${resource.className} resource.`, [
      ...imports,
      classDecl,
      ...parts.declarations,
      ...reexports,
    ]),
  };
  return { file, exportedTypes: parts.exportedTypes };
}

/**
 * Partner runs: each subresource's class and types from this module too, as a Stainless SDK's
 * `<pkg>/resources/<resource>` has them (`MessageCreateParams` from `resources/agents`).
 */
function childReexports(resource: ResourcePlan, childTypes: ReadonlyMap<string, string[]>): string[] {
  const out: string[] = [];
  for (const child of resource.children) {
    out.push(`export { ${id(child.className)} };`);
    const names = childTypes.get(child.module) ?? [];
    if (names.length > 0)
      out.push(`export type { ${names.map((n) => id(n)).join(', ')} } from ${str(childPath(resource, child))};`);
  }
  return out;
}

/** A subresource's module relative to its parent's. */
const childPath = (resource: ResourcePlan, child: ResourcePlan): string =>
  `./${resource.module.split('/').pop() as string}/${child.module.split('/').pop() as string}.js`;

/** A property per subresource, and the constructor that creates them. */
function subresourceMembers(resource: ResourcePlan, parts: ModuleParts): string[] {
  const members: string[] = [];
  for (const child of resource.children) members.push(`readonly ${id(child.propName)}: ${id(child.className)};`);
  if (resource.children.length > 0) {
    parts.useCore('base-client', 'BaseClient', true);
    members.push(
      block('constructor(client: BaseClient) ', [
        'super(client);',
        ...resource.children.map((child) => `this.${id(child.propName)} = new ${id(child.className)}(client);`),
      ]),
    );
  }
  return members;
}

/** The method: its params type and response type declared beside the class, its signature and body. */
function methodMember(
  model: ApiModel,
  plan: SdkPlan,
  types: TypeEmitter,
  mutualTls: ReadonlySet<string>,
  method: MethodPlan,
  shape: MethodShape,
  parts: ModuleParts,
): string {
  const op = method.op;
  if (shape.hasParams) declareParams(types, method, shape, parts);
  const { resultType, returnType } = responseTypes(model, plan, types, method, shape, parts);
  parts.useCore('base-client', 'RequestOptions', true);
  const parameters: string[] = shape.pathArgs.map(
    ({ param, ident }) => `${id(ident)}: ${types.inputType(param.schema).text}`,
  );
  // Partner runs: optional params may be left out for request options (`list({ timeout })`), as in
  // a Stainless SDK; the method tells them apart by their keys (`isRequestOptions`).
  const optionsForParams = shape.hasParams && !shape.paramsRequired && plan.stainless;
  const pathParameters = [...parameters];
  if (shape.hasParams)
    parameters.push(
      optionsForParams
        ? `params: ${id(method.paramsType)} | RequestOptions = {}`
        : `params: ${id(method.paramsType)}${shape.paramsRequired ? '' : ' = {}'}`,
    );
  parameters.push('options?: RequestOptions');
  // Two overloads, as Stainless's SDKs declare them: `(params?, options?)` and `(options?)`.
  const overloads = optionsForParams
    ? [
        `${propName(method.name)}(${[...pathParameters, `params?: ${id(method.paramsType)}`, 'options?: RequestOptions'].join(', ')}): ${returnType.text};`,
        `${propName(method.name)}(${[...pathParameters, 'options?: RequestOptions'].join(', ')}): ${returnType.text};`,
      ]
    : [];
  const statements = methodStatements(plan, mutualTls, method, shape, resultType, parts);
  if (optionsForParams) {
    parts.useCore('base-client', 'isRequestOptions', false);
    const keys = [
      ...shape.fields.map((f) => f.key),
      ...(shape.body?.flatten ? shape.body.properties.map((p) => p.name) : []),
      ...(shape.body && !shape.body.flatten ? [shape.body.key] : []),
    ];
    const args = [...shape.pathArgs.map((a) => id(a.ident)), '{}', 'params'];
    statements.unshift(
      `if (isRequestOptions(params, [${keys.map(str).join(', ')}])) return this.${id(method.name)}(${args.join(', ')});`,
    );
  }
  const deprecation = method.deprecated ?? (op.deprecated ? (op.deprecationMessage ?? true) : undefined);
  const implementation = block(`${propName(method.name)}(${parameters.join(', ')}): ${returnType.text} `, statements);
  return withDoc([...overloads, implementation].join('\n'), [
    op.summary,
    op.description,
    `\`${op.method.toUpperCase()} ${op.path}\``,
    deprecation === undefined || deprecation === false
      ? undefined
      : typeof deprecation === 'string'
        ? `@deprecated ${deprecation}`
        : '@deprecated',
  ]);
}

/** `<Method>Params`: the query, header and cookie fields, and the body (flattened into it, or under its key). */
function declareParams(types: TypeEmitter, method: MethodPlan, shape: MethodShape, parts: ModuleParts): void {
  const elements: string[] = shape.fields.map((field) =>
    withDoc(
      `${propName(field.key)}${questionIf(!field.param.required)}: ${optionalMemberType(field.key, !field.param.required, types.inputType(field.param.schema)).text};`,
      paramDoc(field.param, memberNameNote(field.key, !field.param.required)),
    ),
  );
  let paramsType: TypeCode | undefined;
  if (shape.body && !shape.body.flatten) {
    const bodyType =
      shape.body.kind === 'binary' || shape.body.kind === 'text'
        ? binaryBodyType(shape.body.kind)
        : types.inputType(shape.body.content.schema);
    elements.push(
      withDoc(`${propName(shape.body.key)}${questionIf(!shape.body.required)}: ${bodyType.text};`, [
        method.op.requestBody?.description,
      ]),
    );
  }
  if (shape.body?.flatten) {
    const schema = shape.body.content.schema;
    if (schema.kind === 'object') elements.push(...types.members(schema, undefined, 'input'));
    else {
      const ref = types.inputType(schema);
      paramsType = elements.length === 0 ? ref : intersection([ref, typeLiteral(elements)]);
    }
  }
  const name = id(method.paramsType);
  parts.declare(
    name,
    withDoc(
      paramsType === undefined
        ? block(`export interface ${name} `, elements)
        : `export type ${name} = ${paramsType.text};`,
      [`Parameters of \`${method.name}\`.`],
    ),
  );
}

/**
 * Partner runs: a response's inline object properties as types under the response's name
 * (`MessageCreateResponse.AssistantMessage`), as a Stainless SDK declares them in a namespace
 * beside the inlined response. Undefined when the schema has none.
 */
function nestedObjectTypes(model: ApiModel, node: SchemaNode, name: string): string | undefined {
  const schema = node.kind === 'ref' ? model.schemas[node.target]?.schema : node;
  if (schema?.kind !== 'object') return undefined;
  const scope = new NameScope();
  const members: string[] = [];
  for (const property of schema.properties) {
    if (property.schema.kind !== 'object') continue;
    const member = scope.claim(
      property.name,
      tsIdent(property.name, { kind: 'type', casings: model.client.wordCasings }),
    );
    members.push(
      withDoc(`export type ${id(member)} = NonNullable<${name}[${str(property.name)}]>;`, [property.description]),
    );
  }
  if (members.length === 0) return undefined;
  return block(`export declare namespace ${name} `, members);
}

/** The type a call resolves to (`resultType`, a page's item when it pages) and the method's return type; declares `<Method>Response` for an inline JSON response. */
function responseTypes(
  model: ApiModel,
  plan: SdkPlan,
  types: TypeEmitter,
  method: MethodPlan,
  shape: MethodShape,
  parts: ModuleParts,
): { resultType: TypeCode; returnType: TypeCode } {
  const responseSchema = shape.response.schema;
  const named = (node: SchemaNode): TypeCode => {
    // Partner runs: `<Resource><Method>Response` as a Stainless SDK exports it, for every response
    // but a schema the config names as a model (Stainless inlines the others under this name).
    const keep =
      plan.stainless && !(node.kind === 'ref' && plan.configModels.has(node.target))
        ? false
        : node.kind === 'ref' || ['primitive', 'array', 'unknown', 'literal'].includes(node.kind);
    if (keep) return types.type(node);
    const name = id(method.responseType);
    parts.declare(name, withDoc(`export type ${name} = ${types.type(node).text};`, [node.description]));
    if (plan.stainless) {
      const nested = nestedObjectTypes(model, node, name);
      if (nested !== undefined) parts.declarations.push(nested);
    }
    return typeRef(method.responseType);
  };
  if (shape.pagination) {
    if (responseSchema) named(responseSchema);
    const resultType = shape.pageItem ? types.type(shape.pageItem) : kw('unknown');
    parts.useCore('pagination', 'PagePromise', false);
    return { resultType, returnType: typeRef('PagePromise', [resultType]) };
  }
  let resultType: TypeCode;
  switch (shape.response.kind) {
    case 'json':
      resultType = responseSchema ? named(responseSchema) : kw('unknown');
      break;
    case 'event-stream':
    case 'event-stream-text': {
      parts.useCore('streaming', 'Stream', true);
      let item =
        shape.response.kind === 'event-stream' && responseSchema
          ? types.type(responseSchema)
          : kw(shape.response.kind === 'event-stream' ? 'unknown' : 'string');
      // Partner runs: the event type under `<Resource><Method>Response`, as a Stainless SDK has it.
      if (plan.stainless && !(responseSchema?.kind === 'ref' && plan.configModels.has(responseSchema.target))) {
        const name = id(method.responseType);
        parts.declare(name, withDoc(`export type ${name} = ${item.text};`, [responseSchema?.description]));
        item = typeRef(method.responseType);
      }
      resultType = typeRef('Stream', [item]);
      break;
    }
    case 'text':
      resultType = kw('string');
      break;
    case 'binary':
      resultType = typeRef('Response');
      break;
    case 'none':
      resultType = kw('void');
      break;
  }
  parts.useCore('api-promise', 'APIPromise', true);
  return { resultType, returnType: typeRef('APIPromise', [resultType]) };
}

/** The method body: the params destructured, then the request (or the page promise) returned. */
function methodStatements(
  plan: SdkPlan,
  mutualTls: ReadonlySet<string>,
  method: MethodPlan,
  shape: MethodShape,
  resultType: TypeCode,
  parts: ModuleParts,
): string[] {
  const op = method.op;
  const statements: string[] = [];
  const bodyLocal = 'body';
  if (shape.hasParams) {
    const bindings = shape.fields.map((field) =>
      field.key === field.local ? id(field.local) : `${propName(field.key)}: ${id(field.local)}`,
    );
    if (shape.body?.flatten) bindings.push(`...${bodyLocal}`);
    else if (shape.body)
      bindings.push(shape.body.key === bodyLocal ? bodyLocal : `${propName(shape.body.key)}: ${bodyLocal}`);
    // A named key that every object inherits (`constructor`, `valueOf`...) must not read the inherited member when absent.
    const inherited = [
      ...shape.fields.map((field) => field.key),
      ...(shape.body && !shape.body.flatten ? [shape.body.key] : []),
    ].some((key) => OBJECT_PROTOTYPE_NAMES.has(key));
    if (inherited) parts.useCore('resource', 'ownParams', false);
    // Partner runs' optional params are `Params | RequestOptions` until `isRequestOptions` has ruled.
    const source = plan.stainless && !shape.paramsRequired ? `(params as ${id(method.paramsType)})` : 'params';
    statements.push(`const { ${bindings.join(', ')} } = ${inherited ? `ownParams(${source})` : source};`);
  }
  parts.useCore('path', 'path', false);
  const requestObject = objectLines(requestEntries(plan, mutualTls, op, shape, bodyLocal));
  if (shape.pagination) {
    parts.useCore('pagination', 'PaginationConfig', true);
    statements.push(
      `return new PagePromise<${resultType.text}>(this._client, ${requestObject}, options ?? {}, ${paginationConfig(shape.pagination)});`,
    );
  } else {
    statements.push(`return this._client.request<${resultType.text}>(${requestObject}, options ?? {});`);
  }
  return statements;
}

/** The entries of the request object the core's client sends: method, path, query (and its styles), headers, cookies, body, response kind, security. */
function requestEntries(
  plan: SdkPlan,
  mutualTls: ReadonlySet<string>,
  op: Operation,
  shape: MethodShape,
  bodyLocal: string,
): string[] {
  const request: string[] = [`method: ${str(op.method)}`, `path: ${pathTemplate(op.path, shape.templateArgs)}`];
  const query = shape.fields.filter((field) => field.param.in === 'query');
  const headers = shape.fields.filter((field) => field.param.in === 'header');
  const cookies = shape.fields.filter((field) => field.param.in === 'cookie');
  const entries = (fields: Field[]): string =>
    objectLines(fields.map((field) => `${objKey(field.param.name)}: ${id(field.local)}`));
  if (query.length > 0) request.push(`query: ${entries(query)}`);
  const styles = query.filter((q) => q.param.style !== 'form' || !q.param.explode);
  if (styles.length > 0) {
    const style = (q: Field): string =>
      ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'].includes(q.param.style) ? q.param.style : 'form';
    request.push(
      `queryStyles: ${objectLines(styles.map((q) => `${propName(q.param.name)}: ${objectInline([`style: ${str(style(q))}`, `explode: ${q.param.explode ? 'true' : 'false'}`])}`))}`,
    );
  }
  if (headers.length > 0) request.push(`headers: ${entries(headers)}`);
  if (cookies.length > 0) request.push(`cookies: ${entries(cookies)}`);
  if (shape.body) {
    request.push(`body: ${bodyLocal}`);
    request.push(`bodyKind: ${str(shape.body.kind)}`);
    if (shape.body.kind === 'text' || shape.body.kind === 'binary')
      request.push(`contentType: ${str(shape.body.content.mediaType)}`);
  }
  request.push(`responseKind: ${str(shape.response.kind)}`);
  const accept = responseAccept(op, shape.response.kind);
  if (accept !== undefined) request.push(`accept: ${str(accept)}`);
  if (plan.operationSecurity) request.push(`security: ${securityExpr(mutualTls, op)}`);
  return request;
}

/** Imports of the module: the core's names it uses, the models it names, its subresources' classes. */
function moduleImports(resource: ResourcePlan, types: TypeEmitter, parts: ModuleParts): string[] {
  const depth = resource.module.split('/').length - 1;
  const up = depth === 0 ? './' : '../'.repeat(depth);
  const imports: string[] = [];
  for (const module of [...parts.coreImports.keys()].sort()) {
    const names = parts.coreImports.get(module) as Map<string, boolean>;
    const list = [...names].map(([name, typeOnly]) => ({ name, typeOnly }));
    imports.push(
      importDecl(
        list,
        `${up}core/${module}.js`,
        list.every((n) => n.typeOnly),
      ),
    );
  }
  const usedModels = [...types.takeUsed()];
  if (usedModels.length > 0)
    imports.push(
      importDecl(
        usedModels.map((name) => ({ name, typeOnly: true })),
        `${up}models.js`,
        true,
      ),
    );
  for (const child of resource.children)
    imports.push(importDecl([{ name: child.className, typeOnly: false }], childPath(resource, child)));
  return imports;
}

const BINARY_BODY = unionOf([typeRef('Blob'), typeRef('ArrayBuffer'), typeRef('Uint8Array'), kw('string')]);

function binaryBodyType(kind: 'binary' | 'text'): TypeCode {
  return kind === 'text' ? kw('string') : BINARY_BODY;
}

/** `path\`/pets/${petId}\`` with the static chunks escaped by `tsTemplateChunk` (which keeps every chunk on one line). */
export function pathTemplate(template: string, args: { param: Parameter; ident: string }[]): string {
  const byName = new Map(args.map((a) => [a.param.name, a.ident]));
  let out = 'path `';
  let current = '';
  for (const part of pathTemplateParts(template, (name) => byName.has(name))) {
    if (part.kind === 'literal') current += part.text;
    else {
      out += `${tsTemplateChunk(current)}\${${id(byName.get(part.name) as string)}}`;
      current = '';
    }
  }
  return `${out}${tsTemplateChunk(current)}\``;
}

function paginationConfig(scheme: PaginationScheme): string {
  const entries = (record: Record<string, string | undefined>): string =>
    objectInline(
      Object.entries(record)
        .filter((entry): entry is [string, string] => entry[1] !== undefined)
        .map(([key, value]) => `${objKey(key)}: ${str(value)}`),
    );
  const props: string[] = [`style: ${str(scheme.style)}`];
  if (scheme.cursorKind) props.push(`cursorKind: ${str(scheme.cursorKind)}`);
  props.push(`request: ${entries(scheme.request)}`);
  props.push(`response: ${entries(scheme.response)}`);
  return `${objectInline(props)} satisfies PaginationConfig`;
}
