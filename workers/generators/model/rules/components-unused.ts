import type { Rule } from './rule.ts';
import { asRecord, entries } from '../json-guards.ts';
import { joinPointer, refToPointer } from '../parse/pointer.ts';

const SECTIONS = [
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'examples',
  'links',
  'callbacks',
  'pathItems',
];

export const componentsUnused: Rule = {
  id: 'components/unused',
  severity: 'warning',
  description: 'Components nothing refers to are dead weight (and generate unused SDK types).',
  run(ctx) {
    const components = asRecord(ctx.doc.components);
    if (components === undefined) return;
    // A component counts as used when a ref (or a discriminator mapping) from outside the
    // component itself points at it or inside it: a self-recursive schema is still unused.
    const external = new Set<string>();
    const use = (from: string, target: string | undefined): void => {
      if (target === undefined) return;
      const parts = target.split('/');
      if (parts[1] !== 'components' || parts.length < 4) return;
      const owner = parts.slice(0, 4).join('/');
      if (from === owner || from.startsWith(owner + '/')) return;
      external.add(owner);
    };
    for (const site of ctx.refs.sites) use(site.pointer, site.target);
    for (const { schema, pointer } of ctx.schemas) {
      for (const [, value] of entries(asRecord(schema.discriminator)?.mapping)) {
        if (typeof value === 'string') use(pointer, refToPointer(value) ?? joinPointer('/components/schemas', value));
      }
    }
    for (const section of SECTIONS) {
      for (const [name] of entries(components[section])) {
        const pointer = joinPointer('/components', section, name);
        if (!external.has(pointer)) ctx.report(pointer, `Component ${section}/${name} is never referenced.`);
      }
    }
  },
};
