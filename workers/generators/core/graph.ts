// Cycle finding over named-schema reference graphs (both SDKs break alias cycles with it).

/**
 * The strongly connected components of a directed graph (Tarjan's algorithm, iterative: a chain
 * of thousands of aliases must not exhaust the call stack). Nodes are visited in the order of
 * `edges`' keys; a target that is not a key is a node without edges. Components come in the order
 * Tarjan completes them (every component after the ones it reaches).
 */
export function stronglyConnected(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
  };
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    visit(start);
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++] as string;
        if (!index.has(target)) {
          visit(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const members: string[] = [];
        for (;;) {
          const member = stack.pop() as string;
          onStack.delete(member);
          members.push(member);
          if (member === frame.node) break;
        }
        components.push(members);
      }
    }
  }
  return components;
}

/** Whether a component is a cycle: more than one member, or one that points at itself. */
export function isCycle(component: readonly string[], edges: ReadonlyMap<string, readonly string[]>): boolean {
  return component.length > 1 || (edges.get(component[0] as string) ?? []).includes(component[0] as string);
}
