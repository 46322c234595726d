// Small questions about one schema node that several checks ask.

import type { SchemaNode } from '../../model/types.ts';

/** The JSON type a node stands for, when it has one. */
export function typeOf(node: SchemaNode): string | undefined {
  switch (node.kind) {
    case 'object':
    case 'map':
      return 'object';
    case 'array':
      return 'array';
    case 'primitive':
      return node.type;
    case 'enum':
      return node.valueType === 'mixed' ? undefined : node.valueType;
    case 'literal':
      return node.value === null
        ? 'null'
        : Array.isArray(node.value)
          ? 'array'
          : typeof node.value === 'object'
            ? 'object'
            : typeof node.value === 'number'
              ? Number.isInteger(node.value)
                ? 'integer'
                : 'number'
              : typeof node.value;
    case 'intersection':
      return 'object';
    default:
      return undefined;
  }
}

/** The oneOf/anyOf among an intersection's members (a schema with a sibling oneOf), if any. */
export function unionMember(s: SchemaNode): SchemaNode | undefined {
  return s.kind === 'intersection' ? s.members.find((m) => m.kind === 'union') : undefined;
}

/** The named schema a resolved node came from, when its pointer is a component's. */
export function componentName(s: SchemaNode): string | undefined {
  const m = /^\/components\/schemas\/([^/]+)$/.exec(s.source.pointer);
  return m === null ? undefined : m[1]!.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A 3.1 `type: [a, b]`. */
export function isTypeArray(s: SchemaNode): boolean {
  return s.kind === 'union' && s.combinator === 'typeArray';
}

export function isSchema(x: boolean | SchemaNode | undefined): x is SchemaNode {
  return typeof x === 'object' && x !== null;
}

/** A node whose value is one scalar: its serialization does not depend on `explode`. */
export function isSingleValue(s: SchemaNode): boolean {
  return s.kind === 'primitive' || s.kind === 'enum' || s.kind === 'literal';
}
