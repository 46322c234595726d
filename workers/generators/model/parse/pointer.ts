// RFC 6901 JSON pointers: '' is the root, '/a/b~1c' is ['a', 'b/c'].

export function escapePointerSegment(segment: string): string {
  if (segment.indexOf('~') === -1 && segment.indexOf('/') === -1) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerSegment(segment: string): string {
  if (segment.indexOf('~') === -1) return segment;
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Appends raw (unescaped) segments to a pointer. */
export function joinPointer(base: string, ...segments: (string | number)[]): string {
  let out = base;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string | number;
    out += '/' + (typeof segment === 'number' ? String(segment) : escapePointerSegment(segment));
  }
  return out;
}

/** Splits a pointer into raw segments. Returns undefined when it is not a valid pointer. */
export function splitPointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map(unescapePointerSegment);
}

/**
 * Turns a local `$ref` (`#/components/schemas/Pet`, `#`) into a JSON pointer, decoding the URI
 * fragment's percent-escapes. Returns undefined for anything that is not a same-document ref.
 */
export function refToPointer(ref: string): string | undefined {
  if (!ref.startsWith('#')) return undefined;
  let fragment = ref.slice(1);
  if (fragment.includes('%')) {
    try {
      fragment = decodeURIComponent(fragment);
    } catch {
      return undefined;
    }
  }
  if (fragment !== '' && !fragment.startsWith('/')) return undefined;
  return fragment;
}

/** Reads the value a pointer designates, or undefined. Never throws. */
export function getAtPointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  if (pointer.charCodeAt(0) !== 0x2f /* / */) return undefined;
  let node: unknown = root;
  let start = 1;
  for (;;) {
    let end = pointer.indexOf('/', start);
    if (end === -1) end = pointer.length;
    const segment = unescapePointerSegment(pointer.slice(start, end));
    if (Array.isArray(node)) {
      if (!isIndex(segment)) return undefined;
      node = node[Number(segment)];
    } else if (node !== null && typeof node === 'object') {
      if (!Object.hasOwn(node, segment)) return undefined;
      node = (node as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
    if (end === pointer.length) return node;
    start = end + 1;
  }
}

/** `/^(0|[1-9][0-9]*)$/` without a regex. */
function isIndex(segment: string): boolean {
  const n = segment.length;
  if (n === 0) return false;
  if (segment.charCodeAt(0) === 0x30) return n === 1;
  for (let i = 0; i < n; i++) {
    const c = segment.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * Like `getAtPointer`, but when a segment is missing on an object that is itself a local `$ref`,
 * continues in the ref's target (`#/components/schemas/A/properties/b/items` where `b` is a ref).
 * Tools such as json-schema-ref-parser resolve pointers this way. Bounded; never throws.
 */
export function getAtPointerThroughRefs(root: unknown, pointer: string): unknown {
  const direct = getAtPointer(root, pointer);
  if (direct !== undefined) return direct;
  const segments = splitPointer(pointer);
  if (segments === undefined) return undefined;
  let node: unknown = root;
  let hops = 0;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    for (; hops < 64; hops++) {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) break;
      const record = node as Record<string, unknown>;
      if (Object.hasOwn(record, segment) || typeof record.$ref !== 'string') break;
      const target = refToPointer(record.$ref);
      if (target === undefined) return undefined;
      node = getAtPointer(root, target);
    }
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, segment)) {
      node = (node as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return node;
}
