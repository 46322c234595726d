import type { Rule } from './rule.ts';
import { effectiveParameters } from '../doc-index.ts';
import { asRecord, entries } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';
import { pyIdent } from '../../names/python.ts';
import { tsIdent } from '../../names/typescript.ts';

/** Groups raw names by a converted name; returns groups with more than one distinct raw name. */
function collisions<T extends { raw: string }>(items: T[], convert: (raw: string) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = convert(item.raw);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else if (!group.some((g) => g.raw === item.raw)) group.push(item);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

export const generatorNameCollision: Rule = {
  id: 'generator/name-collision',
  severity: 'warning',
  description:
    'Distinct names that become the same identifier in a generated SDK (e.g. `user-info` and `UserInfo`) get disambiguated with a numeric suffix.',
  run(ctx) {
    const reported = new Set<string>();
    const report = (
      group: { raw: string; pointer: string }[],
      what: string,
      target: string,
      identifier: string,
    ): void => {
      const later = group.slice(1);
      for (const item of later) {
        const key = item.pointer + what;
        if (reported.has(key)) continue;
        reported.add(key);
        ctx.report(
          item.pointer,
          `${what} "${item.raw}" and "${group[0]?.raw}" both become the ${target} identifier \`${identifier}\`.`,
        );
      }
    };

    const schemas = entries(asRecord(ctx.doc.components)?.schemas).map(([raw]) => ({
      raw,
      pointer: joinPointer('/components/schemas', raw),
    }));
    for (const group of collisions(schemas, (r) => tsIdent(r, { kind: 'type' })))
      report(group, 'Schema names', 'TypeScript', tsIdent(group[0]?.raw ?? '', { kind: 'type' }));
    for (const group of collisions(schemas, (r) => pyIdent(r, { kind: 'type' })))
      report(group, 'Schema names', 'Python', pyIdent(group[0]?.raw ?? '', { kind: 'type' }));

    const opIds = ctx.operations.flatMap((op) =>
      typeof op.operation.operationId === 'string'
        ? [{ raw: op.operation.operationId, pointer: joinPointer(op.pointer, 'operationId') }]
        : [],
    );
    for (const group of collisions(opIds, (r) => pyIdent(r)))
      report(group, 'operationIds', 'Python', pyIdent(group[0]?.raw ?? ''));
    for (const group of collisions(opIds, (r) => tsIdent(r, { kind: 'member' })))
      report(group, 'operationIds', 'TypeScript', tsIdent(group[0]?.raw ?? '', { kind: 'member' }));

    for (const op of ctx.operations) {
      const params = effectiveParameters(op, ctx.refs).map((p) => ({ raw: p.name, pointer: p.pointer }));
      for (const group of collisions(params, (r) => pyIdent(r, { kind: 'param' })))
        report(group, 'Parameters', 'Python', pyIdent(group[0]?.raw ?? '', { kind: 'param' }));
    }
    for (const { schema, pointer } of ctx.schemas) {
      const props = entries(schema.properties).map(([raw]) => ({
        raw,
        pointer: joinPointer(pointer, 'properties', raw),
      }));
      if (props.length < 2) continue;
      for (const group of collisions(props, (r) => pyIdent(r, { kind: 'member' })))
        report(group, 'Properties', 'Python', pyIdent(group[0]?.raw ?? '', { kind: 'member' }));
    }
  },
};
