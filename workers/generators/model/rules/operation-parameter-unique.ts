import type { Rule } from './rule.ts';
import { asArray, asString } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';

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
