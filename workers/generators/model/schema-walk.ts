// Visits every Schema Object written in the description (without following $refs), with its
// pointer. Iterative, so deeply nested schemas cannot overflow the stack.

import { asArray, asRecord, entries, isRecord, type JsonRecord } from './json-guards.ts';
import { joinPointer } from './parse/pointer.ts';
import { HTTP_METHODS } from './types.ts';

export interface SchemaSite {
  schema: JsonRecord;
  pointer: string;
}

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];
const SCHEMA_SINGLES = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
  'additionalItems',
];

export function listSchemas(doc: JsonRecord): SchemaSite[] {
  const roots: SchemaSite[] = [];
  const addRoot = (value: unknown, pointer: string): void => {
    const schema = asRecord(value);
    if (schema !== undefined) roots.push({ schema, pointer });
  };
  const visitContent = (content: unknown, base: string): void => {
    for (const [media, mt] of entries(content)) {
      const p = joinPointer(base, media);
      addRoot(asRecord(mt)?.schema, joinPointer(p, 'schema'));
      for (const [name, enc] of entries(asRecord(mt)?.encoding))
        visitHeaders(asRecord(enc)?.headers, joinPointer(p, 'encoding', name, 'headers'));
    }
  };
  const visitParamLike = (param: unknown, pointer: string): void => {
    addRoot(asRecord(param)?.schema, joinPointer(pointer, 'schema'));
    visitContent(asRecord(param)?.content, joinPointer(pointer, 'content'));
  };
  const visitHeaders = (headers: unknown, base: string): void => {
    for (const [name, h] of entries(headers)) visitParamLike(h, joinPointer(base, name));
  };
  const visitResponse = (response: unknown, pointer: string): void => {
    visitHeaders(asRecord(response)?.headers, joinPointer(pointer, 'headers'));
    visitContent(asRecord(response)?.content, joinPointer(pointer, 'content'));
  };
  const pathItemStack: { item: unknown; pointer: string }[] = [];
  const visitPathItem = (item: unknown, pointer: string): void => {
    const record = asRecord(item);
    if (record === undefined) return;
    asArray(record.parameters).forEach((p, i) => visitParamLike(p, joinPointer(pointer, 'parameters', i)));
    for (const method of HTTP_METHODS) {
      const op = asRecord(record[method]);
      if (op === undefined) continue;
      const op_ = joinPointer(pointer, method);
      asArray(op.parameters).forEach((p, i) => visitParamLike(p, joinPointer(op_, 'parameters', i)));
      visitContent(asRecord(op.requestBody)?.content, joinPointer(op_, 'requestBody', 'content'));
      for (const [status, r] of entries(op.responses)) visitResponse(r, joinPointer(op_, 'responses', status));
      for (const [name, cb] of entries(op.callbacks)) {
        for (const [expr, pi] of entries(cb))
          pathItemStack.push({ item: pi, pointer: joinPointer(op_, 'callbacks', name, expr) });
      }
    }
  };

  for (const [path, item] of entries(doc.paths)) pathItemStack.push({ item, pointer: joinPointer('/paths', path) });
  for (const [name, item] of entries(doc.webhooks))
    pathItemStack.push({ item, pointer: joinPointer('/webhooks', name) });
  const components = asRecord(doc.components);
  for (const [name, s] of entries(components?.schemas)) addRoot(s, joinPointer('/components/schemas', name));
  for (const [name, p] of entries(components?.parameters))
    visitParamLike(p, joinPointer('/components/parameters', name));
  visitHeaders(components?.headers, '/components/headers');
  for (const [name, rb] of entries(components?.requestBodies))
    visitContent(asRecord(rb)?.content, joinPointer('/components/requestBodies', name, 'content'));
  for (const [name, r] of entries(components?.responses)) visitResponse(r, joinPointer('/components/responses', name));
  for (const [name, item] of entries(components?.pathItems))
    pathItemStack.push({ item, pointer: joinPointer('/components/pathItems', name) });
  for (const [name, cb] of entries(components?.callbacks)) {
    for (const [expr, pi] of entries(cb))
      pathItemStack.push({ item: pi, pointer: joinPointer('/components/callbacks', name, expr) });
  }
  for (let guard = 0; pathItemStack.length > 0 && guard < 100_000; guard++) {
    const next = pathItemStack.pop() as { item: unknown; pointer: string };
    visitPathItem(next.item, next.pointer);
  }

  // Expand nested schemas.
  const out: SchemaSite[] = [];
  const stack = roots.reverse();
  while (stack.length > 0) {
    const site = stack.pop() as SchemaSite;
    out.push(site);
    const { schema, pointer } = site;
    const children: SchemaSite[] = [];
    for (const key of SCHEMA_MAPS) {
      const map = schema[key];
      if (!isRecord(map)) continue;
      for (const name of Object.keys(map)) {
        const child = map[name];
        if (isRecord(child)) children.push({ schema: child, pointer: joinPointer(pointer, key, name) });
      }
    }
    for (const key of SCHEMA_LISTS) {
      const list = schema[key];
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++) {
        const child: unknown = list[i];
        if (isRecord(child)) children.push({ schema: child, pointer: joinPointer(pointer, key, i) });
      }
    }
    for (const key of SCHEMA_SINGLES) {
      const child = schema[key];
      if (isRecord(child)) children.push({ schema: child, pointer: joinPointer(pointer, key) });
      else if (key === 'items' && Array.isArray(child)) {
        child.forEach((c, i) => {
          if (isRecord(c)) children.push({ schema: c, pointer: joinPointer(pointer, key, i) });
        });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as SchemaSite);
  }
  return out;
}
