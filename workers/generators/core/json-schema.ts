// The API model's schemas as JSON Schema (draft 2020-12), for tools that take JSON Schema as
// input (the MCP server's tool input schemas, the docs' llms-full.txt). References are inlined,
// because MCP clients and the models behind them read `$ref` poorly; a reference back into the
// chain being expanded, a depth past MAX_DEPTH or a schema past its node budget becomes `{}` (any
// value) with a note, so a recursive or huge model gives a bounded schema. Every value is data:
// the result is JSON, built from plain objects.

import type { ApiModel, JsonValue, SchemaNode } from '../model/types.ts';
import { isUploadFile } from './schema.ts';

export type JsonSchema = { [key: string]: JsonValue };

export const MAX_DEPTH = 8;
/** Nodes one top-level conversion may produce before the rest becomes `{}`. */
export const NODE_BUDGET = 1500;
const MAX_DESCRIPTION = 1000;

/** How a file (an upload: `format: binary`) is passed as JSON: its bytes in base64 and a file name. */
export const FILE_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'A file: its content in base64 and its name.',
  properties: {
    content_base64: { type: 'string', description: 'The file content, base64-encoded.' },
    filename: { type: 'string', description: 'The file name sent with the content.' },
    content_type: { type: 'string', description: 'The media type (default application/octet-stream).' },
  },
  required: ['content_base64'],
  additionalProperties: false,
};

export interface JsonSchemaOptions {
  /** Leave out readOnly properties (a request's schema). */
  request: boolean;
  /** Upload strings become FILE_SCHEMA objects (a multipart body). */
  files: boolean;
}

/** Whitespace collapsed and cut at `max` characters; undefined when empty. */
export function clipText(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
}

function validPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function finite(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value);
}

class Converter {
  readonly #budget: { nodes: number };
  readonly model: ApiModel;
  readonly options: JsonSchemaOptions;
  constructor(model: ApiModel, options: JsonSchemaOptions, shareBudgetWith?: Converter) {
    this.model = model;
    this.options = options;
    this.#budget = shareBudgetWith === undefined ? { nodes: 0 } : shareBudgetWith.#budget;
  }

  convert(node: SchemaNode, chain: readonly string[], depth: number): JsonSchema {
    this.#budget.nodes += 1;
    if (this.#budget.nodes > NODE_BUDGET || depth > MAX_DEPTH)
      return { description: '(nested too deep to describe here; any JSON value)' };
    const out = this.#shape(node, chain, depth);
    if (node.kind !== 'ref') {
      const description = clipText(node.description ?? node.title, MAX_DESCRIPTION);
      if (description !== undefined && out.description === undefined) out.description = description;
      if (node.default !== undefined) out.default = node.default;
      if (node.deprecated === true) out.deprecated = true;
    }
    return out;
  }

  #nullable(out: JsonSchema, nullable: boolean): JsonSchema {
    if (!nullable) return out;
    // An enum's values are the whole truth: null joins them (and the type, when there is one).
    if (Array.isArray(out.enum)) {
      const withNull: JsonSchema = { ...out, enum: out.enum.includes(null) ? out.enum : [...out.enum, null] };
      if (typeof out.type === 'string') withNull.type = [out.type, 'null'];
      return withNull;
    }
    if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
    return { anyOf: [out, { type: 'null' }] };
  }

  #shape(node: SchemaNode, chain: readonly string[], depth: number): JsonSchema {
    switch (node.kind) {
      case 'ref': {
        const target = this.model.schemas[node.target];
        if (target === undefined) return {};
        if (chain.includes(node.target))
          return { description: `(recursive: another ${clipText(target.name, 100) ?? 'value'}, any JSON value here)` };
        const inner = this.convert(target.schema, [...chain, node.target], depth + 1);
        return this.#nullable(inner, node.nullable && !target.schema.nullable);
      }
      case 'primitive': {
        if (this.options.files && isUploadFile(node)) return { ...FILE_SCHEMA };
        const out: JsonSchema = { type: node.type };
        if (node.format !== undefined && node.type === 'string' && node.format !== 'binary') out.format = node.format;
        const c = node.constraints;
        if (node.type === 'string') {
          if (finite(c.minLength)) out.minLength = c.minLength;
          if (finite(c.maxLength)) out.maxLength = c.maxLength;
          if (c.pattern !== undefined && validPattern(c.pattern)) out.pattern = c.pattern;
        }
        if (node.type === 'number' || node.type === 'integer') {
          if (finite(c.minimum)) out.minimum = c.minimum;
          if (finite(c.maximum)) out.maximum = c.maximum;
          if (finite(c.exclusiveMinimum)) out.exclusiveMinimum = c.exclusiveMinimum;
          if (finite(c.exclusiveMaximum)) out.exclusiveMaximum = c.exclusiveMaximum;
          if (finite(c.multipleOf) && c.multipleOf > 0) out.multipleOf = c.multipleOf;
        }
        return node.type === 'null' ? out : this.#nullable(out, node.nullable);
      }
      case 'enum': {
        const values = node.members.map((m) => m.value);
        const out: JsonSchema = { enum: [...new Set(values)] };
        if (node.valueType !== 'mixed') out.type = node.valueType;
        return this.#nullable(out, node.nullable);
      }
      case 'literal':
        return this.#nullable({ const: node.value }, node.nullable && node.value !== null);
      case 'array': {
        const out: JsonSchema = { type: 'array', items: this.convert(node.items, chain, depth + 1) };
        if (finite(node.minItems)) out.minItems = node.minItems;
        if (finite(node.maxItems)) out.maxItems = node.maxItems;
        if (node.uniqueItems === true) out.uniqueItems = true;
        return this.#nullable(out, node.nullable);
      }
      case 'map': {
        const out: JsonSchema = { type: 'object', additionalProperties: this.convert(node.values, chain, depth + 1) };
        return this.#nullable(out, node.nullable);
      }
      case 'object': {
        const properties: JsonSchema = {};
        const required: string[] = [];
        for (const property of node.properties) {
          if (this.options.request && property.readOnly) continue;
          if (Object.hasOwn(properties, property.name)) continue;
          const schema = this.convert(property.schema, chain, depth + 1);
          const description = clipText(property.description, MAX_DESCRIPTION);
          if (description !== undefined) schema.description = description;
          properties[property.name] = schema;
          if (property.required) required.push(property.name);
        }
        const out: JsonSchema = { type: 'object', properties };
        if (required.length > 0) out.required = required;
        if (node.additionalProperties === false) out.additionalProperties = false;
        else if (typeof node.additionalProperties === 'object')
          out.additionalProperties = this.convert(node.additionalProperties, chain, depth + 1);
        return this.#nullable(out, node.nullable);
      }
      case 'union': {
        const out: JsonSchema = { anyOf: node.variants.map((v) => this.convert(v, chain, depth + 1)) };
        if (node.variants.length === 0) return this.#nullable({}, node.nullable);
        return this.#nullable(out, node.nullable);
      }
      case 'intersection': {
        const members = node.members.filter((m) => !(m.kind === 'unknown' && m.reason === 'any'));
        if (members.length === 0) return {};
        // additionalProperties: false inside an allOf member would reject the other members' keys.
        const all = members.map((m) => {
          const schema = this.convert(m, chain, depth + 1);
          delete schema.additionalProperties;
          return schema;
        });
        return this.#nullable(all.length === 1 ? (all[0] as JsonSchema) : { allOf: all }, node.nullable);
      }
      case 'unknown':
        return {};
    }
  }
}

/**
 * A converter with one node budget for everything it converts (a tool's arguments together):
 * each call gives one schema of the model as a self-contained JSON Schema (no `$ref`, bounded).
 */
export function jsonSchemaConverter(
  model: ApiModel,
  options: JsonSchemaOptions = { request: true, files: false },
): (node: SchemaNode, files?: boolean) => JsonSchema {
  const plain = new Converter(model, options);
  const withFiles = new Converter(model, { ...options, files: true }, plain);
  return (node, files = options.files) => (files ? withFiles : plain).convert(node, [], 0);
}
