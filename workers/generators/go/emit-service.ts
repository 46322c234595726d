// One Go file per resource: its service (methods calling the API) and the params and response
// types of its methods. A method's shape (path arguments, its params struct's fields, the body
// and the response) is decided here and handed to the tests and the README.

import {
  isEventStream,
  isStructuredBody,
  methodPagination,
  pathTemplateParts,
  requestContent,
  responseAccept,
  responseContent,
} from '../core/method.ts';
import { objectShape, resolveSchema } from '../core/schema.ts';
import type {
  ApiModel,
  PaginationScheme,
  Parameter,
  Resource,
  SchemaNode,
  SecurityRequirement,
} from '../model/types.ts';
import { goIdent, goStr, goTagName } from '../names/go.ts';
import { NameScope } from '../names/scope.ts';
import type { GoMethodPlan, GoPlan, ServicePlan } from './plan.ts';
import { docComment, type GoType, type GoTypes, isScalar, structBody, typeExpr, typeImports } from './schema-types.ts';
import { alignLines, type AlignedLine, GoFile } from '../printers/go-writer.ts';

/** Locals of a method body and the packages it names: a path argument never takes these. */
const LOCALS = [
  'ctx',
  'opts',
  'params',
  'r',
  'res',
  'err',
  'path',
  'req',
  'raw',
  'fetch',
  'more',
  'stream',
  'context',
  'errors',
  'fmt',
  'http',
  'url',
  'slices',
  'option',
  'param',
  'requestconfig',
  'pagination',
  'ssestream',
  'apijson',
  'respjson',
  'io',
  'json',
  'os',
];

export interface PathArg {
  ident: string;
  param: Parameter;
  type: GoType;
}

/** A field of a method's params struct, and what it carries: a parameter, a body property or the whole body. */
export interface ParamsField {
  name: string;
  type: GoType;
  required: boolean;
  source: { in: 'param'; param: Parameter } | { in: 'body'; key: string } | { in: 'whole' };
}

export interface MethodShape {
  plan: GoMethodPlan;
  /** The path parameters passed as arguments. */
  pathArgs: PathArg[];
  /**
   * Path parameters carried in the params struct (`path:"id,required" json:"-"`): in partner runs,
   * every one but the last, as Stainless's Go SDKs take a nested resource's parent ids.
   */
  pathFields: { param: Parameter; type: GoType; field: string }[];
  /** The params struct, when the method has query, header, cookie or body fields. */
  params?: { name: string; fields: ParamsField[] };
  /** `res` type: JSON value, text, the raw response (bytes), nothing, a stream, or a page. */
  result:
    | { kind: 'json'; type: GoType }
    | { kind: 'text' }
    | { kind: 'binary' }
    | { kind: 'none' }
    | { kind: 'stream'; item: GoType }
    | { kind: 'page'; item: GoType; scheme: PaginationScheme };
}

/** Security alternatives as the runtime reads them (auth option names, where and how each is sent). */
export function securityLiteral(
  model: ApiModel,
  security: readonly SecurityRequirement[],
  oauthScheme: string | undefined,
): string | undefined {
  const alternatives: string[] = [];
  for (const requirement of security) {
    const auths: string[] = [];
    let complete = true;
    for (const { scheme: key } of requirement.schemes) {
      const scheme = model.authSchemes.find((s) => s.key === key);
      const option = model.authOptions.find((o) => o.scheme === key);
      if (scheme === undefined || option === undefined || scheme.type === 'mutualTLS') {
        complete = false;
        break;
      }
      const fields = [`Option: ${goStr(option.name)}`];
      if (scheme.type === 'apiKey') fields.push(`In: ${goStr(scheme.in)}`, `Name: ${goStr(scheme.paramName)}`);
      else if (scheme.type === 'http' && scheme.scheme === 'basic') fields.push('Basic: true');
      else {
        const prefix = scheme.type === 'http' && scheme.scheme !== 'bearer' ? `${scheme.scheme} ` : 'Bearer ';
        fields.push('In: "header"', 'Name: "Authorization"', `Prefix: ${goStr(prefix)}`);
        if (scheme.type === 'oauth2' && key === oauthScheme) fields.push('OAuth: true');
      }
      auths.push(`{${fields.join(', ')}}`);
    }
    if (complete && auths.length > 0) alternatives.push(`{${auths.join(', ')}}`);
  }
  return alternatives.length > 0 ? `[][]requestconfig.Auth{${alternatives.join(', ')}}` : undefined;
}

export class ServiceEmitter {
  readonly #model: ApiModel;
  readonly #plan: GoPlan;
  readonly #types: GoTypes;
  /** Security literals by text -> package-level variable name. */
  readonly securities = new Map<string, string>();
  readonly schemes = new Map<string, string>();
  readonly #oauthScheme: string | undefined;

  constructor(model: ApiModel, plan: GoPlan, types: GoTypes, oauthScheme: string | undefined) {
    this.#model = model;
    this.#plan = plan;
    this.#types = types;
    this.#oauthScheme = oauthScheme;
  }

  shape(method: GoMethodPlan, file: GoFile): MethodShape {
    const op = method.op;
    const locals = new NameScope(LOCALS);
    const pathArgs: PathArg[] = op.parameters.path.map((param) => {
      const resolved = resolveSchema(this.#model, param.schema);
      // A number, or an enum of numbers (tomtom's `versionNumber: {type: integer, enum: [1]}`: as a
      // string its value could not be written, and the tests sent "string").
      const numeric =
        resolved?.kind === 'primitive' ? resolved.type : resolved?.kind === 'enum' ? resolved.valueType : undefined;
      const type: GoType =
        numeric === 'integer' ? { kind: 'int' } : numeric === 'number' ? { kind: 'float' } : { kind: 'string' };
      return {
        ident: locals.claim(param.name, goIdent(param.name, { exported: false, casings: this.#plan.casings })),
        param,
        type,
      };
    });
    const lines: AlignedLine[] = [];
    const fields: ParamsField[] = [];
    const members = new NameScope(['MarshalJSON', 'IsZero']);
    let paramsName: string | undefined;
    const claimParams = (): string => {
      paramsName ??= this.#types.claim(`params:${op.key}`, method.paramsHint);
      return paramsName;
    };
    const addField = (
      raw: string,
      key: string,
      t: GoType,
      required: boolean,
      tag: string,
      doc: string | undefined,
      source: ParamsField['source'],
    ): string => {
      const name = members.claim(key, goIdent(raw, { casings: this.#plan.casings }));
      typeImports(t, file);
      fields.push({ name, type: t, required, source });
      if (doc !== undefined) lines.push({ comment: doc });
      lines.push({ cells: [name, typeExpr(t), `\`${tag}\``] });
      return name;
    };
    // Partner runs: a nested resource's parent ids go in the params struct, the last id stays an
    // argument (`Attach(ctx, volumeID, InstanceVolumeAttachParams{ID: ...})`), as Stainless has it.
    const pathFields: MethodShape['pathFields'] = [];
    if (this.#model.client.stainless === true) {
      for (const arg of pathArgs.splice(0, Math.max(0, pathArgs.length - 1))) {
        claimParams();
        const field = addField(
          arg.param.name,
          `path:${arg.param.name}`,
          arg.type,
          true,
          `path:"${goTagName(arg.param.name)},required" json:"-"`,
          arg.param.description ?? arg.param.schema.description,
          { in: 'param', param: arg.param },
        );
        pathFields.push({ param: arg.param, type: arg.type, field });
      }
    }
    const wrap = (t: GoType, required: boolean, nullable: boolean): GoType =>
      nullable || (!required && isScalar(t, this.#types.infos)) ? { kind: 'opt', elem: t } : t;
    for (const location of ['query', 'header', 'cookie'] as const) {
      for (const param of op.parameters[location]) {
        const hint = `${claimParams()}${goIdent(param.name, { casings: this.#plan.casings })}`;
        const t = this.#types.typeOf(param.schema, { side: 'param', hint, file });
        const options = [param.required ? 'required' : 'omitzero'];
        if (location === 'query' && t.kind === 'slice' && !param.explode) options.push('comma');
        if (location === 'query' && param.style === 'deepObject') options.push('deepObject');
        // An object in style form (OpenAPI's default for a query parameter): one parameter per
        // member when exploded, else `name=k1,v1,k2,v2` (the runtime's textValues); before, Go
        // sent its JSON, which no server decodes (OpenAI's `metadata` filter, refused by Prism).
        else if (
          location === 'query' &&
          t.kind !== 'slice' &&
          param.style === 'form' &&
          isObjectParam(this.#model, param.schema)
        )
          options.push(param.explode ? 'explode' : 'comma');
        addField(
          param.name,
          `${location}:${param.name}`,
          wrap(t, param.required, param.schema.nullable),
          param.required,
          `${location}:"${goTagName(param.name)},${options.join(',')}"`,
          param.description ?? param.schema.description,
          { in: 'param', param },
        );
      }
    }
    let body: { kind: string; whole: boolean; contentType?: string } | undefined;
    const picked = requestContent(op, this.#model);
    if (op.requestBody && picked) {
      const schema = picked.content.schema;
      const resolved = resolveSchema(this.#model, schema);
      const shape = resolved && !resolved.nullable && !schema.nullable ? objectShape(this.#model, schema) : undefined;
      const contentType =
        picked.kind === 'json' || picked.kind === 'multipart' || picked.kind === 'form'
          ? undefined
          : picked.content.mediaType;
      if (shape && shape.properties.length > 0 && isStructuredBody(picked.kind)) {
        const name = claimParams();
        for (const property of shape.properties) {
          if (property.readOnly || property.schema.readOnly) continue;
          const required = shape.required.has(property.name);
          const t = this.#types.typeOf(property.schema, {
            side: 'param',
            hint: `${name}${goIdent(property.name, { casings: this.#plan.casings })}`,
            file,
            ...(picked.kind === 'multipart' ? { files: true } : {}),
          });
          const nullable = property.schema.nullable || (resolveSchema(this.#model, property.schema)?.nullable ?? false);
          addField(
            property.name,
            `body:${property.name}`,
            wrap(t, required, nullable),
            required,
            `json:"${goTagName(property.name)}${required ? '' : ',omitzero'}"`,
            property.description ?? property.schema.description,
            { in: 'body', key: property.name },
          );
        }
        body = { kind: picked.kind, whole: false };
      } else {
        const t: GoType =
          picked.kind === 'binary'
            ? { kind: 'reader' }
            : picked.kind === 'text'
              ? { kind: 'string' }
              : this.#types.typeOf(schema, {
                  side: 'param',
                  hint: `${claimParams()}Body`,
                  file,
                  ...(picked.kind === 'multipart' ? { files: true } : {}),
                });
        const required = op.requestBody.required;
        // A JSON body like a property: an optional scalar (a string enum, say) or a nullable one is a
        // param.Opt, so a body left out is not sent (its zero value was: `""`, which the enum refuses).
        const nullable = schema.nullable || (resolved?.nullable ?? false);
        const field = picked.kind === 'json' ? wrap(t, required, nullable) : t;
        addField('body', '\u0000body', field, required, 'json:"-"', op.requestBody.description, { in: 'whole' });
        body = { kind: picked.kind, whole: true, ...(contentType !== undefined ? { contentType } : {}) };
      }
    }
    const response = responseContent(this.#model, op);
    const pagination = methodPagination(this.#model, op, response);
    let result: MethodShape['result'];
    if (pagination?.item) {
      result = {
        kind: 'page',
        item: this.#types.typeOf(pagination.item, { side: 'response', hint: `${method.responseHint}Item`, file }),
        scheme: pagination.scheme,
      };
    } else if (isEventStream(response.kind)) {
      result = {
        kind: 'stream',
        item:
          response.kind === 'event-stream' && response.schema
            ? this.#types.typeOf(response.schema, { side: 'response', hint: method.responseHint, file })
            : { kind: 'string' },
      };
    } else if (response.kind === 'json')
      result = {
        kind: 'json',
        type: response.schema
          ? this.#types.typeOf(response.schema, { side: 'response', hint: method.responseHint, file })
          : { kind: 'any' },
      };
    else result = { kind: response.kind === 'text' ? 'text' : response.kind === 'binary' ? 'binary' : 'none' };
    // Partner runs: a response schema the config does not name as a model is `<Service><Method>Response`
    // in Stainless's SDKs (they inline it under that name); ours is an alias of the schema's type.
    let responseAlias: string | undefined;
    if (
      this.#model.client.stainless === true &&
      result.kind === 'json' &&
      result.type.kind === 'named' &&
      response.schema?.kind === 'ref' &&
      !configModels(this.#model.resources).has(response.schema.target)
    ) {
      const alias = this.#types.claim(`alias:${op.key}`, method.responseHint);
      if (alias !== result.type.name) {
        const info = this.#types.infos.get(result.type.name);
        if (info !== undefined) this.#types.infos.set(alias, info);
        responseAlias = `type ${alias} = ${result.type.name}`;
        result = { kind: 'json', type: { kind: 'named', name: alias } };
      }
    }
    const shape: MethodShape = { plan: method, pathArgs, pathFields, result };
    if (paramsName !== undefined || fields.length > 0) {
      const name = claimParams();
      shape.params = { name, fields };
      const required = fields.filter((f) => f.required).map((f) => f.name);
      const doc =
        required.length > 0
          ? `// The ${required.length === 1 ? 'field' : 'fields'} ${required.join(', ')} ${required.length === 1 ? 'is' : 'are'} required.\n`
          : '';
      const chunks = [`${doc}type ${name} struct ${structBody(lines)}`];
      if (body !== undefined && !body.whole) {
        file.useLocal('internal/apijson');
        chunks.push(
          `// MarshalJSON encodes the body fields of r, leaving out omitted ones.\nfunc (r ${name}) MarshalJSON() ([]byte, error) {\n\treturn apijson.MarshalRoot(r)\n}`,
        );
      }
      (shape as MethodShape & { chunks?: string[] }).chunks = chunks;
    }
    if (responseAlias !== undefined) {
      const withChunks = shape as MethodShape & { chunks?: string[] };
      withChunks.chunks = [...(withChunks.chunks ?? []), responseAlias];
    }
    (shape as MethodShape & { body?: typeof body }).body = body;
    return shape;
  }

  /** The service's file: the service type, its constructor, its methods and their types. */
  emit(service: ServicePlan): { file: GoFile; shapes: MethodShape[] } {
    const { modulePath, packageName } = this.#plan.options;
    const file = new GoFile(service.file, packageName, modulePath);
    file.useLocal('option');
    const shapes: MethodShape[] = [];
    const methodChunks: string[] = [];
    const typeChunks: string[] = [];
    for (const method of service.methods) {
      const shape = this.shape(method, file);
      shapes.push(shape);
      methodChunks.push(...this.#method(service, shape, file));
      typeChunks.push(...((shape as MethodShape & { chunks?: string[] }).chunks ?? []));
    }
    const fields: AlignedLine[] = [{ cells: ['Options', '[]option.RequestOption'] }];
    for (const child of service.children) fields.push({ cells: [child.field, child.typeName] });
    const resourceDoc = `// ${service.typeName} holds the methods of the ${goStr(service.resource.path.join('.')).slice(1, -1)} resource. Make it with\n// ${service.constructorName}, or use the client's field.`;
    const init = service.children.map((c) => `\tr.${c.field} = ${c.constructorName}(opts...)\n`).join('');
    // The service comes first, then its methods and their params, then the inline types.
    const head = [
      `${resourceDoc}\ntype ${service.typeName} struct {\n${alignLines(fields, '\t').join('\n')}\n}`,
      `// ${service.constructorName} returns the service with options applied to each of its requests (after\n// the client's, before a call's own).\nfunc ${service.constructorName}(opts ...option.RequestOption) (r ${service.typeName}) {\n\tr.Options = opts\n${init}\treturn\n}`,
      ...methodChunks,
      ...typeChunks,
    ];
    file.prepend(head);
    return { file, shapes };
  }

  #method(service: ServicePlan, shape: MethodShape, file: GoFile): string[] {
    const { plan: method } = shape;
    const op = method.op;
    const body = (shape as MethodShape & { body?: { kind: string; whole: boolean; contentType?: string } }).body;
    file.use('context');
    file.use('slices');
    file.use('net/http');
    file.useLocal('internal/requestconfig');
    const args = ['ctx context.Context', ...shape.pathArgs.map((a) => `${a.ident} ${typeExpr(a.type)}`)];
    if (shape.params) args.push(`params ${shape.params.name}`);
    args.push('opts ...option.RequestOption');
    const doc = [op.summary, op.description]
      .filter((t): t is string => t !== undefined && t.trim() !== '')
      .join('\n\n');
    const deprecated =
      method.deprecated !== undefined && method.deprecated !== false
        ? typeof method.deprecated === 'string'
          ? method.deprecated
          : 'this method is deprecated.'
        : op.deprecated
          ? (op.deprecationMessage ?? 'this method is deprecated.')
          : undefined;
    // One text, one comment: paragraphs joined before escaping (gofmt reads the whole comment).
    const paragraphs = [doc === '' ? `${method.name} calls ${op.method.toUpperCase()} ${op.path}.` : doc];
    if (shape.result.kind === 'binary')
      paragraphs.push("The response's body is left open for reading; close it when done.");
    if (deprecated !== undefined) paragraphs.push(`Deprecated: ${deprecated}`);
    const comment = docComment(paragraphs.join('\n\n'), method.name);
    const security = securityLiteral(this.#model, op.security, this.#oauthScheme);
    let securityVar: string | undefined;
    if (security !== undefined) {
      securityVar = this.securities.get(security) ?? `security${this.securities.size}`;
      this.securities.set(security, securityVar);
    }
    // The path: literal parts through goStr, arguments percent-encoded.
    // Every path parameter as the method reads it: an argument, or a field of the params struct.
    const pathValues = [
      ...shape.pathFields.map((f) => ({ name: f.param.name, type: f.type, expr: `params.${f.field}` })),
      ...shape.pathArgs.map((a) => ({ name: a.param.name, type: a.type, expr: a.ident })),
    ];
    const parts = pathTemplateParts(op.path, (name) => pathValues.some((a) => a.name === name));
    const pieces: string[] = [];
    parts.forEach((part, i) => {
      if (part.kind === 'literal') {
        const text = i === 0 ? part.text.replace(/^\/+/, '') : part.text;
        if (text !== '') pieces.push(goStr(text));
      } else {
        const arg = pathValues.find((a) => a.name === part.name) as (typeof pathValues)[number];
        file.use('net/url');
        if (arg.type.kind === 'string') pieces.push(`url.PathEscape(${arg.expr})`);
        else {
          file.use('fmt');
          pieces.push(`url.PathEscape(fmt.Sprint(${arg.expr}))`);
        }
      }
    });
    const pathExpr = pieces.length > 0 ? pieces.join(' + ') : '""';
    const fields = [`Method: http.Method${httpMethodName(op.method)}`, 'Path: path'];
    if (shape.params) fields.push('Params: params');
    if (body !== undefined) {
      fields.push(`BodyKind: ${goStr(body.kind)}`);
      if (body.whole) fields.push('Whole: true', 'Body: params.Body');
      if (body.contentType !== undefined) fields.push(`ContentType: ${goStr(body.contentType)}`);
    }
    if (securityVar !== undefined) fields.push(`Security: ${securityVar}`);
    const result = shape.result;
    if (result.kind === 'stream') fields.push('Accept: "text/event-stream"', 'Stream: true');
    if (result.kind === 'binary') fields.push('Accept: "*/*"', 'Stream: true');
    if (result.kind === 'text') fields.push('Accept: "text/plain, */*"');
    const accept = responseAccept(op, responseContent(this.#model, op).kind);
    if (accept !== undefined) fields.push(`Accept: ${goStr(accept)}`);
    const reqLine = `req := requestconfig.Request{${fields.join(', ')}}`;
    const checks = (fail: string): string =>
      pathValues
        .filter((a) => a.type.kind === 'string')
        .map((a) => {
          file.use('errors');
          return `\tif ${a.expr} == "" {\n\t\t${fail.replace('ERR', `errors.New(${goStr(`missing required ${a.name} parameter`)})`)}\n\t}\n`;
        })
        .join('');
    const signature = `func (r *${service.typeName}) ${method.name}(${args.join(', ')})`;
    const callArgs = [
      'ctx',
      ...shape.pathArgs.map((a) => a.ident),
      ...(shape.params ? ['params'] : []),
      'opts...',
    ].join(', ');
    const out: string[] = [];
    switch (result.kind) {
      case 'json': {
        typeImports(result.type, file);
        out.push(
          `${comment}${signature} (res *${typeExpr(result.type)}, err error) {\n\topts = slices.Concat(r.Options, opts)\n${checks('err = ERR\n\t\treturn')}\tpath := ${pathExpr}\n\t${reqLine}\n\terr = requestconfig.Execute(ctx, req, &res, opts...)\n\treturn\n}`,
        );
        break;
      }
      case 'text':
        out.push(
          `${comment}${signature} (res string, err error) {\n\topts = slices.Concat(r.Options, opts)\n${checks('err = ERR\n\t\treturn')}\tpath := ${pathExpr}\n\t${reqLine}\n\terr = requestconfig.Execute(ctx, req, &res, opts...)\n\treturn\n}`,
        );
        break;
      case 'binary':
        out.push(
          `${comment}${signature} (res *http.Response, err error) {\n\topts = slices.Concat(r.Options, opts)\n${checks('err = ERR\n\t\treturn')}\tpath := ${pathExpr}\n\t${reqLine}\n\terr = requestconfig.Execute(ctx, req, &res, opts...)\n\treturn\n}`,
        );
        break;
      case 'none':
        out.push(
          `${comment}${signature} (err error) {\n\topts = slices.Concat(r.Options, opts)\n${checks('err = ERR\n\t\treturn')}\tpath := ${pathExpr}\n\t${reqLine}\n\terr = requestconfig.Execute(ctx, req, nil, opts...)\n\treturn\n}`,
        );
        break;
      case 'stream': {
        file.useLocal('packages/ssestream');
        typeImports(result.item, file);
        const item = typeExpr(result.item);
        out.push(
          `${comment}${signature} (stream *ssestream.Stream[${item}]) {\n\topts = slices.Concat(r.Options, opts)\n${checks(`return ssestream.NewStream[${item}](nil, ERR)`)}\tpath := ${pathExpr}\n\t${reqLine}\n\tvar raw *http.Response\n\terr := requestconfig.Execute(ctx, req, &raw, opts...)\n\treturn ssestream.NewStream[${item}](raw, err)\n}`,
        );
        break;
      }
      case 'page': {
        file.useLocal('packages/pagination');
        typeImports(result.item, file);
        const item = typeExpr(result.item);
        const schemeVar = this.#schemeVar(result.scheme);
        out.push(
          `${comment}${signature} (res *pagination.Page[${item}], err error) {\n\topts = slices.Concat(r.Options, opts)\n${checks('err = ERR\n\t\treturn')}\tpath := ${pathExpr}\n\tfetch := func(ctx context.Context, more ...option.RequestOption) (raw *http.Response, err error) {\n\t\t${reqLine}\n\t\terr = requestconfig.Execute(ctx, req, &raw, slices.Concat(opts, more)...)\n\t\treturn\n\t}\n\treturn pagination.List[${item}](ctx, ${schemeVar}, fetch)\n}`,
        );
        const auto = method.autoPaging ?? `${method.name}AutoPaging`;
        out.push(
          `// ${auto} iterates over every item of every page of ${method.name}, fetching pages as it goes:\n// use Next, Current and Err, or range over All.\nfunc (r *${service.typeName}) ${auto}(${args.join(', ')}) *pagination.AutoPager[${item}] {\n\treturn pagination.NewAutoPager(r.${method.name}(${callArgs}))\n}`,
        );
        break;
      }
    }
    return out;
  }

  #schemeVar(scheme: PaginationScheme): string {
    const fields = [`Style: ${goStr(scheme.style)}`];
    if (scheme.cursorKind !== undefined) fields.push(`CursorKind: ${goStr(scheme.cursorKind)}`);
    const r = scheme.request;
    if (r.cursor !== undefined) fields.push(`CursorParam: ${goStr(r.cursor)}`);
    if (r.limit !== undefined) fields.push(`LimitParam: ${goStr(r.limit)}`);
    if (r.offset !== undefined) fields.push(`OffsetParam: ${goStr(r.offset)}`);
    if (r.page !== undefined) fields.push(`PageParam: ${goStr(r.page)}`);
    fields.push(`ItemsPath: ${goStr(scheme.response.items)}`);
    if (scheme.response.nextCursor !== undefined) fields.push(`NextCursorPath: ${goStr(scheme.response.nextCursor)}`);
    if (scheme.response.hasMore !== undefined) fields.push(`HasMorePath: ${goStr(scheme.response.hasMore)}`);
    const literal = `pagination.Scheme{${fields.join(', ')}}`;
    const existing = this.schemes.get(literal);
    if (existing !== undefined) return existing;
    const name = `paginationScheme${this.schemes.size}`;
    this.schemes.set(literal, name);
    return name;
  }
}

function httpMethodName(method: string): string {
  return method.charAt(0).toUpperCase() + method.slice(1);
}

/** The schemas a stainless.yml names as models (`#/components/schemas/...` refs), in every resource. */
function configModels(resources: readonly Resource[]): Set<string> {
  return new Set(resources.flatMap((r) => [...r.models.map((m) => m.schema), ...configModels(r.subresources)]));
}

/** Whether a parameter's value is an object (or a map): members the query style spreads, not a scalar or a list. */
function isObjectParam(model: ApiModel, schema: SchemaNode): boolean {
  const resolved = resolveSchema(model, schema);
  // `anyOf: [{type: object}, {type: null}]` (OpenAI's Metadata): a union of one variant, nullable.
  if (resolved?.kind === 'union' && resolved.variants.length === 1)
    return isObjectParam(model, resolved.variants[0] as SchemaNode);
  return resolved?.kind === 'object' || resolved?.kind === 'map' || resolved?.kind === 'intersection';
}
