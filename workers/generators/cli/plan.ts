// The command tree: one group per SDK resource and one command per SDK method, with command
// words and flag names decided here, once (kebab-case, unique per level, never a global flag).
// Flags come from the SDK method's shape, so a flag's key is exactly the key the SDK reads.

import { isUploadFile, resolveSchema } from '../core/schema.ts';
import type { ApiModel, JsonValue, Parameter, PropertyNode, SchemaNode } from '../model/types.ts';
import { kebabCase } from '../names/case.ts';
import { NameScope } from '../names/scope.ts';
import {
  methodShape,
  type MethodPlan,
  type MethodShape,
  type ResourcePlan,
  type SdkPlan,
} from '../typescript/naming.ts';

export type FlagType = 'string' | 'integer' | 'number' | 'boolean' | 'json' | 'file';

export interface CliFlag {
  name: string;
  key: string;
  in: 'path' | 'query' | 'header' | 'cookie' | 'body';
  type: FlagType;
  multiple: boolean;
  required: boolean;
  description?: string;
  choices?: (string | number | boolean)[];
  defaultText?: string;
  deprecated: boolean;
}

export interface CliMethod {
  word: string;
  sdk: MethodPlan;
  shape: MethodShape;
  flags: CliFlag[];
  /** Property names from the client to the resource (`['projects', 'runs']`). */
  access: string[];
  group: CliGroup;
}

export interface CliGroup {
  word: string;
  resource: ResourcePlan;
  groups: CliGroup[];
  methods: CliMethod[];
  description?: string;
}

/** Flags the runtime defines for every command (`bundle/args.ts`), plus `--data`, `--all` and `--max-items`. */
export const RESERVED_FLAGS = [
  'help',
  'version',
  'api-key',
  'base-url',
  'format',
  'dry-run',
  'verbose',
  'max-retries',
  'data',
  'all',
  'max-items',
  'h',
];

/** Command words the root keeps for itself. */
export const RESERVED_COMMANDS = ['completion', 'help'];

const MAX_FLAG_DESCRIPTION = 400;

/** Whitespace collapsed, cut at `max` characters. */
export function clip(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
}

function oneLine(text: string | undefined, max: number): string | undefined {
  return clip(text?.replace(/\s+/g, ' '), max);
}

interface TypeInfo {
  type: FlagType;
  multiple: boolean;
  choices?: (string | number | boolean)[];
}

function scalarType(model: ApiModel, schema: SchemaNode, files: boolean, depth = 0): TypeInfo {
  const node = resolveSchema(model, schema);
  const json: TypeInfo = { type: 'json', multiple: false };
  if (node === undefined || depth > 2) return json;
  switch (node.kind) {
    case 'primitive':
      switch (node.type) {
        case 'string':
          return { type: files && isUploadFile(node) ? 'file' : 'string', multiple: false };
        case 'integer':
          return { type: 'integer', multiple: false };
        case 'number':
          return { type: 'number', multiple: false };
        case 'boolean':
          return { type: 'boolean', multiple: false };
        default:
          return json;
      }
    case 'enum': {
      const choices = node.members.map((m) => m.value);
      if (node.valueType === 'boolean') return { type: 'boolean', multiple: false };
      const type: FlagType =
        node.valueType === 'integer' ? 'integer' : node.valueType === 'number' ? 'number' : 'string';
      return { type, multiple: false, ...(choices.length > 0 ? { choices } : {}) };
    }
    case 'literal': {
      const value = node.value;
      if (typeof value === 'string') return { type: 'string', multiple: false, choices: [value] };
      if (typeof value === 'number')
        return { type: Number.isInteger(value) ? 'integer' : 'number', multiple: false, choices: [value] };
      if (typeof value === 'boolean') return { type: 'boolean', multiple: false };
      return json;
    }
    case 'array': {
      const item = scalarType(model, node.items, files, depth + 1);
      return item.type === 'json' || item.multiple ? json : { ...item, multiple: true };
    }
    case 'union': {
      const variants = node.variants.map((v) => scalarType(model, v, files, depth + 1));
      if (variants.length > 0 && variants.every((v) => v.type === 'string' && !v.multiple && v.choices === undefined))
        return { type: 'string', multiple: false };
      return json;
    }
    default:
      return json;
  }
}

function defaultText(value: JsonValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  return oneLine(typeof value === 'string' ? value : JSON.stringify(value), 60);
}

/** Claims flag names: kebab-case, then `<location>-<name>`, then numbered. */
class FlagNames {
  readonly #taken: Set<string>;
  readonly #booleans = new Set<string>();

  constructor(reserved: readonly string[]) {
    this.#taken = new Set([...RESERVED_FLAGS, ...reserved]);
  }

  #free(name: string, boolean: boolean): boolean {
    if (this.#taken.has(name)) return false;
    if (boolean && this.#taken.has(`no-${name}`)) return false;
    if (name.startsWith('no-') && this.#booleans.has(name.slice(3))) return false;
    return true;
  }

  claim(raw: string, location: string, boolean: boolean): string {
    const base = kebabCase(raw) || 'value';
    const candidates = [base, `${location}-${base}`];
    let name = candidates.find((c) => this.#free(c, boolean));
    for (let n = 2; name === undefined; n++) if (this.#free(`${base}-${n}`, boolean)) name = `${base}-${n}`;
    this.#taken.add(name);
    if (boolean) this.#booleans.add(name);
    return name;
  }
}

function paramFlag(model: ApiModel, names: FlagNames, param: Parameter, key: string, location: CliFlag['in']): CliFlag {
  const info =
    location === 'path'
      ? { ...scalarType(model, param.schema, false), multiple: false }
      : scalarType(model, param.schema, false);
  const type = location === 'path' && info.type === 'boolean' ? 'string' : info.type;
  const description = oneLine(param.description ?? param.schema.description, MAX_FLAG_DESCRIPTION);
  const fallback = defaultText(resolveSchema(model, param.schema)?.default ?? param.schema.default);
  return {
    name: names.claim(param.name, location, type === 'boolean' && !info.multiple),
    key,
    in: location,
    type,
    multiple: info.multiple,
    required: location === 'path' || param.required,
    ...(description !== undefined ? { description } : {}),
    ...(info.choices ? { choices: info.choices } : {}),
    ...(fallback !== undefined ? { defaultText: fallback } : {}),
    deprecated: param.deprecated,
  };
}

function bodyFlag(model: ApiModel, names: FlagNames, property: PropertyNode, files: boolean): CliFlag {
  const info = scalarType(model, property.schema, files);
  const description = oneLine(property.description ?? property.schema.description, MAX_FLAG_DESCRIPTION);
  const fallback = defaultText(resolveSchema(model, property.schema)?.default ?? property.schema.default);
  return {
    name: names.claim(property.name, 'body', info.type === 'boolean' && !info.multiple),
    key: property.name,
    in: 'body',
    type: info.type,
    multiple: info.multiple,
    required: property.required,
    ...(description !== undefined ? { description } : {}),
    ...(info.choices ? { choices: info.choices } : {}),
    ...(fallback !== undefined ? { defaultText: fallback } : {}),
    deprecated: property.deprecated || property.schema.deprecated === true,
  };
}

function planMethod(
  model: ApiModel,
  method: MethodPlan,
  word: string,
  access: string[],
  group: CliGroup,
  reserved: readonly string[],
): CliMethod {
  const shape = methodShape(model, method);
  const names = new FlagNames(reserved);
  const flags: CliFlag[] = [];
  for (const { param } of shape.pathArgs) flags.push(paramFlag(model, names, param, param.name, 'path'));
  for (const field of shape.fields)
    flags.push(paramFlag(model, names, field.param, field.key, field.param.in === 'path' ? 'query' : field.param.in));
  if (shape.body?.flatten) {
    const files = shape.body.kind === 'multipart';
    const seen = new Set<string>();
    for (const property of shape.body.properties) {
      if (property.readOnly || seen.has(property.name)) continue;
      seen.add(property.name);
      flags.push(bodyFlag(model, names, property, files));
    }
  }
  return { word, sdk: method, shape, flags, access, group };
}

function groupDescription(model: ApiModel, raw: string): string | undefined {
  const wanted = kebabCase(raw);
  const tag = model.tags.find((t) => t.name === raw) ?? model.tags.find((t) => kebabCase(t.name) === wanted);
  return oneLine(tag?.description, 300);
}

/** The global flags of a CLI whose API has an OAuth2 client-credentials flow (no command flag takes them then). */
export const CLIENT_CREDENTIAL_FLAGS = ['client-id', 'client-secret'] as const;

export function planCommands(model: ApiModel, sdk: SdkPlan): CliGroup[] {
  const reserved = sdk.clientCredentials !== undefined ? CLIENT_CREDENTIAL_FLAGS : [];
  const planGroup = (resource: ResourcePlan, word: string, access: string[]): CliGroup => {
    const description = groupDescription(model, resource.resource.name);
    const group: CliGroup = {
      word,
      resource,
      groups: [],
      methods: [],
      ...(description !== undefined ? { description } : {}),
    };
    const scope = new NameScope(['help']);
    const childAccess = [...access, resource.propName];
    for (const child of resource.children) {
      group.groups.push(
        planGroup(
          child,
          scope.claim(`group:${child.resource.name}`, kebabCase(child.resource.name) || 'resource'),
          childAccess,
        ),
      );
    }
    for (const method of resource.methods) {
      group.methods.push(
        planMethod(
          model,
          method,
          scope.claim(`method:${method.rawName}`, kebabCase(method.rawName) || 'call'),
          childAccess,
          group,
          reserved,
        ),
      );
    }
    return group;
  };
  const root = new NameScope(RESERVED_COMMANDS);
  return sdk.resources.map((resource) =>
    planGroup(resource, root.claim(resource.resource.name, kebabCase(resource.resource.name) || 'resource'), []),
  );
}
