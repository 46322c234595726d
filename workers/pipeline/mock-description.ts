import { parseDocument } from '../generators/model/parse/parse-document.ts';

/** Keys whose value is a map from names (properties, paths, components…) to objects: its keys are never keywords. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'paths',
  'webhooks',
  'content',
  'encoding',
  'variables',
  'mapping',
  'dependentSchemas',
]);

/** Keys whose value is data (an example, a default, an enum), never OpenAPI: left as written. */
const DATA = new Set(['example', 'value', 'default', 'enum', 'const', 'x-examples']);

/**
 * The description as the mock server (Prism) is given it: parsed by our own parser and written
 * back as JSON with nothing in it that makes Prism reach outside the document.
 *
 * - Prism resolves every `$ref` it meets (files, URLs: a description pointing at `/etc/passwd` or a
 *   metadata service would have it read or fetch them). A `$ref` that is not local (`#…`) becomes
 *   `{}` and is counted in `external`: the mock of such a description would differ from what the
 *   SDKs were built from, so the caller does not mock it at all.
 * - Prism calls an operation's `callbacks` at URLs taken from the request, and may fetch an
 *   example's `externalValue`. Neither changes what the SDKs send or receive, so both are removed
 *   (counted in `dropped`) and the description is mocked.
 *
 * Keywords are recognised by position: a property or path named `callbacks` is a name, not the
 * keyword, and an example's data is never rewritten. Undefined when the text does not parse.
 */
export function mockDescription(text: string): { json: string; external: number; dropped: number } | undefined {
  const value = parseDocument(text).document?.value;
  if (value === undefined || value === null || typeof value !== 'object') return undefined;
  let external = 0;
  let dropped = 0;
  const clean = (node: unknown, namesOnly: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => clean(item, false));
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    if (namesOnly)
      return Object.fromEntries(Object.entries(record).map(([name, child]) => [name, clean(child, false)]));
    const ref = record.$ref;
    if (ref !== undefined && (typeof ref !== 'string' || !ref.startsWith('#'))) {
      external++;
      return {};
    }
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(record)) {
      if (key === 'externalValue' || key === 'callbacks') {
        dropped++;
        continue;
      }
      // A schema's `examples` (an array) is data too; the media type's `examples` is a map of names.
      out[key] =
        DATA.has(key) || (key === 'examples' && Array.isArray(child)) ? child : clean(child, NAME_MAPS.has(key));
    }
    return out;
  };
  return { json: JSON.stringify(clean(value, false)), external, dropped };
}
