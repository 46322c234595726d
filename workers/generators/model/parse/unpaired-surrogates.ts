// Unpaired UTF-16 surrogates in a description: legal in a JSON or YAML escape (`"\ud800"`) or in the
// text we were sent, but they have no UTF-8 form, `encodeURIComponent` throws on them, and tools
// reading a generated package (tsc reading a package.json, Python encoding a header) fail on them.
// They are replaced with U+FFFD, in values and keys, once, right after parsing, so that nothing
// downstream ever sees one; the parse reports that it did so.

import { hasUnpairedSurrogate, wellFormed } from '../../names/well-formed.ts';

/** A surrogate written as an escape (`\ud800`, in JSON or YAML double quotes). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

/** Cheap test on the source text: false means the parsed value cannot hold an unpaired surrogate. */
export function mayHoldUnpairedSurrogates(text: string): boolean {
  return hasUnpairedSurrogate(text) || SURROGATE_ESCAPE.test(text);
}

/**
 * Replaces unpaired surrogates in every string and key of a freshly parsed value, in place (key
 * order kept; shared subtrees visited once). Returns how many strings and keys were changed.
 */
export function replaceUnpairedSurrogates(root: unknown): number {
  let changed = 0;
  const fix = (text: string): string => {
    const fixed = wellFormed(text);
    if (fixed !== text) changed++;
    return fixed;
  };
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === 'string') node[i] = fix(item);
        else stack.push(item);
      }
      continue;
    }
    const record = node as Record<string, unknown>;
    const keys = Object.keys(record);
    const renamed = keys.some(hasUnpairedSurrogate);
    const entries = keys.map((key): [string, unknown] => [renamed ? fix(key) : key, record[key]]);
    if (renamed) for (const key of keys) delete record[key];
    for (const [key, value] of entries) {
      const next = typeof value === 'string' ? fix(value) : value;
      if (renamed || next !== value)
        Object.defineProperty(record, key, { value: next, writable: true, enumerable: true, configurable: true });
      if (typeof next !== 'string') stack.push(next);
    }
  }
  return changed;
}
