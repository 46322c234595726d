// The TypeScript SDK's method shape: the params object's keys and locals, whether the body is
// flattened into the params, and the core's choices (request content, response kind, pagination
// and its item). The resource emitter spells it; the CLI and the docs samples read it through
// `naming.ts`, so a flag or a sample uses exactly the keys the SDK reads.

import {
  isStructuredBody,
  methodPagination,
  requestContent,
  responseContent,
  type BodyKind,
  type ResponseKind,
} from '../core/method.ts';
import { objectShape, resolveSchema } from '../core/schema.ts';
import type {
  ApiModel,
  MediaTypeContent,
  PaginationScheme,
  Parameter,
  PropertyNode,
  SchemaNode,
} from '../model/types.ts';
import { NameScope } from '../names/scope.ts';
import { tsIdent } from '../names/typescript.ts';
import { methodLocals, type MethodPlan } from './plan.ts';

export interface Field {
  /** Key in the params object (a raw string; quoted by `propName` when needed). */
  key: string;
  /** Local binding when destructured. */
  local: string;
  param: Parameter;
}

export interface MethodShape {
  fields: Field[];
  body?: {
    content: MediaTypeContent;
    kind: BodyKind;
    flatten: boolean;
    key: string;
    required: boolean;
    /** The writable properties a flattened body puts beside the params (an allOf's merged; empty when not flattened). */
    properties: PropertyNode[];
  };
  paramsRequired: boolean;
  hasParams: boolean;
  response: { kind: ResponseKind; schema?: SchemaNode };
  pagination?: PaginationScheme;
  /** The item schema of a paginated response (undefined: the items are `unknown`). */
  pageItem?: SchemaNode;
  locals: NameScope;
  /** The path parameters taken as positional arguments, in order. */
  pathArgs: { param: Parameter; ident: string }[];
  /** Every path parameter with its local (the path template's); partner runs take all but the last in the params (`fields`). */
  templateArgs: { param: Parameter; ident: string }[];
}

export function methodShape(model: ApiModel, method: MethodPlan): MethodShape {
  const op = method.op;
  const { scope: locals, pathArgs } = methodLocals(op, model.client.wordCasings);
  const keys = new NameScope();
  const fields: Field[] = [];
  // Partner runs of a Stainless edition: as their SDKs, the last path parameter is positional and
  // the others are params (`volumes.attach(volumeID, { id, ...body })`), unless a name is taken twice.
  const otherNames = new Set([
    ...[...op.parameters.query, ...op.parameters.header, ...op.parameters.cookie].map((p) => p.name),
    ...bodyPropertyNames(model, op),
  ]);
  const inParams =
    model.client.stainlessEdition !== undefined &&
    pathArgs.length > 1 &&
    pathArgs.slice(0, -1).every((a) => !otherNames.has(a.param.name))
      ? pathArgs.slice(0, -1)
      : [];
  for (const { param, ident } of inParams)
    fields.push({ key: keys.claim(`path:${param.name}`, param.name), local: ident, param });
  for (const param of [...op.parameters.query, ...op.parameters.header, ...op.parameters.cookie]) {
    const key = keys.claim(`${param.in}:${param.name}`, param.name);
    fields.push({ key, local: locals.claim(`${param.in}:${param.name}`, tsIdent(key)), param });
  }
  let body: MethodShape['body'];
  const picked = requestContent(op, model);
  if (op.requestBody && picked) {
    const resolved = resolveSchema(model, picked.content.schema);
    // An object, or (as the Python SDK reads it: the core's objectShape) an allOf of objects with
    // properties, is flattened into the params beside the query, header and cookie fields.
    const shapeOfBody =
      resolved && !resolved.nullable && !picked.content.schema.nullable && isStructuredBody(picked.kind)
        ? objectShape(model, picked.content.schema)
        : undefined;
    const objectLike = shapeOfBody !== undefined && (resolved?.kind === 'object' || shapeOfBody.properties.length > 0);
    // readOnly properties are not part of a request (the params type leaves them out).
    const writable = objectLike ? shapeOfBody.properties.filter((p) => !p.readOnly) : [];
    const collides = writable.some((p) => fields.some((field) => field.key === p.name));
    const flatten = objectLike && !collides;
    const requiredOnly = resolved?.kind === 'object' ? (resolved.requiredOnly ?? []) : [];
    const required = flatten
      ? writable.some((p) => p.required || shapeOfBody?.required.has(p.name)) || requiredOnly.length > 0
      : op.requestBody.required;
    body = {
      content: picked.content,
      kind: picked.kind,
      flatten,
      key: flatten ? '' : keys.claim('\u0000body', 'body'),
      required,
      // Required as the body declares it: a name an allOf sibling lists in `required` too.
      properties: flatten
        ? writable.map((p) => (shapeOfBody?.required.has(p.name) ? { ...p, required: true } : p))
        : [],
    };
  }
  const response = responseContent(model, op);
  const pagination = methodPagination(model, op, response);
  const paramsRequired = fields.some((field) => field.param.required) || (body?.required ?? false);
  return {
    fields,
    ...(body ? { body } : {}),
    paramsRequired,
    hasParams: fields.length > 0 || body !== undefined,
    response,
    ...(pagination ? { pagination: pagination.scheme } : {}),
    ...(pagination?.item ? { pageItem: pagination.item } : {}),
    locals,
    pathArgs: pathArgs.slice(inParams.length),
    templateArgs: pathArgs,
  };
}

/** The property names of an object request body (what a flattened body puts beside the params). */
function bodyPropertyNames(model: ApiModel, op: MethodPlan['op']): string[] {
  const picked = requestContent(op, model);
  if (!op.requestBody || !picked || !isStructuredBody(picked.kind)) return [];
  return objectShape(model, picked.content.schema)?.properties.map((p) => p.name) ?? [];
}
