// The resource plan every SDK makes (resources with `children`, methods bound to operations) and
// walks over it.

import type { Operation } from '../model/types.ts';

/** A method of a resource as an SDK plans it: the names are the SDK's spelling. */
export interface MethodPlan {
  /** Member identifier on the resource class. */
  name: string;
  /** The method name from the configuration (or derived), before spelling. */
  rawName: string;
  op: Operation;
  deprecated?: string | boolean;
  /** Exported type names claimed for the method's params (or inline request body) and its inline response. */
  paramsType: string;
  responseType: string;
}

/** Every resource of the tree, depth first, parents before their children. */
export function flattenResources<R extends { children: R[] }>(plans: R[]): R[] {
  return plans.flatMap((plan) => [plan, ...flattenResources(plan.children)]);
}

/**
 * The first method of each operation with the resources leading to it (`trail`, from the client
 * down), keyed by operation key: what a sample or a command needs to spell a call.
 */
export function methodTargets<M extends { op: { key: string } }, R extends { children: R[]; methods: M[] }>(
  plans: R[],
): Map<string, { trail: R[]; method: M }> {
  const out = new Map<string, { trail: R[]; method: M }>();
  const walk = (level: R[], trail: R[]): void => {
    for (const plan of level) {
      for (const method of plan.methods)
        if (!out.has(method.op.key)) out.set(method.op.key, { trail: [...trail, plan], method });
      walk(plan.children, [...trail, plan]);
    }
  };
  walk(plans, []);
  return out;
}
