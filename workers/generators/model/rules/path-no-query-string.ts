import type { Rule } from './rule.ts';
import { entries } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';

export const pathNoQueryString: Rule = {
  id: 'path/no-query-string',
  severity: 'error',
  description: 'Path keys must not contain a query string or fragment; declare query parameters instead.',
  run(ctx) {
    for (const [path] of entries(ctx.doc.paths)) {
      if (/[?#]/.test(path))
        ctx.report(joinPointer('/paths', path), `Path "${path}" contains "?" or "#"; use \`in: query\` parameters.`);
    }
  },
};
