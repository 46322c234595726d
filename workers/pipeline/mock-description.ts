import { parseDocument } from '../generators/model/parse/parse-document.ts';

/**
 * The description as the mock server (Prism) is given it: parsed by our own parser and written
 * back as JSON with nothing in it that makes Prism reach outside the document. Prism resolves every
 * `$ref` it meets (files, URLs: a description pointing at `/etc/passwd` or a metadata service
 * would have it read or fetch them) and calls an operation's `callbacks` at URLs taken from the
 * request. So a `$ref` that is not local (`#…`) becomes `{}`, `externalValue` is dropped and
 * `callbacks` are removed; `removed` counts them. Undefined when the text does not parse.
 */
export function mockDescription(text: string): { json: string; removed: number } | undefined {
  const value = parseDocument(text).document?.value;
  if (value === undefined || value === null || typeof value !== 'object') return undefined;
  let removed = 0;
  const clean = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(clean);
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    const ref = record.$ref;
    if (ref !== undefined && (typeof ref !== 'string' || !ref.startsWith('#'))) {
      removed++;
      return {};
    }
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(record)) {
      if (key === 'externalValue' || key === 'callbacks') {
        removed++;
        continue;
      }
      out[key] = clean(child);
    }
    return out;
  };
  return { json: JSON.stringify(clean(value)), removed };
}
