import type { Rule } from './rule.ts';
import { asArray, asRecord, asString } from '../json-guards.ts';

export const tagsUnique: Rule = {
  id: 'tags/unique',
  severity: 'error',
  description: 'Top-level tag names must be unique.',
  run(ctx) {
    const seen = new Set<string>();
    asArray(ctx.doc.tags).forEach((tag, i) => {
      const name = asString(asRecord(tag)?.name);
      if (name === undefined) return;
      if (seen.has(name)) ctx.report(`/tags/${i}`, `Tag "${name}" is declared more than once.`);
      seen.add(name);
    });
  },
};
