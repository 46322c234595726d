import type { Rule } from './rule.ts';
import { asRecord, asString } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';
import { listServers } from './servers-list.ts';

export const serversVariableDefined: Rule = {
  id: 'servers/variable-defined',
  severity: 'error',
  description: "Each {variable} in a server URL must be defined under the server's `variables`.",
  run(ctx) {
    for (const { server, pointer } of listServers(ctx)) {
      const url = asString(server.url);
      if (url === undefined) continue;
      const variables = asRecord(server.variables) ?? {};
      for (const m of url.matchAll(/\{([^{}]*)\}/g)) {
        const name = m[1] ?? '';
        if (!Object.hasOwn(variables, name)) {
          ctx.report(joinPointer(pointer, 'url'), `Server URL variable {${name}} is not defined in \`variables\`.`);
        }
      }
    }
  },
};
