import type { Rule } from './rule.ts';
import { asArray } from '../json-guards.ts';

export const serversPresent: Rule = {
  id: 'servers/present',
  severity: 'warning',
  description: 'Without `servers`, the base URL defaults to "/" and generated clients need one passed in explicitly.',
  run(ctx) {
    if (asArray(ctx.doc.servers).length === 0)
      ctx.report('', 'The description declares no servers: clients will need an explicit base URL.');
  },
};
