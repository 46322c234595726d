// Guards for the fast paths in parsing and validation: cached pointer -> line:column resolution
// (JSON and YAML), YAML duplicate keys found without yaml's quadratic check, and the precompiled
// OpenAPI schema validators. Each is compared with the straightforward computation it replaces.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument as parseYamlDocument, stringify as stringifyYaml } from 'yaml';
import { parseDocument } from '../../../../../workers/generators/model/parse/parse-document.ts';
import { findJsonPos, scanJson } from '../../../../../workers/generators/model/parse/json-positions.ts';
import { LineIndex } from '../../../../../workers/generators/model/parse/line-index.ts';
import { splitPointer } from '../../../../../workers/generators/model/parse/pointer.ts';
import { YamlLocator } from '../../../../../workers/generators/model/parse/yaml-locator.ts';
import { oasFingerprint } from '../../../../../workers/generators/model/validate/oas-schemas.ts';
import {
  STANDALONE_VERSIONS,
  standalonePath,
  standaloneSource,
} from '../../../../../workers/generators/model/validate/standalone/generate.ts';
import { createRequire } from 'node:module';

const value = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: {
    '/pets/{id}': {
      get: {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { $ref: '#/components/parameters/q' },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
          },
        },
      },
    },
    '/a~b/c': { post: { responses: { default: { description: 'x' } } } },
  },
  components: {
    parameters: { q: { name: 'q', in: 'query', schema: { type: 'integer' } } },
    schemas: {
      Pet: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string' },
          'a/b': { type: 'string' },
          'c~d': { type: 'integer' },
          '': { type: 'null' },
        },
      },
      List: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] },
    },
  },
};

/** Pointers that exist, are missing at various depths, index arrays oddly, or are not pointers. */
const POINTERS = [
  '',
  '/openapi',
  '/info/title',
  '/paths/~1pets~1{id}/get/parameters/0/schema/type',
  '/paths/~1pets~1{id}/get/parameters/1/$ref',
  '/paths/~1pets~1{id}/get/parameters/2',
  '/paths/~1pets~1{id}/get/parameters/01',
  '/paths/~1pets~1{id}/get/parameters/-1',
  '/paths/~1pets~1{id}/get/parameters/x/y',
  '/paths/~1pets~1{id}/get/responses/200/content/application~1json/schema/items/$ref',
  '/paths/~1a~0b~1c/post/responses/default/description',
  '/paths/~1pets~1{id}/post/responses/200',
  '/paths/~1pets~1{id}/post',
  '/components/schemas/Pet/properties/a~1b',
  '/components/schemas/Pet/properties/c~0d/type',
  '/components/schemas/Pet/properties//type',
  '/components/schemas/Pet/required/0',
  '/components/schemas/Pet/required/0/deeper/still',
  '/components/schemas/List/items/1/type',
  '/components/schemas/Missing/properties/x',
  '/openapi/beyond/a/scalar',
  '/',
  '//',
  'no-leading-slash',
  '#/components',
];

function reference(text: string, format: 'json' | 'yaml', pointer: string): { line: number; column: number } {
  const lines = new LineIndex(text);
  const segments = splitPointer(pointer);
  if (segments === undefined) return { line: 1, column: 1 };
  let offset: number;
  if (format === 'json') {
    const root = scanJson(text, 512).root;
    if (root === undefined) return { line: 1, column: 1 };
    offset = findJsonPos(root, segments).node.keyStart;
  } else {
    offset = new YamlLocator(
      parseYamlDocument(text, { merge: true, prettyErrors: false, strict: false, stringKeys: false }),
    ).find(segments).offset;
  }
  const at = lines.at(offset);
  return { line: at.line, column: at.column };
}

const TEXTS: [string, 'json' | 'yaml', string][] = [
  ['pretty JSON', 'json', JSON.stringify(value, null, 2)],
  ['minified JSON', 'json', JSON.stringify(value)],
  ['block YAML', 'yaml', stringifyYaml(value)],
  ['flow-heavy YAML', 'yaml', stringifyYaml(value, { collectionStyle: 'flow' })],
];

describe('cached locations match a walk from the root', () => {
  for (const [label, format, text] of TEXTS) {
    it(`${label}: every pointer, in several orders, resolves like an uncached walk`, () => {
      const expected = new Map(POINTERS.map((p) => [p, reference(text, format, p)]));
      for (const order of [POINTERS, [...POINTERS].reverse(), [...POINTERS].sort(), [...POINTERS].sort().reverse()]) {
        const doc = parseDocument(text).document;
        expect(doc?.format).toBe(format);
        for (const pointer of [...order, ...order]) {
          expect(doc?.locate(pointer), `${label} ${pointer}`).toEqual({ pointer, ...expected.get(pointer) });
        }
      }
    });
  }

  it('lands on the right text in pretty JSON and block YAML', () => {
    const json = JSON.stringify(value, null, 2);
    const jsonDoc = parseDocument(json).document;
    const yaml = stringifyYaml(value);
    const yamlDoc = parseDocument(yaml).document;
    const at = (text: string, loc: { line: number; column: number } | undefined): string =>
      (text.split('\n')[(loc?.line ?? 1) - 1] ?? '').slice((loc?.column ?? 1) - 1);
    expect(at(json, jsonDoc?.locate('/components/schemas/Pet/properties/a~1b'))).toMatch(/^"a\/b": \{/);
    expect(at(yaml, yamlDoc?.locate('/components/schemas/Pet/properties/a~1b'))).toMatch(/^a\/b:/);
    expect(at(json, jsonDoc?.locate('/paths/~1pets~1{id}/get/parameters/1'))).toMatch(/^\{/);
    expect(at(yaml, yamlDoc?.locate('/paths/~1pets~1{id}/get/parameters/1'))).toMatch(/^\$ref:/);
    // Missing: the nearest existing ancestor.
    expect(at(yaml, yamlDoc?.locate('/components/schemas/Pet/properties/zzz/type'))).toMatch(/^properties:/);
    expect(at(json, jsonDoc?.locate('/components/schemas/Pet/properties/zzz/type'))).toMatch(/^"properties":/);
  });

  it('follows aliases and merge keys in YAML as before', () => {
    const text = ['base: &b', '  x: 1', '  y: {z: 2}', 'copy: *b', 'merged:', '  <<: *b', '  x: 3', ''].join('\n');
    const doc = parseDocument(text).document;
    for (const pointer of ['/copy/y/z', '/merged/y/z', '/merged/x', '/merged/nope', '/copy']) {
      expect(doc?.locate(pointer), pointer).toEqual({ pointer, ...reference(text, 'yaml', pointer) });
    }
  });
});

describe('YAML duplicate keys', () => {
  const many = (n: number, dupAt: number): string =>
    [
      'openapi: 3.0.0',
      'components:',
      '  schemas:',
      ...Array.from({ length: n }, (_, i) => `    S${i === dupAt ? 0 : i}:\n      type: string`),
      '',
    ].join('\n');

  for (const [label, n] of [
    ['a small map', 5],
    ['a large map', 40],
  ] as const) {
    it(`are reported with pointer and line:column in ${label}`, () => {
      const result = parseDocument(many(n, n - 1));
      expect(result.document).toBeDefined();
      expect(result.diagnostics).toEqual([
        {
          ruleId: 'parse/duplicate-key',
          severity: 'error',
          message: 'Duplicate key "S0": YAML requires keys in a mapping to be unique (the last value is used).',
          pointer: '/components/schemas/S0',
          line: 4 + 2 * (n - 1),
          column: 5,
        },
      ]);
    });
  }

  it("are reported beside syntax errors, in yaml's order", () => {
    const result = parseDocument('a: 1\na: 2\nb: [\n');
    expect(result.document).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.ruleId, d.line])).toEqual([
      ['parse/duplicate-key', 2],
      ...result.diagnostics.slice(1).map((d) => ['parse/syntax', d.line]),
    ]);
  });

  it('are not invented for keys that only look alike', () => {
    expect(parseDocument('1: a\n"1": b\n~: c\nnull: d\n').diagnostics.map((d) => d.ruleId)).toEqual([
      'parse/duplicate-key',
    ]);
    expect(parseDocument('a: {x: 1}\nb: {x: 1}\nc: [{x: 1}, {x: 1}]\n').diagnostics).toEqual([]);
  });
});

describe('precompiled OpenAPI schema validators', () => {
  const require = createRequire(import.meta.url);
  for (const version of STANDALONE_VERSIONS) {
    it(`${version}: the checked-in validator is what ajv generates today (regenerate with validate/standalone/generate.ts)`, () => {
      expect(readFileSync(standalonePath(version), 'utf8') === standaloneSource(version)).toBe(true);
      expect((require(standalonePath(version)) as { fingerprint: string }).fingerprint).toBe(oasFingerprint(version));
    }, 60_000);
  }
});
