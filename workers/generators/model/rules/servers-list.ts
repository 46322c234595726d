// Every Server Object in the description (document, path item and operation level).

import type { RuleContext } from './rule.ts';
import { asArray, asRecord, type JsonRecord } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';

export function listServers(ctx: Pick<RuleContext, 'doc' | 'operations'>): { server: JsonRecord; pointer: string }[] {
  const out: { server: JsonRecord; pointer: string }[] = [];
  const add = (list: unknown, base: string): void => {
    asArray(list).forEach((raw, i) => {
      const server = asRecord(raw);
      if (server) out.push({ server, pointer: joinPointer(base, 'servers', i) });
    });
  };
  add(ctx.doc.servers, '');
  const items = new Set<string>();
  for (const op of ctx.operations) {
    if (!items.has(op.pathItemPointer)) {
      items.add(op.pathItemPointer);
      add(op.pathItem.servers, op.pathItemPointer);
    }
    add(op.operation.servers, op.pointer);
  }
  return out;
}
