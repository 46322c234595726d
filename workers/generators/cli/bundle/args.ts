// Command-line parsing on `node:util` `parseArgs`: the command words pick a group or a method
// from the table, then that method's flags (plus the global ones) are parsed strictly, converted
// to their types and checked. Every mistake is a `UsageError` (exit code 2) with a suggestion.

import { parseArgs } from 'node:util';
import { OUTPUT_FORMATS, type OutputFormat } from './format.js';
import { didYouMean } from './suggest.js';
import type { FlagSpec, GroupSpec, MethodSpec, ProgramSpec } from './types.js';

export class UsageError extends Error {
  /** The command the error is about, to point at its `--help`. */
  readonly command: string[];

  constructor(message: string, command: string[] = []) {
    super(message);
    this.name = 'UsageError';
    this.command = command;
  }
}

type OptionConfig = { type: 'string' | 'boolean'; multiple?: boolean; short?: string };

/** Flags every command accepts. */
export const GLOBAL_OPTIONS: Record<string, OptionConfig> = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  'api-key': { type: 'string' },
  // Used only by CLIs of APIs with an OAuth2 client-credentials flow (whose commands never take these names).
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'base-url': { type: 'string' },
  format: { type: 'string' },
  'dry-run': { type: 'boolean' },
  verbose: { type: 'boolean' },
  'max-retries': { type: 'string' },
};

/** Names a generated flag never takes (the generator avoids them too). */
export const RESERVED_FLAGS: readonly string[] = [...Object.keys(GLOBAL_OPTIONS), 'data', 'all', 'max-items', 'h'];

export interface GlobalFlags {
  help: boolean;
  version: boolean;
  apiKey: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
  baseURL: string | undefined;
  format: OutputFormat | undefined;
  dryRun: boolean;
  verbose: boolean;
  /** How many times the SDK retries a failed request; undefined: the SDK's default. */
  maxRetries: number | undefined;
}

export type Resolved<Client> =
  | { kind: 'group'; group: GroupSpec<Client>; path: string[]; rest: string[] }
  | { kind: 'method'; method: MethodSpec<Client>; path: string[]; rest: string[] }
  | { kind: 'completion'; path: string[]; rest: string[] };

/** The root as a group. */
export function rootGroup<Client>(program: ProgramSpec<Client>): GroupSpec<Client> {
  return { name: program.name, groups: program.groups, methods: [], ...(program.description !== undefined ? { description: program.description } : {}) };
}

export function childNames<Client>(group: GroupSpec<Client>): string[] {
  return [...group.groups.map((g) => g.name), ...group.methods.map((m) => m.name)];
}

/** Command words: the positionals before the first flag that is not a global one. */
function commandWords(argv: string[]): string[] {
  const { tokens } = parseArgs({ args: argv, options: GLOBAL_OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const words: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'option-terminator') break;
    if (token.kind === 'option') {
      if (!(token.name in GLOBAL_OPTIONS)) break;
      continue;
    }
    words.push(token.value);
  }
  return words;
}

/** Finds the group or method the command words name. */
export function resolveCommand<Client>(program: ProgramSpec<Client>, argv: string[]): Resolved<Client> {
  const words = commandWords(argv);
  let group = rootGroup(program);
  const path: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (path.length === 0 && word === 'completion') return { kind: 'completion', path: ['completion'], rest: words.slice(i + 1) };
    const child = group.groups.find((g) => g.name === word);
    if (child) {
      group = child;
      path.push(word);
      continue;
    }
    const method = group.methods.find((m) => m.name === word);
    if (method) return { kind: 'method', method, path: [...path, word], rest: words.slice(i + 1) };
    const choices = childNames(group);
    if (path.length === 0) choices.push('completion');
    const where = path.length === 0 ? '' : ` under '${path.join(' ')}'`;
    throw new UsageError(`Unknown command '${word}'${where}.${didYouMean(word, choices)}`, path);
  }
  return { kind: 'group', group, path, rest: [] };
}

function optionsFor<Client>(method: MethodSpec<Client> | undefined): Record<string, OptionConfig> {
  const options: Record<string, OptionConfig> = Object.create(null) as Record<string, OptionConfig>;
  Object.assign(options, GLOBAL_OPTIONS);
  if (method === undefined) return options;
  for (const flag of method.flags) {
    options[flag.name] = { type: flag.type === 'boolean' ? 'boolean' : 'string', ...(flag.multiple ? { multiple: true } : {}) };
    if (flag.type === 'boolean' && !flag.multiple) options[`no-${flag.name}`] = { type: 'boolean' };
  }
  if (method.body) options.data = { type: 'string' };
  if (method.paginated) {
    options.all = { type: 'boolean' };
    options['max-items'] = { type: 'string' };
  }
  return options;
}

export interface ParsedArgs {
  globals: GlobalFlags;
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** Parses argv strictly for a group (global flags only) or a method (its flags too). */
export function parseFor<Client>(argv: string[], method: MethodSpec<Client> | undefined, commandPath: string[]): ParsedArgs {
  const options = optionsFor(method);
  const known = Object.keys(options);
  const { tokens } = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name in options) continue;
    const shown = token.rawName.startsWith('--') ? token.name : token.rawName;
    throw new UsageError(`Unknown flag '${token.rawName.startsWith('--') ? '--' : ''}${shown}'.${didYouMean(token.name, known, '--')}`, commandPath);
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) throw new UsageError((error as Error).message, commandPath);
    throw error;
  }
  const values = parsed.values as ParsedArgs['values'];
  const format = values.format;
  if (format !== undefined && !OUTPUT_FORMATS.includes(format as OutputFormat)) {
    throw new UsageError(`Invalid value for --format: '${String(format)}' (expected ${OUTPUT_FORMATS.join(', ')}).${didYouMean(String(format), OUTPUT_FORMATS)}`, commandPath);
  }
  const text = (name: string): string | undefined => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const retries = text('max-retries');
  if (retries !== undefined && !/^\d{1,3}$/.test(retries)) {
    throw new UsageError(`Invalid value for --max-retries: '${retries}' (expected a whole number from 0 to 999).`, commandPath);
  }
  return {
    globals: {
      help: values.help === true,
      version: values.version === true,
      apiKey: text('api-key'),
      clientId: text('client-id'),
      clientSecret: text('client-secret'),
      baseURL: text('base-url'),
      format: format as OutputFormat | undefined,
      dryRun: values['dry-run'] === true,
      verbose: values.verbose === true,
      maxRetries: retries === undefined ? undefined : Number(retries),
    },
    values,
    positionals: parsed.positionals,
  };
}

/** Converts one flag's text to its typed value (files are read by the caller). */
export function convertValue(flag: FlagSpec, raw: string | boolean, commandPath: string[]): unknown {
  const fail = (expected: string, extra = ''): never => {
    throw new UsageError(`Invalid value for --${flag.name}: '${String(raw)}' (expected ${expected}).${extra}`, commandPath);
  };
  let value: unknown;
  switch (flag.type) {
    case 'boolean':
      value = raw === true || raw === 'true';
      break;
    case 'integer': {
      const text = String(raw).trim();
      if (!/^[-+]?[0-9]+$/.test(text)) fail('an integer');
      value = Number(text);
      if (!Number.isSafeInteger(value)) value = text; // beyond 2^53: sent as written
      break;
    }
    case 'number': {
      const text = String(raw).trim();
      const n = Number(text);
      if (text === '' || !Number.isFinite(n)) fail('a number');
      value = n;
      break;
    }
    case 'json':
      try {
        value = JSON.parse(String(raw)) as unknown;
      } catch {
        fail('JSON, e.g. \'{"key": "value"}\' or \'"text"\'');
      }
      break;
    case 'string':
    case 'file':
      value = String(raw);
      break;
  }
  if (flag.choices && flag.choices.length > 0 && !flag.choices.some((c) => c === value || String(c) === String(value))) {
    const names = flag.choices.map((c) => String(c));
    fail(`one of ${names.join(', ')}`, didYouMean(String(raw), names));
  }
  if (flag.choices && typeof value === 'string') {
    // A number/boolean choice given as text takes the choice's type.
    const match = flag.choices.find((c) => String(c) === value);
    if (match !== undefined) value = match;
  }
  return value;
}
