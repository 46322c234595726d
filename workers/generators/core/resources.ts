// Walking an emitter's resource plan tree (every emitter plans resources with `children`).

/** Every resource of the tree, depth first, parents before their children. */
export function flattenResources<R extends { children: R[] }>(plans: R[]): R[] {
  return plans.flatMap((plan) => [plan, ...flattenResources(plan.children)]);
}

/**
 * The first method of each operation with the resources leading to it (`trail`, from the client
 * down), keyed by operation key: what a sample or a command needs to spell a call.
 */
export function methodTargets<M extends { op: { key: string } }, R extends { children: R[]; methods: M[] }>(plans: R[]): Map<string, { trail: R[]; method: M }> {
  const out = new Map<string, { trail: R[]; method: M }>();
  const walk = (level: R[], trail: R[]): void => {
    for (const plan of level) {
      for (const method of plan.methods) if (!out.has(method.op.key)) out.set(method.op.key, { trail: [...trail, plan], method });
      walk(plan.children, [...trail, plan]);
    }
  };
  walk(plans, []);
  return out;
}
