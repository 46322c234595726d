import type { Rule } from './rule.ts';
import { effectiveParameters, isIgnoredHeader } from '../doc-index.ts';

export const parameterHeaderIgnored: Rule = {
  id: 'parameter/header-ignored',
  severity: 'warning',
  description:
    'A header parameter named Accept, Content-Type or Authorization, which OpenAPI says is ignored (the SDKs neither take nor send it).',
  run(ctx) {
    const seen = new Set<string>();
    for (const op of ctx.operations)
      for (const p of effectiveParameters(op, ctx.refs)) {
        if (!isIgnoredHeader(p.in, p.name) || seen.has(p.pointer)) continue;
        seen.add(p.pointer);
        ctx.report(
          p.pointer,
          `The \`${p.name}\` header parameter is ignored (OpenAPI: such a parameter "SHALL be ignored"); the SDKs do not take it: ${
            p.name.toLowerCase() === 'authorization'
              ? 'describe the credential as a security scheme'
              : 'the request and response media types set this header'
          }.`,
        );
      }
  },
};
