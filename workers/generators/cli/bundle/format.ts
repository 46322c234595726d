// Output printers: JSON (pretty on a terminal, compact when piped), a small YAML emitter and a
// plain-text table. YAML strings that are not plainly safe are double-quoted with JSON escapes
// (valid YAML), and table cells go through `safeLine`, so no control character reaches a terminal.

import { safeLine } from './sanitize.js';

export type OutputFormat = 'json' | 'yaml' | 'table';

export const OUTPUT_FORMATS: readonly OutputFormat[] = ['json', 'yaml', 'table'];

export function formatOutput(value: unknown, format: OutputFormat, pretty: boolean): string {
  switch (format) {
    case 'json':
      return toJson(value, pretty);
    case 'yaml':
      return toYaml(value);
    case 'table':
      return toTable(value);
  }
}

function normalise(value: unknown): unknown {
  // Dates, bigints and other non-JSON values take their JSON form first.
  return value === undefined ? null : (JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null') as unknown);
}

export function toJson(value: unknown, pretty: boolean): string {
  // JSON.stringify escapes every control character; U+2028/U+2029 are escaped as well.
  const text = JSON.stringify(normalise(value), null, pretty ? 2 : undefined);
  return `${text.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}\n`;
}

// ---------------------------------------------------------------------------------------------
// YAML
// ---------------------------------------------------------------------------------------------

const YAML_WORDS = /^(?:~|null|true|false|yes|no|on|off|y|n)$/i;
const NUMBERISH = /^[-+.]?(?:[0-9]|\.inf|\.nan|0x|0o)/i;
const PLAIN = /^[A-Za-z0-9_/$(][A-Za-z0-9_ ./@$()+,=-]*$/;

function yamlString(text: string): string {
  if (text !== '' && PLAIN.test(text) && !YAML_WORDS.test(text) && !NUMBERISH.test(text) && !/\s$/.test(text)) return text;
  return JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029').replace(/[\u007f-\u009f]/g, (ch) => `\\x${ch.charCodeAt(0).toString(16)}`);
}

function yamlScalar(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '.nan';
  if (typeof value === 'string') return yamlString(value);
  if (Array.isArray(value) && value.length === 0) return '[]';
  if (typeof value === 'object' && Object.keys(value as object).length === 0) return '{}';
  return undefined;
}

function yamlLines(value: unknown, indent: string): string[] {
  const scalar = yamlScalar(value);
  if (scalar !== undefined) return [`${indent}${scalar}`];
  const lines: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      const inner = yamlScalar(item);
      if (inner !== undefined) lines.push(`${indent}- ${inner}`);
      else {
        const nested = yamlLines(item, `${indent}  `);
        lines.push(`${indent}- ${(nested[0] as string).slice(indent.length + 2)}`, ...nested.slice(1));
      }
    }
    return lines;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const name = yamlString(key);
    const inner = yamlScalar(item);
    if (inner !== undefined) lines.push(`${indent}${name}: ${inner}`);
    else {
      lines.push(`${indent}${name}:`);
      lines.push(...yamlLines(item, Array.isArray(item) ? indent : `${indent}  `));
    }
  }
  return lines;
}

export function toYaml(value: unknown): string {
  return `${yamlLines(normalise(value), '').join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Table
// ---------------------------------------------------------------------------------------------

const MAX_CELL = 60;

function cell(value: unknown): string {
  let text: string;
  if (value === undefined || value === null) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  text = safeLine(text);
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nested objects become dotted keys (`run.status`); arrays stay whole. */
function flatten(value: Record<string, unknown>, prefix = '', out: [string, unknown][] = [], depth = 0): [string, unknown][] {
  for (const [key, item] of Object.entries(value)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (isRecord(item) && Object.keys(item).length > 0 && depth < 3) flatten(item, name, out, depth + 1);
    else out.push([name, item]);
  }
  return out;
}

function grid(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n';
}

/** A list of records as rows; a single record as KEY / VALUE; a record wrapping one list as that list. */
export function toTable(input: unknown): string {
  const value = normalise(input);
  let rows: unknown = value;
  if (isRecord(value)) {
    const lists = Object.values(value).filter((v) => Array.isArray(v) && v.length > 0 && v.every(isRecord));
    const entries = Object.keys(value).length;
    if (lists.length === 1 && entries <= 3) rows = lists[0];
  }
  if (Array.isArray(rows)) {
    if (rows.length === 0) return '(no items)\n';
    if (rows.every(isRecord)) {
      const flat = rows.map((r) => flatten(r));
      const columns: string[] = [];
      for (const entries of flat) for (const [key] of entries) if (!columns.includes(key) && columns.length < 12) columns.push(key);
      return grid(
        columns.map((c) => cell(c).toUpperCase()),
        flat.map((entries) => columns.map((c) => cell(entries.find(([k]) => k === c)?.[1]))),
      );
    }
    return grid(['VALUE'], rows.map((r) => [cell(r)]));
  }
  if (isRecord(value)) return grid(['KEY', 'VALUE'], flatten(value).map(([k, v]) => [cell(k), cell(v)]));
  return `${cell(value)}\n`;
}
