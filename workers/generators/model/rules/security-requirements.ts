// Every Security Requirement written in the description (document level and per operation).

import type { RuleContext } from './rule.ts';
import { asArray, entries } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';

export interface RequirementUse {
  scheme: string;
  scopes: unknown;
  pointer: string;
}

export function listSecurityUses(ctx: Pick<RuleContext, 'doc' | 'operations'>): RequirementUse[] {
  const out: RequirementUse[] = [];
  const add = (list: unknown, base: string): void => {
    asArray(list).forEach((requirement, index) => {
      for (const [scheme, scopes] of entries(requirement))
        out.push({ scheme, scopes, pointer: joinPointer(base, index, scheme) });
    });
  };
  add(ctx.doc.security, '/security');
  for (const op of ctx.operations) add(op.operation.security, joinPointer(op.pointer, 'security'));
  return out;
}
