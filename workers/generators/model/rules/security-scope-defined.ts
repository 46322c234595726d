import type { Rule } from './rule.ts';
import { asArray, asRecord, entries } from '../json-guards.ts';
import { listSecurityUses } from './security-requirements.ts';

export const securityScopeDefined: Rule = {
  id: 'security/scope-defined',
  severity: 'warning',
  description: 'Scopes required of an OAuth2 scheme should be declared in one of its flows.',
  run(ctx) {
    const schemes = asRecord(asRecord(ctx.doc.components)?.securitySchemes) ?? {};
    for (const use of listSecurityUses(ctx)) {
      const scheme = ctx.refs.record(schemes[use.scheme], '')?.value;
      if (scheme?.type !== 'oauth2') continue;
      const declared = new Set<string>();
      for (const [, flow] of entries(scheme.flows))
        for (const [scope] of entries(asRecord(flow)?.scopes)) declared.add(scope);
      for (const scope of asArray(use.scopes)) {
        if (typeof scope === 'string' && !declared.has(scope)) {
          ctx.report(use.pointer, `Scope "${scope}" is not declared by any flow of OAuth2 scheme "${use.scheme}".`);
        }
      }
    }
  },
};
