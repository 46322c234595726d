// Identifier conversion and escapers, table-driven. Escapers are checked by evaluating the output
// (TypeScript string literals via the JS engine) or by structural properties (comments, Python).

import { describe, expect, it } from 'vitest';
import { camelCase, kebabCase, pascalCase, snakeCase, splitWords } from '../../../../workers/generators/names/case.ts';
import { NameScope } from '../../../../workers/generators/names/scope.ts';
import { pyComment, pyDocstring, pyIdent, pyStr } from '../../../../workers/generators/names/python.ts';
import {
  tsComment,
  tsIdent,
  tsPropertyKey,
  tsStr,
  tsTemplateChunk,
} from '../../../../workers/generators/names/typescript.ts';

describe('case helpers', () => {
  it.each([
    ['user-id', ['user', 'id']],
    ['HTTPServer', ['http', 'server']],
    ['fooBarBaz', ['foo', 'bar', 'baz']],
    ['v2_users', ['v2', 'users']],
    ['2fa-code', ['2fa', 'code']],
    ['  __x__  ', ['x']],
    ['Ünïcödé name', ['unicode', 'name']],
    ['日本', ['u65e5', 'u672c']],
    ['', []],
  ])('splitWords(%j)', (raw, words) => {
    expect(splitWords(raw)).toEqual(words);
  });

  it.each([
    ['list_pets', 'listPets', 'ListPets', 'list_pets', 'list-pets'],
    ['getHTTPResponse', 'getHttpResponse', 'GetHttpResponse', 'get_http_response', 'get-http-response'],
    ['phone-numbers', 'phoneNumbers', 'PhoneNumbers', 'phone_numbers', 'phone-numbers'],
  ])('%s -> camel/pascal/snake/kebab', (raw, camel, pascal, snake, kebab) => {
    expect([camelCase(raw), pascalCase(raw), snakeCase(raw), kebabCase(raw)]).toEqual([camel, pascal, snake, kebab]);
  });
});

describe('tsIdent', () => {
  it.each([
    ['pet_id', {}, 'petId'],
    ['delete', {}, 'delete_'],
    ['delete', { kind: 'member' as const }, 'delete'],
    ['class', { kind: 'type' as const }, 'Class'],
    ['error', { kind: 'type' as const }, 'ErrorModel'],
    ['promise', { kind: 'type' as const }, 'PromiseModel'],
    ['2fa', {}, 'n2fa'],
    ['2fa', { kind: 'type' as const }, 'N2fa'],
    ['', {}, 'unnamed'],
    ['!!!', { kind: 'type' as const }, 'Unnamed'],
    ['x-rate-limit', { case: 'preserve' as const }, 'x_rate_limit'],
    ['日本', {}, 'u65e5U672c'],
    ['await', {}, 'await_'],
    ['string', { kind: 'type' as const }, 'StringModel'],
    ['string', {}, 'string_'],
  ])('tsIdent(%j, %j) = %j', (raw, options, expected) => {
    const id = tsIdent(raw, options);
    expect(id).toBe(expected);
    expect(id).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
  });

  it('quotes property keys only when needed', () => {
    expect(tsPropertyKey('name')).toBe('name');
    expect(tsPropertyKey('content-type')).toBe('"content-type"');
    expect(tsPropertyKey('1st')).toBe('"1st"');
  });
});

describe('pyIdent', () => {
  it.each([
    ['petId', {}, 'pet_id'],
    ['class', {}, 'class_'],
    ['None', { case: 'preserve' as const }, 'None_'],
    ['type', {}, 'type_'],
    ['self', { kind: 'param' as const }, 'self_'],
    ['list', { kind: 'type' as const }, 'List' + 'Model'],
    ['any', { kind: 'type' as const }, 'AnyModel'],
    ['2fa', {}, 'n_2fa'],
    ['', {}, 'unnamed'],
    ['HTTPServer', { kind: 'type' as const }, 'HttpServer'],
  ])('pyIdent(%j, %j) = %j', (raw, options, expected) => {
    const id = pyIdent(raw, options);
    expect(id).toBe(expected);
    expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
  });
});

describe('NameScope', () => {
  it('gives later claimants a numeric suffix and is stable per raw name', () => {
    const scope = new NameScope(['client']);
    expect(scope.claim('user-info', tsIdent('user-info', { kind: 'type' }))).toBe('UserInfo');
    expect(scope.claim('UserInfo', tsIdent('UserInfo', { kind: 'type' }))).toBe('UserInfo2');
    expect(scope.claim('user-info', 'UserInfo')).toBe('UserInfo');
    expect(scope.claim('client', 'client')).toBe('client2');
  });
});

const HOSTILE = [
  'plain',
  'quote " and \' and `backtick`',
  'template ${process.exit(1)}',
  'comment */ console.log("pwned") /*',
  'back\\slash \\u0041 \\',
  'line\nbreak\r\nand\u2028sep\u2029end',
  'null\u0000byte and \u0007 bell',
  'emoji 🎉 and lone \ud800 surrogate',
  '"""triple""" quotes',
  'ends with quote"',
];

describe('TypeScript escapers', () => {
  it.each(HOSTILE)('tsStr round-trips %j', (value) => {
    const literal = tsStr(value);
    expect(literal).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(new Function(`return ${literal};`)()).toBe(value);
  });

  it.each(HOSTILE)('tsTemplateChunk round-trips %j inside a template literal', (value) => {
    const chunk = tsTemplateChunk(value);
    expect(new Function('process', `return \`${chunk}\`;`)({ exit: () => 'called' })).toBe(value);
  });

  it.each(HOSTILE)('tsComment cannot be closed early by %j', (value) => {
    const comment = tsComment(value);
    expect(comment.startsWith('/**')).toBe(true);
    expect(comment.indexOf('*/')).toBe(comment.length - 2);
    expect(new Function(`${comment}\nreturn 1;`)()).toBe(1);
  });
});

describe('Python escapers', () => {
  it.each(HOSTILE)('pyStr makes a one-line, double-quoted literal of %j', (value) => {
    const literal = pyStr(value);
    expect(literal.startsWith('"') && literal.endsWith('"')).toBe(true);
    expect(literal).not.toMatch(/[\n\r\u2028\u2029\u0000]/);
    // Every inner double quote is escaped (preceded by an odd number of backslashes).
    const inner = literal.slice(1, -1);
    for (const m of inner.matchAll(/(\\*)"/g)) expect((m[1] ?? '').length % 2).toBe(1);
    expect(inner.endsWith('\\') && !inner.endsWith('\\\\')).toBe(false);
  });

  it('pyStr escapes exactly as Python reads it (JSON-compatible subset)', () => {
    expect(pyStr('a"b\\c\nd')).toBe('"a\\"b\\\\c\\nd"');
    expect(pyStr('\u2028')).toBe('"\\u2028"');
    expect(pyStr('\u0000')).toBe('"\\x00"');
  });

  it.each(HOSTILE)('pyDocstring cannot be closed early by %j', (value) => {
    const doc = pyDocstring(value);
    expect(doc.startsWith('"""') && doc.endsWith('"""')).toBe(true);
    const inner = doc.slice(3, -3);
    expect(inner).not.toContain('"""');
    expect(inner.endsWith('"') && !inner.endsWith('\\"')).toBe(false);
    expect(inner).not.toMatch(/[\u2028\u2029\u0000]/);
  });

  it('pyComment keeps every line a comment', () => {
    const comment = pyComment('one\ntwo\r\nthree\u2028four');
    expect(comment.split('\n').every((line) => line.startsWith('#'))).toBe(true);
    expect(comment.split('\n')).toHaveLength(4);
  });
});
