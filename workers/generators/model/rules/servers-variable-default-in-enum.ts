import type { Rule } from './rule.ts';
import { asRecord, entries } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';
import { listServers } from './servers-list.ts';

export const serversVariableDefaultInEnum: Rule = {
  id: 'servers/variable-default-in-enum',
  severity: 'error',
  description: "A server variable's default must be one of its enum values.",
  run(ctx) {
    for (const { server, pointer } of listServers(ctx)) {
      for (const [name, raw] of entries(server.variables)) {
        const variable = asRecord(raw);
        if (!variable || !Array.isArray(variable.enum) || variable.enum.length === 0) continue;
        if (!variable.enum.includes(variable.default)) {
          ctx.report(
            joinPointer(pointer, 'variables', name, 'default'),
            `Default ${JSON.stringify(variable.default)} of server variable "${name}" is not one of its enum values.`,
          );
        }
      }
    }
  },
};
