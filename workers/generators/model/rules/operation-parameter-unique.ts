import type { Rule } from './rule.ts';
import { asArray, asRecord, asString, entries } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';
import { HTTP_METHODS } from '../types.ts';

// One pass per list (a Set of `in:name` keys), so it stays linear however long the list: the
// official 3.0 schema's pairwise `uniqueItems` on these lists is not compiled (see oas-schemas.ts),
// this rule reports those duplicates instead, by (name, in) rather than by deep equality.
export const operationParameterUnique: Rule = {
  id: 'operation/parameter-unique',
  severity: 'error',
  description: 'A parameter list must not contain two parameters with the same name and location.',
  run(ctx) {
    const lists: { list: unknown; pointer: string }[] = [];
    const seenItems = new Set<string>();
    for (const op of ctx.operations) {
      lists.push({ list: op.operation.parameters, pointer: joinPointer(op.pointer, 'parameters') });
      if (!seenItems.has(op.pathItemPointer)) {
        seenItems.add(op.pathItemPointer);
        lists.push({ list: op.pathItem.parameters, pointer: joinPointer(op.pathItemPointer, 'parameters') });
      }
    }
    // Path items the operations do not reach (no operation of their own) and those of callbacks,
    // which the schema's `uniqueItems` covered too. Each resolved path item is read once.
    const seenResolved = new Set<string>();
    const pathItem = (raw: unknown, pointer: string, withOperations: boolean): void => {
      const item = ctx.refs.record(raw, pointer);
      if (item === undefined || seenResolved.has(item.pointer)) return;
      seenResolved.add(item.pointer);
      if (!seenItems.has(pointer)) {
        seenItems.add(pointer);
        lists.push({ list: item.value.parameters, pointer: joinPointer(pointer, 'parameters') });
      }
      for (const method of HTTP_METHODS) {
        const operation = asRecord(item.value[method]);
        if (operation === undefined) continue;
        const opPointer = joinPointer(pointer, method);
        if (withOperations) lists.push({ list: operation.parameters, pointer: joinPointer(opPointer, 'parameters') });
        for (const [name, cb] of entries(operation.callbacks)) callback(cb, joinPointer(opPointer, 'callbacks', name));
      }
    };
    const callback = (raw: unknown, pointer: string): void => {
      const cb = ctx.refs.record(raw, pointer);
      if (cb === undefined || seenResolved.has(cb.pointer)) return;
      seenResolved.add(cb.pointer);
      for (const [expression, item] of entries(cb.value))
        if (!expression.startsWith('x-')) pathItem(item, joinPointer(cb.pointer, expression), true);
    };
    for (const [container, base] of [
      [ctx.doc.paths, '/paths'],
      [ctx.doc.webhooks, '/webhooks'],
    ] as const) {
      for (const [path, raw] of entries(container))
        if (!path.startsWith('x-')) pathItem(raw, joinPointer(base, path), false);
    }
    const components = asRecord(ctx.doc.components);
    for (const [name, cb] of entries(components?.callbacks)) callback(cb, joinPointer('/components/callbacks', name));

    for (const { list, pointer } of lists) {
      const seen = new Set<string>();
      asArray(list).forEach((raw, index) => {
        const itemPointer = joinPointer(pointer, index);
        const p = ctx.refs.record(raw, itemPointer)?.value;
        const name = asString(p?.name);
        const location = asString(p?.in);
        if (name === undefined || location === undefined) return;
        const key = `${location}:${location === 'header' ? name.toLowerCase() : name}`;
        if (seen.has(key)) ctx.report(itemPointer, `Parameter "${name}" (in: ${location}) is declared more than once.`);
        seen.add(key);
      });
    }
  },
};
