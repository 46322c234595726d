import type { Rule } from './rule.ts';
import { asRecord, entries } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';
import { listSecurityUses } from './security-requirements.ts';

export const securitySchemeUnused: Rule = {
  id: 'security/scheme-unused',
  severity: 'warning',
  description: 'A security scheme no requirement uses is never applied: SDKs would not send its credentials.',
  run(ctx) {
    const used = new Set(listSecurityUses(ctx).map((u) => u.scheme));
    for (const [name] of entries(asRecord(ctx.doc.components)?.securitySchemes)) {
      if (!used.has(name))
        ctx.report(
          joinPointer('/components/securitySchemes', name),
          `Security scheme "${name}" is defined but no security requirement uses it.`,
        );
    }
  },
};
