// Measures the nesting depth of a parsed value without recursion. YAML aliases can make the value
// a DAG (shared subtrees) or even cyclic, so heights are memoised per object and cycles reported.

export interface DepthResult {
  /** Height of the deepest path (a scalar root is 0, `{}` is 1). Stops counting past `limit`. */
  depth: number;
  cyclic: boolean;
}

export function measureDepth(root: unknown, limit: number): DepthResult {
  if (root === null || typeof root !== 'object') return { depth: 0, cyclic: false };
  const height = new Map<object, number>();
  const onPath = new Set<object>();
  // Each frame: the object and an iterator over its child objects.
  const stack: { node: object; children: object[]; next: number; best: number }[] = [];
  const push = (node: object): boolean => {
    if (onPath.has(node)) return false;
    onPath.add(node);
    stack.push({ node, children: childObjects(node), next: 0, best: 0 });
    return true;
  };
  push(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    if (stack.length > limit) return { depth: stack.length, cyclic: false };
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next++] as object;
      const known = height.get(child);
      if (known !== undefined) {
        if (known > frame.best) frame.best = known;
      } else if (!push(child)) {
        return { depth: stack.length, cyclic: true };
      }
      continue;
    }
    const h = frame.best + 1;
    height.set(frame.node, h);
    onPath.delete(frame.node);
    stack.pop();
    const parent = stack[stack.length - 1];
    if (parent !== undefined && h > parent.best) parent.best = h;
    if (h > limit) return { depth: h, cyclic: false };
  }
  return { depth: height.get(root) ?? 1, cyclic: false };
}

function childObjects(node: object): object[] {
  const out: object[] = [];
  const values = Array.isArray(node) ? node : Object.values(node);
  for (const v of values) if (v !== null && typeof v === 'object') out.push(v as object);
  return out;
}
