// The js-yaml fast path must change speed, never results: for every YAML file of the corpus and
// for the tricky cases below, the value, the location of every pointer and the diagnostics are
// those of the `yaml` composer path.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseDocument, type ParseResult } from '../../../../../workers/generators/model/parse/parse-document.ts';
import { escapePointerSegment } from '../../../../../workers/generators/model/parse/pointer.ts';
import { parseYamlFast } from '../../../../../workers/generators/model/parse/yaml-fast.ts';
import { CORPUS, HAS_CORPUS } from '../../corpus-helpers.ts';

function allPointers(value: unknown, pointer: string, out: string[]): void {
  out.push(pointer);
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) value.forEach((item, i) => allPointers(item, `${pointer}/${i}`, out));
  else
    for (const [key, item] of Object.entries(value)) allPointers(item, `${pointer}/${escapePointerSegment(key)}`, out);
}

/** Differences between the two paths for `text` (empty when they agree). */
function compare(text: string): string[] {
  const fast = parseDocument(text);
  const slow = parseDocument(text, undefined, { yamlFastPath: false });
  return differences(fast, slow);
}

function differences(fast: ParseResult, slow: ParseResult): string[] {
  if (!isDeepStrictEqual(fast.diagnostics, slow.diagnostics))
    return [`diagnostics: ${JSON.stringify(fast.diagnostics)} vs ${JSON.stringify(slow.diagnostics)}`];
  if (fast.document === undefined || slow.document === undefined)
    return fast.document === slow.document ? [] : ['document presence'];
  if (!isDeepStrictEqual(fast.document.value, slow.document.value))
    return [`value: ${JSON.stringify(fast.document.value)} vs ${JSON.stringify(slow.document.value)}`];
  const pointers: string[] = [];
  allPointers(slow.document.value, '', pointers);
  const out: string[] = [];
  for (const pointer of [...pointers, '/no/such/member']) {
    const a = fast.document.locate(pointer);
    const b = slow.document.locate(pointer);
    if (a.line !== b.line || a.column !== b.column)
      out.push(`${pointer}: ${a.line}:${a.column} vs ${b.line}:${b.column}`);
    if (out.length > 5) break;
  }
  return out;
}

function yamlFiles(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yamlFiles(full, out);
    else if (/\.ya?ml$/.test(name)) out.push(full);
  }
  return out;
}

describe('yaml fast path: same values, locations and diagnostics as the yaml composer', () => {
  it.each([
    [
      'scalars of the YAML 1.2 core schema',
      'a: 0o17\nb: 0x1F\nc: 1_000\nd: .inf\ne: -.Inf\nf: .nan\ng: 1e3\nh: +5\ni: -0\nj: 1.50\nk: yes\nl: ~\nm: Null\nn:\no: TRUE\np: 012\nq: "5"\nr: 2020-09-14\n',
    ],
    ['scalar keys', '200: ok\n1.50: a\n0x1F: b\ntrue: c\n"quoted": d\n'],
    ['flow collections in block values', 'a:\n  [1, 2, {b: c}]\nd:\n  {e: [f, g]}\nh: [ ]\ni: {}\n'],
    [
      'comments between keys and values',
      'a: # comment\n  b: 1 # trailing\n# whole line\nc:\n  # before\n  - x\n  -   # after dash\n    y\n',
    ],
    [
      'block scalars',
      "a: |\n  line one\n  line two\nb: >-\n  folded\n  text\nc: \"double \\u00e9 \\n\"\nd: 'single ''quote'''\n",
    ],
    ['multi-line plain scalars', 'a: one\n  two\n   three\nb:\n  - x\n    y\n'],
    ['__proto__ and inherited names as keys', '__proto__: {polluted: true}\ntoString: 1\nconstructor: {a: 1}\n'],
    ['a BOM and CRLF line ends', '\ufeffa: 1\r\nb:\r\n  - c\r\n'],
    ['a scalar document', 'just text\n'],
    ['a sequence document', '- a\n- b: 1\n  c: 2\n-\n  - nested\n'],
    ['anchors, aliases and merge keys (composer path)', 'base: &b {x: 1}\nuse: *b\nmerged:\n  <<: *b\n  y: 2\n'],
    ['tags (composer path)', 'a: !!str 5\nb: !!int "7"\nc: !custom x\n'],
    ['a null key (composer path)', '~: 1\nnull: 2\n'],
    ['a collection key (composer path)', '? [a, b]\n: c\n'],
    ['a YAML 1.1 directive (composer path)', '%YAML 1.1\n---\na: yes\n'],
    ['duplicate keys (composer path)', 'a: 1\nb: 2\na: 3\n'],
    ['a syntax error (composer path)', 'a: [1, 2\nb: 3\n'],
    ['two documents (composer path)', 'a: 1\n---\nb: 2\n'],
    ['a key with no value in a flow map', '{a, b: 1}\n'],
    ['an explicit key with no value', '? a\n? b\n'],
  ])('%s', (_, text) => {
    expect(compare(text)).toEqual([]);
  });

  it('takes the fast path for plain YAML and leaves the rest to the composer', () => {
    expect(parseYamlFast('a: 1\nb: [x, y]\n', 512)).toBeDefined();
    for (const text of [
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      '<<: {a: 1}\n',
      '~: 1\n',
      '%YAML 1.2\n---\na: 1\n',
      'a: 1\na: 2\n',
      'a: [1\n',
    ]) {
      expect(parseYamlFast(text, 512), text).toBeUndefined();
    }
  });

  it('leaves documents past the depth limit to the composer, which reports them', () => {
    const deep = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n') + ' 1\n';
    expect(parseYamlFast(deep, 30)).toBeUndefined();
    expect(parseYamlFast(deep, 50)?.depth).toBe(40);
    const result = parseDocument(deep, { maxDepth: 30 });
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['parse/max-depth']);
    const veryDeep = Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' 1\n';
    expect(parseDocument(veryDeep).diagnostics.map((d) => d.ruleId)).toContain('parse/max-depth');
  });

  it('agrees with the composer on our own YAML fixtures', () => {
    const files = yamlFiles(path.resolve(import.meta.dirname, '../../../../fixtures'), []);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(compare(readFileSync(file, 'utf8')), file).toEqual([]);
  });
});

describe.skipIf(!HAS_CORPUS)('yaml fast path over every YAML file of the corpus', () => {
  const files = HAS_CORPUS ? yamlFiles(CORPUS, []) : [];
  it('has them', () => {
    expect(files.length).toBeGreaterThan(1000);
  });
  it('agrees with the composer on every file', { timeout: 240_000 }, () => {
    const disagreements: string[] = [];
    let fast = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const found = compare(text);
      if (found.length > 0) disagreements.push(`${path.relative(CORPUS, file)}: ${found.join('; ').slice(0, 400)}`);
      if (parseYamlFast(text.replace(/^\ufeff/, ' '), 512) !== undefined) fast++;
    }
    expect(disagreements).toEqual([]);
    // Nearly all real YAML is plain; the fast path must actually be taken.
    expect(fast / files.length).toBeGreaterThan(0.95);
  });
});
