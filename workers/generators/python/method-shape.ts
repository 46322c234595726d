// The Python SDK's method shape: its arguments (snake_case identifiers claimed per method, typed)
// and the core's choices (request content, response kind, pagination and its item). The resource
// emitter spells it; the README and the docs samples read it (the docs through `naming.ts`).

import {
  isStructuredBody,
  methodPagination,
  requestContent,
  responseContent,
  type BodyKind,
  type ResponseKind,
} from '../core/method.ts';
import { objectShape, resolveSchema, type ObjectShape } from '../core/schema.ts';
import type { ApiModel, PaginationScheme, Parameter, SchemaNode } from '../model/types.ts';
import { NameScope } from '../names/scope.ts';
import { pyIdent } from '../names/python.ts';
import { type MethodPlan, PARAM_RESERVED } from './plan.ts';
import { PARAMS_MODULE, type TypeEmitter, type TypeModule, type Typed } from './schema-types.ts';
import { py, type Py } from '../printers/python-writer.ts';

export interface Arg {
  ident: string;
  /** Wire name. */
  key: string;
  type: Py;
  required: boolean;
  doc?: string;
}

export interface MethodShape {
  /** Positional path arguments (in partner runs only the last; the others are in `pathKeywords`). */
  pathArgs: (Arg & { param: Parameter })[];
  /**
   * Partner runs (`model.client.stainless`): every path parameter but the last, keyword-only, as a
   * Stainless Python SDK takes them (`update(message_id, *, agent_id)`). Empty otherwise.
   */
  pathKeywords: (Arg & { param: Parameter })[];
  query: (Arg & { param: Parameter })[];
  headers: Arg[];
  cookies: Arg[];
  body?:
    | { mode: 'fields'; kind: 'json' | 'multipart' | 'form'; typedDict?: string; fields: Arg[] }
    | { mode: 'whole'; kind: BodyKind; arg: Arg; mediaType: string };
  /** `conv`: how the runtime builds the value from the decoded JSON (models), when it is not kept as it is. */
  response: { kind: ResponseKind; type: Py; conv?: Py };
  pagination?: { scheme: PaginationScheme; item: Py; conv?: Py };
}

/** Builtins a method body uses in annotations and calls; a parameter with one of these names gets a `_` suffix. */
const BODY_BUILTINS = new Set(['object', 'str', 'int', 'float', 'bool', 'bytes', 'dict', 'list', 'isinstance', 'cast']);

function paramIdent(raw: string): string {
  const candidate = pyIdent(raw, { kind: 'param' });
  return BODY_BUILTINS.has(candidate) ? `${candidate}_` : candidate;
}

export function methodShape(model: ApiModel, types: TypeEmitter, module: TypeModule, method: MethodPlan): MethodShape {
  const op = method.op;
  const locals = new NameScope(PARAM_RESERVED);
  const stem = method.paramsType.replace(/ params$/, '');
  const argOf = (param: Parameter): Arg & { param: Parameter } => ({
    ident: locals.claim(`${param.in}:${param.name}`, paramIdent(param.name)),
    key: param.name,
    type: types.expr(param.schema, { module, hint: `${stem} ${param.name}`, side: 'request' }),
    required: param.in === 'path' || param.required,
    param,
    ...((param.description ?? param.schema.description) !== undefined
      ? { doc: (param.description ?? param.schema.description) as string }
      : {}),
  });
  const pathArgs = op.parameters.path.map(argOf);
  const leading = model.client.stainless === true ? pathArgs.length - 1 : 0;
  const shape: MethodShape = {
    pathArgs: pathArgs.slice(Math.max(0, leading)),
    pathKeywords: pathArgs.slice(0, Math.max(0, leading)),
    query: op.parameters.query.map(argOf),
    headers: op.parameters.header.map(argOf),
    cookies: op.parameters.cookie.map(argOf),
    response: { kind: 'json', type: py`object` },
  };
  const picked = requestContent(op, model);
  if (op.requestBody && picked) {
    const schema = picked.content.schema;
    const resolved = resolveSchema(model, schema);
    const shapeOfBody: ObjectShape | undefined =
      resolved && !resolved.nullable && !schema.nullable ? objectShape(model, schema) : undefined;
    if (shapeOfBody && shapeOfBody.properties.length > 0 && isStructuredBody(picked.kind)) {
      let typedDict: string | undefined;
      let hintBase = method.paramsType;
      if (picked.kind === 'json') {
        if (schema.kind === 'ref') {
          typedDict = types.paramName(schema.target);
          module.use(PARAMS_MODULE, typedDict);
        } else
          typedDict = types.inlineTypedDict(
            { module, hint: method.paramsType, side: 'request' },
            schema.source.pointer,
            shapeOfBody,
            schema.description,
          );
        hintBase = typedDict;
      }
      const fields = shapeOfBody.properties.map((p) => ({
        ident: locals.claim(`body:${p.name}`, paramIdent(p.name)),
        key: p.name,
        type: types.expr(p.schema, {
          module,
          hint: `${hintBase} ${p.name}`,
          side: 'request',
          ...(picked.kind === 'multipart' ? { files: true } : {}),
        }),
        required: shapeOfBody.required.has(p.name),
        ...((p.description ?? p.schema.description) !== undefined
          ? { doc: (p.description ?? p.schema.description) as string }
          : {}),
      }));
      shape.body = { mode: 'fields', kind: picked.kind, ...(typedDict !== undefined ? { typedDict } : {}), fields };
    } else {
      const type =
        picked.kind === 'binary'
          ? py`Union[bytes, IO[bytes]]`
          : picked.kind === 'text'
            ? py`str`
            : types.expr(schema, {
                module,
                hint: method.paramsType,
                side: 'request',
                ...(picked.kind === 'multipart' ? { files: true } : {}),
              });
      const ident = locals.claim('\u0000body', picked.kind === 'binary' || picked.kind === 'text' ? 'content' : 'body');
      const arg: Arg = {
        ident,
        key: '',
        type,
        required: op.requestBody.required,
        ...(op.requestBody.description !== undefined ? { doc: op.requestBody.description } : {}),
      };
      shape.body = { mode: 'whole', kind: picked.kind, arg, mediaType: picked.content.mediaType };
    }
  }
  const response = responseContent(model, op);
  shape.response = { kind: response.kind, ...responseType(types, module, method, response) };
  const pagination = methodPagination(model, op, response);
  if (pagination?.item) {
    const item = types.typed(pagination.item, { module, hint: `${method.responseType} item`, side: 'response' });
    shape.pagination = {
      scheme: pagination.scheme,
      item: item.type,
      ...(item.conv !== undefined ? { conv: item.conv } : {}),
    };
  }
  return shape;
}

/** The Python type a response kind reads as (a schema's type for JSON and JSON events). */
function responseType(
  types: TypeEmitter,
  module: TypeModule,
  method: MethodPlan,
  response: { kind: ResponseKind; schema?: SchemaNode },
): Typed {
  switch (response.kind) {
    case 'json':
    case 'event-stream':
      return response.schema
        ? types.typed(response.schema, { module, hint: method.responseType, side: 'response' })
        : { type: py`object` };
    case 'event-stream-text':
    case 'text':
      return { type: py`str` };
    case 'binary':
      return { type: py`bytes` };
    case 'none':
      return { type: py`None` };
  }
}
