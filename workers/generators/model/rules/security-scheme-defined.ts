import type { Rule } from './rule.ts';
import { asRecord } from '../json-guards.ts';
import { listSecurityUses } from './security-requirements.ts';

export const securitySchemeDefined: Rule = {
  id: 'security/scheme-defined',
  severity: 'error',
  description: 'A security requirement must name a scheme defined under components/securitySchemes.',
  run(ctx) {
    const schemes = asRecord(asRecord(ctx.doc.components)?.securitySchemes) ?? {};
    for (const use of listSecurityUses(ctx)) {
      if (!Object.hasOwn(schemes, use.scheme)) {
        ctx.report(use.pointer, `Security scheme "${use.scheme}" is not defined in components/securitySchemes.`);
      }
    }
  },
};
