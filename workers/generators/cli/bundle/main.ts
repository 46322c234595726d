// The command-line runtime: resolve the command, parse and check its flags, build the SDK
// client (credentials from `--api-key` or the environment), call the SDK method, print the
// result. Exit codes: 0 success, 1 API or connection error, 2 usage error.

import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { APIError } from '../sdk/core/errors.js';
import { Page } from '../sdk/core/pagination.js';
import { toFile } from '../sdk/core/uploads.js';
import { childNames, convertValue, parseFor, resolveCommand, rootGroup, UsageError, type GlobalFlags } from './args.js';
import { completionScript, SHELLS, type Shell } from './completion.js';
import { formatOutput, type OutputFormat } from './format.js';
import { groupHelp, methodHelp } from './help.js';
import { DryRunStop, dryRunFetch, verboseFetch, type FetchLike } from './http.js';
import { safeLine, safeText } from './sanitize.js';
import { didYouMean } from './suggest.js';
import type { FlagSpec, MethodSpec, ProgramSpec } from './types.js';

export const EXIT_OK = 0;
export const EXIT_API_ERROR = 1;
export const EXIT_USAGE = 2;

/** Where the program reads and writes; the default is the real process. */
export interface CliIO {
  stdout(text: string | Uint8Array): void;
  stderr(text: string): void;
  stdoutIsTTY: boolean;
  env: Record<string, string | undefined>;
  readStdin(): Promise<Uint8Array>;
  readFile(path: string): Promise<Uint8Array>;
  fetch: FetchLike;
}

export function processIO(): CliIO {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stdoutIsTTY: process.stdout.isTTY === true,
    env: process.env,
    readStdin: async () => {
      const chunks: Uint8Array[] = [];
      for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array));
      return concat(chunks);
    },
    readFile: async (path) => new Uint8Array(await readFile(path)),
    fetch: (input, init) => fetch(input, init),
  };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

export async function main<Client>(program: ProgramSpec<Client>, argv: string[], io: CliIO = processIO()): Promise<number> {
  try {
    return await run(program, argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      const command = [program.name, ...error.command].join(' ');
      io.stderr(`${safeText(`error: ${error.message}`)}\nRun '${safeLine(command)} --help' for usage.\n`);
      return EXIT_USAGE;
    }
    if (error instanceof APIError) {
      io.stderr(`${safeText(`error: ${withCauses(error)}`)}\n`);
      if (error.status !== undefined) io.stderr(`status: ${error.status}\n`);
      if (error.requestId) io.stderr(`request id: ${safeLine(error.requestId)}\n`);
      // What the server said beyond its message (a validation error's list of violations, say).
      const body = error.body === undefined || error.body === null ? '' : typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
      if (body !== '') io.stderr(`${safeText(`body: ${body.length > 2000 ? `${body.slice(0, 2000)}…` : body}`)}\n`);
      return EXIT_API_ERROR;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`${safeText(`error: ${message}`)}\n`);
    return EXIT_API_ERROR;
  }
}

/**
 * An error's message with its causes' (a connection error's `fetch failed`, then what the HTTP
 * parser refused), so a failed connection says why: `Connection error. (fetch failed: …)`.
 */
function withCauses(error: Error): string {
  const causes: string[] = [];
  for (let e: unknown = error.cause, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++)
    if (e.message !== '' && !causes.includes(e.message)) causes.push(e.message);
  return causes.length === 0 ? error.message : `${error.message} (${causes.join(': ')})`;
}

async function run<Client>(program: ProgramSpec<Client>, argv: string[], io: CliIO): Promise<number> {
  const resolved = resolveCommand(program, argv);
  if (resolved.kind === 'completion') {
    const { globals, positionals } = parseFor(argv, undefined, ['completion']);
    const shell = positionals[1];
    if (globals.help || shell === undefined) {
      const text = `Usage: ${program.name} completion bash|zsh\n\nPrints a completion script. Load it with:\n  source <(${program.name} completion bash)\n`;
      if (globals.help) {
        io.stdout(safeText(text));
        return EXIT_OK;
      }
      throw new UsageError('Missing shell: bash or zsh.', ['completion']);
    }
    if (!(SHELLS as readonly string[]).includes(shell) || positionals.length > 2) {
      throw new UsageError(`Unknown shell '${positionals.slice(1).join(' ')}' (expected bash or zsh).${didYouMean(shell, SHELLS)}`, ['completion']);
    }
    io.stdout(completionScript(program, shell as Shell));
    return EXIT_OK;
  }
  if (resolved.kind === 'group') {
    const { globals, positionals } = parseFor(argv, undefined, resolved.path);
    if (positionals.length > resolved.path.length) {
      // Words after a flag the group does not know: name them as an unknown command.
      const word = positionals[resolved.path.length] as string;
      throw new UsageError(`Unknown command '${word}'.${didYouMean(word, childNames(resolved.group))}`, resolved.path);
    }
    if (globals.version && resolved.path.length === 0) {
      io.stdout(`${safeLine(program.name)} ${safeLine(program.version)}\n`);
      return EXIT_OK;
    }
    const help = groupHelp(program, resolved.path.length === 0 ? rootGroup(program) : resolved.group, resolved.path);
    if (globals.help || resolved.path.length === 0) {
      io.stdout(help);
      return EXIT_OK;
    }
    io.stderr(help);
    throw new UsageError(`Missing command after '${resolved.path.join(' ')}'.`, resolved.path);
  }

  const { method, path } = resolved;
  const parsed = parseFor(argv, method, path);
  if (parsed.globals.help) {
    io.stdout(methodHelp(program, method, path));
    return EXIT_OK;
  }
  const extra = parsed.positionals.slice(path.length);
  const call = await buildCall(method, parsed.values, extra, path, io);
  return await execute(program, method, call, parsed.globals, walkLimit(parsed.values, path), io);
}

/** How far `--all` / `--max-items <n>` follow the pages: undefined for one page, Infinity for all. */
function walkLimit(values: Record<string, unknown>, commandPath: string[]): number | undefined {
  const max = values['max-items'];
  if (typeof max === 'string') {
    const text = max.trim();
    if (!/^[0-9]+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
      throw new UsageError(`Invalid value for --max-items: '${max}' (expected a positive integer).`, commandPath);
    }
    return Number(text);
  }
  return values.all === true ? Infinity : undefined;
}

interface Call {
  path: unknown[];
  params: Record<string, unknown>;
}

async function readData(spec: string, binary: boolean, io: CliIO): Promise<Uint8Array | string> {
  if (spec === '-') return binary ? await io.readStdin() : decode(await io.readStdin());
  if (spec.startsWith('@')) {
    const file = spec.slice(1);
    try {
      const bytes = await io.readFile(file);
      return binary ? bytes : decode(bytes);
    } catch (error) {
      throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
    }
  }
  return binary ? new TextEncoder().encode(spec) : spec;
}

async function fileValue(path: string, io: CliIO): Promise<Blob> {
  const bytes = path === '-' ? await io.readStdin() : await io.readFile(path).catch((error: unknown) => {
    throw new UsageError(`Cannot read ${path}: ${(error as Error).message}`);
  });
  return toFile(bytes as BlobPart, path === '-' ? 'stdin' : basename(path));
}

async function buildCall<Client>(method: MethodSpec<Client>, values: Record<string, unknown>, positionals: string[], commandPath: string[], io: CliIO): Promise<Call> {
  const pathFlags = method.flags.filter((f) => f.in === 'path');
  if (positionals.length > pathFlags.length) {
    throw new UsageError(`Unexpected argument '${positionals[pathFlags.length] as string}'.${pathFlags.length === 0 ? ' This command takes flags only.' : ''}`, commandPath);
  }
  const params: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  // The whole body, or the fields `--data` gives (flags override them).
  let dataFields: Record<string, unknown> | undefined;
  const body = method.body;
  if (body && typeof values.data === 'string') {
    const raw = await readData(values.data, body.kind === 'binary', io);
    if (body.mode === 'whole') {
      let value: unknown = raw;
      if (body.kind === 'json' || body.kind === 'multipart' || body.kind === 'form') {
        try {
          value = JSON.parse(raw as string) as unknown;
        } catch (error) {
          throw new UsageError(`--data is not valid JSON: ${(error as Error).message}`, commandPath);
        }
      }
      params[body.key ?? 'body'] = value;
    } else {
      let value: unknown;
      try {
        value = JSON.parse(raw as string) as unknown;
      } catch (error) {
        throw new UsageError(`--data is not valid JSON: ${(error as Error).message}`, commandPath);
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('--data must be a JSON object for this command.', commandPath);
      dataFields = value as Record<string, unknown>;
      for (const [key, item] of Object.entries(dataFields)) params[key] = item;
    }
  }
  const pathValues: unknown[] = [];
  const missing: FlagSpec[] = [];
  for (const flag of method.flags) {
    let raw = values[flag.name] as string | boolean | (string | boolean)[] | undefined;
    if (flag.type === 'boolean' && !flag.multiple && values[`no-${flag.name}`] === true) {
      if (raw === true) throw new UsageError(`--${flag.name} and --no-${flag.name} cannot both be given.`, commandPath);
      raw = false;
    }
    if (flag.in === 'path' && raw === undefined) {
      const index = pathFlags.indexOf(flag);
      raw = positionals[index];
    }
    if (raw === undefined) {
      if (flag.in === 'path') pathValues.push(undefined);
      const satisfied = flag.in === 'body' && dataFields !== undefined && flag.key in dataFields;
      if (flag.required && !satisfied) missing.push(flag);
      continue;
    }
    let value: unknown;
    if (Array.isArray(raw)) value = raw.map((item) => convertValue(flag, item, commandPath));
    else value = convertValue(flag, raw, commandPath);
    if (flag.type === 'file') value = Array.isArray(value) ? await Promise.all(value.map((v) => fileValue(String(v), io))) : await fileValue(String(value), io);
    if (flag.in === 'path') pathValues.push(value);
    else params[flag.key] = value;
  }
  if (missing.length > 0) {
    const names = missing.map((f) => `--${f.name}`).join(', ');
    throw new UsageError(`Missing required flag${missing.length === 1 ? '' : 's'}: ${names}.`, commandPath);
  }
  if (body?.mode === 'whole' && body.required && params[body.key ?? 'body'] === undefined) {
    throw new UsageError('Missing the request body: pass --data (inline, @file or - for stdin).', commandPath);
  }
  return { path: pathValues, params };
}

function credentialValues<Client>(program: ProgramSpec<Client>, globals: GlobalFlags, io: CliIO): (string | undefined)[] {
  return program.credentials.map((credential, i) => {
    if (i === 0 && globals.apiKey !== undefined) return globals.apiKey;
    if (credential.flag === 'client-id' && globals.clientId !== undefined) return globals.clientId;
    if (credential.flag === 'client-secret' && globals.clientSecret !== undefined) return globals.clientSecret;
    for (const name of credential.env) {
      const value = io.env[name]?.trim();
      if (value) return value;
    }
    // A dry run shows the request without needing a real secret (it is redacted anyway).
    return globals.dryRun && credential.required ? 'dry-run' : undefined;
  });
}

async function execute<Client>(program: ProgramSpec<Client>, method: MethodSpec<Client>, call: Call, globals: GlobalFlags, walk: number | undefined, io: CliIO): Promise<number> {
  const secrets = { headers: program.secretHeaders, query: program.secretQuery };
  let described: string | undefined;
  let fetchImpl: FetchLike = globals.dryRun ? dryRunFetch(secrets, (text) => (described = text)) : io.fetch;
  if (globals.verbose && !globals.dryRun) fetchImpl = verboseFetch(fetchImpl, secrets, (line) => io.stderr(`${line}\n`));
  let client: Client;
  try {
    client = program.createClient({
      credentials: credentialValues(program, globals, io),
      baseURL: globals.baseURL,
      fetch: fetchImpl,
      maxRetries: globals.dryRun ? 0 : globals.maxRetries,
    });
  } catch (error) {
    const first = program.credentials[0];
    const hint = first ? ` Pass --api-key or set ${first.env.map((e) => `$${e}`).join(' or ')}.` : '';
    throw new UsageError(`${(error as Error).message}${hint}`);
  }
  const format: OutputFormat = globals.format ?? 'json';
  const print = (value: unknown): void => io.stdout(formatOutput(value, format, io.stdoutIsTTY));
  try {
    const result = method.call(client, call.path, call.params);
    if (walk !== undefined && method.paginated && isAsyncIterable(result)) {
      const items: unknown[] = [];
      for await (const item of result) {
        items.push(item);
        if (items.length >= walk) break;
      }
      print(items);
      return EXIT_OK;
    }
    const value: unknown = await result;
    if (value instanceof Page) print(value.body);
    else if (value instanceof Response) io.stdout(new Uint8Array(await value.arrayBuffer()));
    else if (method.response === 'stream' && isAsyncIterable(value)) {
      // One event per line (compact JSON unless another format was asked for).
      for await (const event of value) io.stdout(formatOutput(event, format, false));
    } else if (method.response === 'text' && typeof value === 'string') {
      const text = io.stdoutIsTTY ? safeText(value) : value;
      io.stdout(text.endsWith('\n') || text === '' ? text : `${text}\n`);
    } else if (value !== undefined) print(value);
    return EXIT_OK;
  } catch (error) {
    if (described !== undefined && isDryRun(error)) {
      io.stdout(described);
      return EXIT_OK;
    }
    throw error;
  }
}

function isDryRun(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    if (e instanceof DryRunStop) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}
