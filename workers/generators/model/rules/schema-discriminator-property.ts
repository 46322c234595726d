import type { Rule } from './rule.ts';
import type { RefIndex } from '../refs/ref-index.ts';
import { asArray, asRecord, entries, type JsonRecord } from '../json-guards.ts';
import { getAtPointer, joinPointer, refToPointer } from '../parse/pointer.ts';

/** Whether a schema (following refs and allOf) declares a property. `undefined` = cannot tell. */
export function declaresProperty(schema: unknown, name: string, refs: RefIndex, depth = 0): boolean | undefined {
  if (depth > 16) return undefined;
  const resolved = refs.resolve(schema, '');
  const record = asRecord(resolved?.value);
  if (record === undefined) return undefined;
  if (asRecord(record.properties)?.[name] !== undefined) return true;
  let unknown = false;
  for (const part of [...asArray(record.allOf)]) {
    const found = declaresProperty(part, name, refs, depth + 1);
    if (found === true) return true;
    if (found === undefined) unknown = true;
  }
  // A variant that is itself a union declares it when every branch does.
  const branches = [...asArray(record.oneOf), ...asArray(record.anyOf)];
  if (branches.length > 0) {
    const all = branches.map((b) => declaresProperty(b, name, refs, depth + 1));
    if (all.every((f) => f === true)) return true;
    if (all.some((f) => f === undefined)) unknown = true;
  }
  return unknown ? undefined : false;
}

export function mappingTarget(value: string): string {
  return (
    refToPointer(value) ??
    (value.includes('/') || value.includes('#') ? value : joinPointer('/components/schemas', value))
  );
}

export const schemaDiscriminatorProperty: Rule = {
  id: 'schema/discriminator-property',
  severity: 'error',
  description:
    "A discriminator's propertyName must be a property of every variant, and its mapping must point at real schemas.",
  run(ctx) {
    for (const { schema, pointer } of ctx.schemas) {
      const discriminator = asRecord(schema.discriminator);
      if (discriminator === undefined) continue;
      const name = discriminator.propertyName;
      if (typeof name !== 'string') continue;
      const dPointer = joinPointer(pointer, 'discriminator');
      const variants: { schema: unknown; pointer: string }[] = [];
      for (const key of ['oneOf', 'anyOf'] as const)
        asArray(schema[key]).forEach((v, i) => variants.push({ schema: v, pointer: joinPointer(pointer, key, i) }));
      if (variants.length === 0) {
        // Discriminator on a base schema (children extend it through allOf): the base must declare it.
        if (declaresProperty(schema as JsonRecord, name, ctx.refs) === false) {
          ctx.report(
            joinPointer(dPointer, 'propertyName'),
            `Discriminator property "${name}" is not declared in this schema's properties.`,
          );
        }
      }
      for (const variant of variants) {
        if (declaresProperty(variant.schema, name, ctx.refs) === false) {
          const ref = asRecord(variant.schema)?.$ref;
          ctx.report(
            variant.pointer,
            `Variant ${typeof ref === 'string' ? `"${ref}" ` : ''}does not declare the discriminator property "${name}".`,
          );
        }
      }
      for (const [value, target] of entries(discriminator.mapping)) {
        if (typeof target !== 'string') continue;
        const targetPointer = mappingTarget(target);
        if (targetPointer.startsWith('/') || targetPointer === '') {
          if (getAtPointer(ctx.doc, targetPointer) === undefined) {
            ctx.report(
              joinPointer(dPointer, 'mapping', value),
              `Discriminator mapping "${value}" points at "${target}", which does not exist.`,
            );
          }
        }
      }
    }
  },
};
