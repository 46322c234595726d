// Reading schema nodes of the API model the same way in every emitter: following references
// (one loop guard), the properties of an object or an allOf of objects, and the item schema of a
// paginated response.

import type { ApiModel, PropertyNode, SchemaNode } from '../model/types.ts';

/** Follows references to a non-reference node; undefined on a reference cycle or a dangling reference. */
export function resolveSchema(model: ApiModel, node: SchemaNode): SchemaNode | undefined {
  const seen = new Set<string>();
  let current: SchemaNode | undefined = node;
  while (current?.kind === 'ref') {
    if (seen.has(current.target)) return undefined;
    seen.add(current.target);
    current = model.schemas[current.target]?.schema;
  }
  return current;
}

export interface ObjectShape {
  properties: PropertyNode[];
  required: Set<string>;
}

/**
 * Properties of an object, a reference to one, or an allOf of those (merged, the first
 * declaration of a name wins; `{}` members are ignored); undefined for anything else. A reference
 * back into the chain being read contributes no properties.
 */
export function objectShape(
  model: ApiModel,
  node: SchemaNode,
  seen: ReadonlySet<string> = new Set(),
): ObjectShape | undefined {
  if (node.kind === 'ref') {
    if (seen.has(node.target)) return { properties: [], required: new Set() };
    const target = model.schemas[node.target];
    if (target === undefined) return undefined;
    return objectShape(model, target.schema, new Set([...seen, node.target]));
  }
  if (node.kind === 'object') {
    // `required` names without a property of their own here (an allOf sibling declares it) count too.
    const required = new Set([
      ...node.properties.filter((p) => p.required).map((p) => p.name),
      ...(node.requiredOnly ?? []),
    ]);
    return { properties: node.properties, required };
  }
  if (node.kind === 'intersection') {
    const byName = new Map<string, PropertyNode>();
    const required = new Set<string>();
    for (const member of node.members) {
      if (member.kind === 'unknown' && member.reason === 'any') continue;
      const shape = objectShape(model, member, seen);
      if (shape === undefined) return undefined;
      for (const p of shape.properties) {
        if (!byName.has(p.name)) byName.set(p.name, p);
      }
      for (const r of shape.required) required.add(r);
    }
    return { properties: [...byName.values()], required: new Set([...required].filter((r) => byName.has(r))) };
  }
  return undefined;
}

/**
 * The item schema of a paginated response: `itemsPath` (a dot path, `''` for the response itself)
 * followed through objects, references and allOf compositions to an array.
 */
export function pageItemSchema(
  model: ApiModel,
  schema: SchemaNode | undefined,
  itemsPath: string,
): SchemaNode | undefined {
  let node = schema ? resolveSchema(model, schema) : undefined;
  for (const segment of itemsPath === '' ? [] : itemsPath.split('.')) {
    const shape = node ? objectShape(model, node) : undefined;
    const property = shape?.properties.find((p) => p.name === segment);
    node = property ? resolveSchema(model, property.schema) : undefined;
  }
  return node?.kind === 'array' ? node.items : undefined;
}

/**
 * A string schema whose value is a file's bytes, the one rule every emitter follows: `format:
 * binary` (3.0), or (3.1) a `contentMediaType` that is not text and has no `contentEncoding` (a
 * base64-encoded string is text, and a `text/*` one is too). Where it is a file is the emitters'
 * spelling: the SDKs' upload types, the CLI's `@file` flags, the docs samples' file placeholders.
 */
export function isUploadFile(node: SchemaNode): boolean {
  return (
    node.kind === 'primitive' &&
    node.type === 'string' &&
    (node.format === 'binary' ||
      (node.contentMediaType !== undefined &&
        node.contentEncoding === undefined &&
        !node.contentMediaType.startsWith('text/')))
  );
}

/** Whether a value of `node` can hold a file upload (`isUploadFile`) anywhere: through references, properties, items, variants. */
export function carriesFile(model: ApiModel, node: SchemaNode, seen: ReadonlySet<string> = new Set()): boolean {
  switch (node.kind) {
    case 'ref': {
      const target = model.schemas[node.target]?.schema;
      return (
        target !== undefined && !seen.has(node.target) && carriesFile(model, target, new Set([...seen, node.target]))
      );
    }
    case 'primitive':
      return isUploadFile(node);
    case 'object':
      return node.properties.some((p) => carriesFile(model, p.schema, seen));
    case 'array':
      return carriesFile(model, node.items, seen);
    case 'map':
      return carriesFile(model, node.values, seen);
    case 'union':
      return node.variants.some((v) => carriesFile(model, v, seen));
    case 'intersection':
      return node.members.some((m) => carriesFile(model, m, seen));
    default:
      return false;
  }
}
