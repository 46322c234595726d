// A `oneOf` no object can satisfy as oneOf asks (exactly one variant): a fault of the description,
// found on the API model. The wire tests plan an operation whose request needs one as not testable
// (workers/pipeline/wire-plan.ts) instead of failing it; the value builder cannot do better.

import type { ApiModel, SchemaNode } from '../model/types.ts';

/** References followed to reach a variant's object (a chain of aliases). */
const MAX_ALIASES = 8;

/** The object a node is, through references, or undefined. */
function objectOf(model: ApiModel, node: SchemaNode): Extract<SchemaNode, { kind: 'object' }> | undefined {
  let current: SchemaNode | undefined = node;
  for (let i = 0; i <= MAX_ALIASES && current !== undefined; i++) {
    if (current.kind === 'object') return current;
    if (current.kind !== 'ref') return undefined;
    current = model.schemas[current.target]?.schema;
  }
  return undefined;
}

/**
 * The names of the variants (a referenced schema's name, else `variant N`) when `node` is a
 * `oneOf` whose variants no object tells apart, else undefined. That is exactly when it has two or
 * more variants and no discriminator, and every variant is an object (as the model reads it) that
 * - requires no property,
 * - is open (no `additionalProperties`: `false` would refuse another variant's property, a schema
 *   could refuse its value),
 * - shares no property name with another variant.
 * Then an object made of one variant's properties, each with a value that variant accepts, is
 * accepted by every other variant too (they neither require nor constrain those names), and `{}`
 * by all: no object matches exactly one. A variant that requires, closes or shares anything can be
 * told apart, so the union is not reported.
 */
export function indistinctOneOf(model: ApiModel, node: SchemaNode): string[] | undefined {
  if (node.kind !== 'union' || node.combinator !== 'oneOf' || node.discriminator || node.variants.length < 2)
    return undefined;
  const seen = new Set<string>();
  for (const variant of node.variants) {
    const object = objectOf(model, variant);
    if (object === undefined) return undefined;
    if (object.additionalProperties !== undefined && object.additionalProperties !== true) return undefined;
    if ((object.requiredOnly?.length ?? 0) > 0 || object.properties.some((p) => p.required)) return undefined;
    for (const property of object.properties) {
      if (seen.has(property.name)) return undefined;
      seen.add(property.name);
    }
  }
  return node.variants.map((variant, i) => (variant.kind === 'ref' ? variant.target : `variant ${i + 1}`));
}
