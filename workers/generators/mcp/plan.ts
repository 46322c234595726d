// The MCP tools: one per SDK method, named `<resource words>_<method>` in snake case (unique,
// at most 64 characters, `[a-z0-9_]` only), described by the operation, with an input JSON Schema
// built from the same method shape the SDK and the CLI read (so every argument maps to exactly
// the key the SDK method takes: a path argument, or a key of its params object).

import { FILE_SCHEMA, jsonSchemaConverter, clipText, type JsonSchema } from '../core/json-schema.ts';
import { isUploadFile, resolveSchema } from '../core/schema.ts';
import type { ApiModel } from '../model/types.ts';
import { snakeCase } from '../names/case.ts';
import { NameScope } from '../names/scope.ts';
import { methodShape, type MethodPlan, type MethodShape, type SdkPlan } from '../typescript/naming.ts';

/** Names of the dynamic mode's three tools; never given to an endpoint. */
export const DYNAMIC_TOOLS = ['list_endpoints', 'get_endpoint_schema', 'invoke_endpoint'] as const;
/** The argument that follows pages of a paginated method. */
export const MAX_PAGES_ARG = 'max_pages';
/** The most pages `max_pages` may ask for. */
export const MAX_PAGES_LIMIT = 50;
const MAX_TOOL_NAME = 64;
const MAX_TOOL_DESCRIPTION = 4000;

/** Where a tool argument goes in the SDK call. */
export type ArgTarget =
  | { name: string; to: 'path'; index: number; file?: undefined }
  | { name: string; to: 'param'; key: string; file?: 'one' | 'many' };

export interface McpTool {
  name: string;
  title?: string;
  description: string;
  /** `GET /runs/{runId}`. */
  http: string;
  inputSchema: JsonSchema;
  args: ArgTarget[];
  paginated: boolean;
  response: MethodShape['response']['kind'];
  method: MethodPlan;
  /** Property names from the client to the resource (`['projects', 'runs']`). */
  access: string[];
  hasParams: boolean;
  pathCount: number;
}

function toolDescription(method: MethodPlan): string {
  const op = method.op;
  const parts: string[] = [];
  const deprecation = method.deprecated ?? (op.deprecated ? (op.deprecationMessage ?? true) : undefined);
  if (deprecation !== undefined && deprecation !== false)
    parts.push(`Deprecated${typeof deprecation === 'string' ? `: ${deprecation}` : '.'}`);
  const summary = clipText(op.summary, 500);
  const description = clipText(op.description, MAX_TOOL_DESCRIPTION);
  if (summary !== undefined) parts.push(summary);
  if (description !== undefined && description !== summary) parts.push(description);
  parts.push(`HTTP: ${op.method.toUpperCase()} ${op.path}`);
  return clipText(parts.join('\n\n'), MAX_TOOL_DESCRIPTION) ?? `${op.method.toUpperCase()} ${op.path}`;
}

function toolBaseName(method: MethodPlan): string {
  const words = [...method.op.resourcePath, method.rawName].map((w) => snakeCase(w)).filter((w) => w !== '');
  const name = (words.join('_') || 'call').replace(/[^a-z0-9_]/g, '_');
  return name.length > MAX_TOOL_NAME - 4 ? name.slice(0, MAX_TOOL_NAME - 4).replace(/_+$/, '') : name;
}

/**
 * A tool argument's name: the wire name or params key when it is made of `[A-Za-z0-9_.-]` (what
 * MCP clients and model APIs accept as a property name), else those characters only; at most 60
 * characters, so a collision suffix still fits in 64.
 */
export function argName(raw: string): string {
  const safe = raw.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 60);
  return /[A-Za-z0-9]/.test(safe) ? safe : 'value';
}

function withDescription(schema: JsonSchema, description: string | undefined): JsonSchema {
  const text = clipText(description, 1000);
  return text === undefined ? schema : { ...schema, description: text };
}

function planTool(model: ApiModel, method: MethodPlan, name: string, access: string[]): McpTool {
  const shape = methodShape(model, method);
  const convert = jsonSchemaConverter(model, { request: true, files: false });
  const names = new NameScope(shape.pagination ? [MAX_PAGES_ARG] : []);
  const properties: JsonSchema = {};
  const required: string[] = [];
  const args: ArgTarget[] = [];
  const add = (raw: string, schema: JsonSchema, isRequired: boolean, target: (arg: string) => ArgTarget): void => {
    const arg = names.claim(raw, argName(raw.slice(raw.indexOf(':') + 1)));
    properties[arg] = schema;
    if (isRequired) required.push(arg);
    args.push(target(arg));
  };
  shape.pathArgs.forEach(({ param }, index) => {
    add(`path:${param.name}`, withDescription(convert(param.schema), param.description), true, (arg) => ({
      name: arg,
      to: 'path',
      index,
    }));
  });
  for (const field of shape.fields) {
    add(
      `param:${field.key}`,
      withDescription(convert(field.param.schema), field.param.description),
      field.param.required,
      (arg) => ({ name: arg, to: 'param', key: field.key }),
    );
  }
  const body = shape.body;
  if (body?.flatten) {
    const files = body.kind === 'multipart';
    const seen = new Set<string>();
    for (const property of body.properties) {
      if (seen.has(property.name)) continue;
      seen.add(property.name);
      const resolved = resolveSchema(model, property.schema);
      const file: 'one' | 'many' | undefined = !files
        ? undefined
        : resolved !== undefined && isUploadFile(resolved)
          ? 'one'
          : resolved?.kind === 'array' && isUploadFile(resolveSchema(model, resolved.items) ?? resolved)
            ? 'many'
            : undefined;
      add(
        `param:${property.name}`,
        withDescription(convert(property.schema, files), property.description),
        property.required,
        (arg) => ({ name: arg, to: 'param', key: property.name, ...(file ? { file } : {}) }),
      );
    }
  } else if (body) {
    const description = clipText(method.op.requestBody?.description, 1000) ?? 'The request body.';
    const schema: JsonSchema =
      body.kind === 'binary'
        ? { ...FILE_SCHEMA }
        : body.kind === 'text'
          ? { type: 'string' }
          : convert(body.content.schema, body.kind === 'multipart');
    add(`param:${body.key}`, { ...schema, description }, body.required, (arg) => ({
      name: arg,
      to: 'param',
      key: body.key,
      ...(body.kind === 'binary' ? { file: 'one' as const } : {}),
    }));
  }
  if (shape.pagination) {
    properties[MAX_PAGES_ARG] = {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGES_LIMIT,
      default: 1,
      description: `How many pages to fetch, following the API's pagination (at most ${MAX_PAGES_LIMIT}). With more than 1, the result is {"items": [...], "pages": n, "has_more": bool}.`,
    };
  }
  const inputSchema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) inputSchema.required = required;
  inputSchema.additionalProperties = false;
  const title = clipText(method.op.summary?.replace(/\s+/g, ' '), 200);
  return {
    name,
    ...(title !== undefined ? { title } : {}),
    description: toolDescription(method),
    http: `${method.op.method.toUpperCase()} ${method.op.path}`,
    inputSchema,
    args,
    paginated: shape.pagination !== undefined,
    response: shape.response.kind,
    method,
    access,
    hasParams: shape.hasParams,
    pathCount: shape.pathArgs.length,
  };
}

/** Every SDK method with the resource path from the client (`['projects', 'runs']`), in the SDK's resource order. */
function sdkMethods(sdk: SdkPlan): { method: MethodPlan; access: string[] }[] {
  const out: { method: MethodPlan; access: string[] }[] = [];
  const visit = (resources: SdkPlan['resources'], access: string[]): void => {
    for (const resource of resources) {
      const here = [...access, resource.propName];
      for (const method of resource.methods) out.push({ method, access: here });
      visit(resource.children, here);
    }
  };
  visit(sdk.resources, []);
  return out;
}

/** Operation key -> tool name (what `planTools` names each tool, without building the schemas). */
export function planToolNames(sdk: SdkPlan): Map<string, string> {
  const scope = new NameScope(DYNAMIC_TOOLS);
  const names = new Map<string, string>();
  for (const { method } of sdkMethods(sdk)) names.set(method.op.key, scope.claim(method.op.key, toolBaseName(method)));
  return names;
}

/** Every SDK method as a tool, in the SDK's resource order. */
export function planTools(model: ApiModel, sdk: SdkPlan): McpTool[] {
  const names = planToolNames(sdk);
  return sdkMethods(sdk).map(({ method, access }) =>
    planTool(model, method, names.get(method.op.key) as string, access),
  );
}
