import type { Rule } from './rule.ts';
import { joinPointer } from '../parse/pointer.ts';

export const refExternal: Rule = {
  id: 'ref/external',
  severity: 'error',
  description:
    'External $refs (URLs, other files) are never fetched or read here: bundle the description into one document.',
  run(ctx) {
    for (const site of ctx.refs.sites) {
      if (site.kind !== 'external') continue;
      const kind = /^[a-z][a-z0-9+.-]*:/i.test(site.ref) ? 'URL' : 'file';
      ctx.report(
        joinPointer(site.pointer, '$ref'),
        `External $ref to ${kind} "${site.ref}" was not followed (external references are never fetched or read); bundle it into the description.`,
      );
    }
  },
};
