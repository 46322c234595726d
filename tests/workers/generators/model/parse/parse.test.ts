// Parsing: line:column for JSON and YAML, duplicate keys, and the limits that stop hostile input.

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../../workers/generators/model/parse/parse-document.ts';
import { analyzeSpec } from '../../../../../workers/generators/analyze.ts';

const yamlText = [
  'openapi: 3.1.0',
  'info:',
  '  title: T',
  '  version: "1"',
  'paths:',
  '  /pets/{id}:',
  '    get:',
  '      responses:',
  "        '200':",
  '          description: ok',
  '',
].join('\n');
const jsonText = [
  '{',
  '  "openapi": "3.1.0",',
  '  "info": {"title": "T", "version": "1"},',
  '  "paths": {',
  '    "/pets/{id}": {',
  '      "get": {"responses": {"200": {"description": "ok"}}}',
  '    }',
  '  }',
  '}',
].join('\n');

describe('locations', () => {
  it('maps pointers to line:column in YAML (keys, nested, escaped, missing)', () => {
    const doc = parseDocument(yamlText).document;
    expect(doc?.format).toBe('yaml');
    expect(doc?.locate('')).toMatchObject({ line: 1, column: 1 });
    expect(doc?.locate('/info/title')).toMatchObject({ line: 3, column: 3 });
    expect(doc?.locate('/paths/~1pets~1{id}/get/responses/200/description')).toMatchObject({ line: 10, column: 11 });
    // A pointer that does not fully resolve lands on the nearest existing ancestor.
    expect(doc?.locate('/paths/~1pets~1{id}/post')).toMatchObject({ line: 6, column: 3 });
  });

  it('maps pointers to line:column in JSON, including one-line minified JSON', () => {
    const doc = parseDocument(jsonText).document;
    expect(doc?.format).toBe('json');
    expect(doc?.locate('/info/version')).toMatchObject({ line: 3, column: 26 });
    expect(doc?.locate('/paths/~1pets~1{id}/get/responses/200/description')).toMatchObject({ line: 6, column: 37 });
    const minified = parseDocument(JSON.stringify(JSON.parse(jsonText))).document;
    const at = minified?.locate('/paths/~1pets~1{id}/get');
    expect(at?.line).toBe(1);
    expect(
      JSON.stringify(JSON.parse(jsonText))
        .slice((at?.column ?? 0) - 1)
        .startsWith('"get"'),
    ).toBe(true);
  });

  it('locates array items and keys with escapes in JSON', () => {
    const doc = parseDocument('{"a": [1, {"b\\"c": 2}], "x~y": {"p/q": 3}}').document;
    expect(doc?.locate('/a/1/b"c')).toMatchObject({ line: 1, column: 12 });
    expect(doc?.locate('/x~0y/p~1q')).toMatchObject({ line: 1, column: 33 });
  });

  it('reports diagnostics of the whole pipeline at the right place for JSON and YAML alike', async () => {
    for (const text of [
      yamlText.replace('paths:', 'paths:\n  /a:\n    get:\n      responses: {}\n'),
      jsonText.replace('"paths": {', '"paths": {\n    "/a": {"get": {"responses": {}}},'),
    ]) {
      const result = await analyzeSpec({ openapiText: text, mode: 'flagship' });
      const hit = result.diagnostics.find((d) => d.ruleId === 'operation/success-response');
      expect(hit?.pointer).toBe('/paths/~1a/get/responses');
      expect(hit?.line).toBeGreaterThan(1);
      const lineText = text.split('\n')[(hit?.line ?? 1) - 1] ?? '';
      expect(lineText.slice((hit?.column ?? 1) - 1)).toMatch(/^"?responses/);
    }
  });

  it('keeps columns right after a byte-order mark', () => {
    const doc = parseDocument('\uFEFF{"openapi": "3.0.0"}').document;
    expect(doc?.locate('/openapi')).toMatchObject({ line: 1, column: 3 });
  });
});

describe('unpaired surrogates', () => {
  it('replaces them with U+FFFD in values and keys (JSON escapes, raw text, YAML), keeps pairs and order, and says so', () => {
    const json =
      '{"openapi": "3.1.0", "a\\ud800": "x\\udc00y", "__proto__": ["\\ud800"], "pair": "\\ud83d\\ude00", "z": 1}';
    const parsed = parseDocument(json);
    const value = parsed.document?.value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['openapi', 'a\ufffd', '__proto__', 'pair', 'z']);
    expect(value['a\ufffd']).toBe('x\ufffdy');
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual(['\ufffd']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value.pair).toBe('\ud83d\ude00');
    expect(parsed.diagnostics.map((d) => d.ruleId)).toEqual(['parse/unpaired-surrogate']);
    expect(parsed.diagnostics[0]?.message).toMatch(/^3 strings or keys held unpaired/);

    const yaml = parseDocument('openapi: 3.1.0\ninfo:\n  title: "L\\ud800ne"\n  raw: a\udc00b\n');
    expect(yaml.document?.value).toEqual({ openapi: '3.1.0', info: { title: 'L\ufffdne', raw: 'a\ufffdb' } });
    expect(yaml.diagnostics.map((d) => d.ruleId)).toEqual(['parse/unpaired-surrogate']);
  });

  it('leaves a description without them untouched, emoji included', () => {
    const parsed = parseDocument('{"openapi": "3.1.0", "title": "\ud83d\ude00 \\\\ud800 is text"}');
    expect((parsed.document!.value as Record<string, unknown>).title).toBe('\ud83d\ude00 \\ud800 is text');
    expect(parsed.diagnostics).toEqual([]);
  });
});

describe('parse errors and limits', () => {
  it('reports YAML syntax errors with a location', () => {
    const result = parseDocument('openapi: 3.0.0\ninfo: [unclosed\n');
    expect(result.document).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ ruleId: 'parse/syntax', severity: 'error' });
    expect(result.diagnostics[0]?.line).toBeGreaterThan(0);
  });

  it('reports JSON syntax errors with a location', () => {
    const result = parseDocument('{\n  "openapi": "3.0.0",\n  "info": {\n}');
    expect(result.document).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ ruleId: 'parse/syntax', line: 4 });
  });

  it('reads JSON-looking text that is only valid YAML, with a warning at the JSON error', () => {
    const result = parseDocument('{\n  "openapi": "3.0.0",\n  "info": }\n');
    expect(result.document?.format).toBe('yaml');
    expect(result.diagnostics[0]).toMatchObject({ ruleId: 'parse/invalid-json', severity: 'warning' });
  });

  it('reports duplicate keys in YAML and JSON with the pointer of the duplicate', () => {
    const yaml = parseDocument('openapi: 3.0.0\ninfo:\n  title: a\n  title: b\n');
    expect(yaml.diagnostics).toContainEqual(
      expect.objectContaining({ ruleId: 'parse/duplicate-key', pointer: '/info/title', line: 4 }),
    );
    const json = parseDocument('{"info": {"title": "a",\n "title": "b"}}');
    expect(json.diagnostics).toContainEqual(
      expect.objectContaining({ ruleId: 'parse/duplicate-key', pointer: '/info/title', line: 2, column: 2 }),
    );
  });

  it('rejects an empty document and a non-object root', async () => {
    expect(parseDocument('   \n').diagnostics[0]?.ruleId).toBe('parse/empty');
    const result = await analyzeSpec({ openapiText: '- just\n- a list\n', mode: 'flagship' });
    expect(result.diagnostics[0]?.ruleId).toBe('oas/unsupported-version');
    expect(result.model).toBeUndefined();
  });

  it('stops a YAML alias bomb', () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(
        `${name}: &${name} [${Array(9)
          .fill('*' + prev)
          .join(',')}]`,
      );
    }
    const started = performance.now();
    const result = parseDocument(lines.join('\n'), { maxAliasCount: 1000 });
    expect(result.document).toBeUndefined();
    expect(result.diagnostics[0]?.ruleId).toBe('parse/alias-limit');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('stops a self-referencing alias', () => {
    const result = parseDocument('a: &x\n  b: *x\n');
    expect(result.document).toBeUndefined();
    expect(result.diagnostics[0]?.ruleId).toMatch(/^parse\/(alias-cycle|alias-limit|syntax)$/);
  });

  it.each([
    ['JSON arrays', '['.repeat(10_000) + ']'.repeat(10_000)],
    ['JSON objects', '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)],
    ['YAML flow', 'a: ' + '['.repeat(10_000) + ']'.repeat(10_000)],
    ['YAML block (600 levels)', Array.from({ length: 600 }, (_, i) => ' '.repeat(i) + 'k:').join('\n') + ' 1'],
  ])('stops 10,000-deep (or over-limit) nesting: %s', (_, text) => {
    const started = performance.now();
    const result = parseDocument(text, { maxDepth: 512 });
    expect(result.document).toBeUndefined();
    expect(result.diagnostics.map((d) => d.ruleId)).toContain('parse/max-depth');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('accepts nesting just under the limit', () => {
    const result = parseDocument('{"a":'.repeat(100) + '1' + '}'.repeat(100), { maxDepth: 512 });
    expect(result.document).toBeDefined();
  });

  it('refuses a 50 MB description quickly, without parsing it', async () => {
    const huge = 'openapi: 3.0.0\n' + `x: "${'a'.repeat(50 * 1024 * 1024)}"\n`;
    const started = performance.now();
    const result = await analyzeSpec({ openapiText: huge, mode: 'flagship' });
    expect(result.diagnostics).toEqual([expect.objectContaining({ ruleId: 'parse/too-large', severity: 'error' })]);
    expect(result.model).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('honours a configured size limit (bytes, not characters)', () => {
    expect(parseDocument('{"a": "ééé"}', { maxBytes: 12 }).diagnostics[0]?.ruleId).toBe('parse/too-large');
    expect(parseDocument('{"a": "eee"}', { maxBytes: 12 }).document).toBeDefined();
  });
});
