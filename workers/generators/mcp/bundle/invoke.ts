// Calling one tool: the arguments are checked against the tool's argument list (unknown and
// missing ones are refused), files given as base64 become uploads the SDK sends, the SDK method is
// called with a client built from the environment, pages are followed up to `max_pages`, and the
// result is the API's JSON. An API error becomes a tool error that carries its status and message.

import { APIError } from '../sdk/core/errors.js';
import { Page } from '../sdk/core/pagination.js';
import { toFile } from '../sdk/core/uploads.js';
import type { ClientSetup, ServerSpec, ToolCall, ToolData } from './types.js';

export const MAX_PAGES_ARG = 'max_pages';
export const MAX_PAGES_LIMIT = 50;
const MAX_STREAM_EVENTS = 1000;

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A problem with the arguments a client sent (a tool error, not a server fault). */
export class ArgumentError extends Error {}

export function textResult(value: unknown): ToolResult {
  const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'null');
  const result: ToolResult = { content: [{ type: 'text', text }] };
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    result.structuredContent = value as Record<string, unknown>;
  return result;
}

export function errorResult(message: string, detail?: Record<string, unknown>): ToolResult {
  const text = detail === undefined ? message : `${message}\n${JSON.stringify(detail, null, 2)}`;
  return { content: [{ type: 'text', text }], isError: true };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fileFrom(value: unknown, arg: string): Blob {
  if (!isRecord(value) || typeof value.content_base64 !== 'string')
    throw new ArgumentError(`Argument '${arg}' must be a file: {"content_base64": "...", "filename": "..."}.`);
  const bytes = Uint8Array.from(Buffer.from(value.content_base64, 'base64'));
  const name = typeof value.filename === 'string' && value.filename !== '' ? value.filename : 'file';
  const type = typeof value.content_type === 'string' ? value.content_type : 'application/octet-stream';
  return toFile(bytes as BlobPart, name, { type });
}

export interface PreparedCall {
  path: unknown[];
  params: Record<string, unknown>;
  maxPages: number;
}

/** The SDK call's path values and params object from a tool's arguments. */
export function prepareCall(tool: ToolData, input: unknown): PreparedCall {
  const args = input === undefined || input === null ? {} : input;
  if (!isRecord(args)) throw new ArgumentError('The arguments must be a JSON object.');
  const known = new Set(tool.args.map((a) => a.name));
  if (tool.paginated) known.add(MAX_PAGES_ARG);
  const unknown = Object.keys(args).filter((k) => !known.has(k));
  if (unknown.length > 0)
    throw new ArgumentError(
      `Unknown argument${unknown.length === 1 ? '' : 's'} ${unknown.map((k) => JSON.stringify(k)).join(', ')}; this tool takes ${[...known].map((k) => JSON.stringify(k)).join(', ') || 'no arguments'}.`,
    );
  const required = Array.isArray(tool.inputSchema.required) ? (tool.inputSchema.required as string[]) : [];
  const missing = required.filter((name) => args[name] === undefined || args[name] === null);
  if (missing.length > 0)
    throw new ArgumentError(`Missing required argument${missing.length === 1 ? '' : 's'}: ${missing.map((k) => JSON.stringify(k)).join(', ')}.`);
  const path: unknown[] = [];
  const params: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const arg of tool.args) {
    const value = args[arg.name];
    if (value === undefined) continue;
    if (arg.to === 'path') {
      if (typeof value === 'object' && value !== null) throw new ArgumentError(`Argument '${arg.name}' must be a string or a number.`);
      path[arg.index] = value;
      continue;
    }
    if (arg.file === 'one') params[arg.key] = fileFrom(value, arg.name);
    else if (arg.file === 'many') {
      if (!Array.isArray(value)) throw new ArgumentError(`Argument '${arg.name}' must be an array of files.`);
      params[arg.key] = value.map((item) => fileFrom(item, arg.name));
    } else params[arg.key] = value;
  }
  let maxPages = 1;
  const pages = args[MAX_PAGES_ARG];
  if (tool.paginated && pages !== undefined) {
    if (typeof pages !== 'number' || !Number.isInteger(pages) || pages < 1 || pages > MAX_PAGES_LIMIT)
      throw new ArgumentError(`'${MAX_PAGES_ARG}' must be an integer from 1 to ${MAX_PAGES_LIMIT}.`);
    maxPages = pages;
  }
  return { path, params, maxPages };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}

/** The SDK method's result as a tool result. */
async function resultOf(tool: ToolData, value: unknown, maxPages: number): Promise<ToolResult> {
  if (value instanceof Page) {
    if (maxPages <= 1) return textResult(value.body);
    const items: unknown[] = [];
    let page: Page<unknown> = value;
    let pages = 1;
    items.push(...page.getPaginatedItems());
    while (pages < maxPages && page.hasNextPage()) {
      page = await page.getNextPage();
      pages += 1;
      items.push(...page.getPaginatedItems());
    }
    return textResult({ items, pages, has_more: page.hasNextPage() });
  }
  if (value instanceof Response) {
    const bytes = new Uint8Array(await value.arrayBuffer());
    return textResult({
      content_type: value.headers.get('content-type') ?? 'application/octet-stream',
      size: bytes.byteLength,
      content_base64: Buffer.from(bytes).toString('base64'),
    });
  }
  if ((tool.response === 'event-stream' || tool.response === 'event-stream-text') && isAsyncIterable(value)) {
    const events: unknown[] = [];
    for await (const event of value) {
      events.push(event);
      if (events.length >= MAX_STREAM_EVENTS) break;
    }
    return textResult(events);
  }
  if (value === undefined) return textResult({ ok: true });
  return textResult(value);
}

export interface CallEnvironment {
  env: Record<string, string | undefined>;
  baseURL: string | undefined;
  fetch?: ClientSetup['fetch'];
  maxRetries?: number | undefined;
}

function credentialValues<Client>(spec: ServerSpec<Client>, env: CallEnvironment['env']): (string | undefined)[] {
  return spec.credentials.map((credential) => {
    for (const name of credential.env) {
      const value = env[name]?.trim();
      if (value) return value;
    }
    return undefined;
  });
}

/**
 * The client for a call: the previous call's while the credentials, base URL, retries and fetch are the
 * same, so what the client caches (an OAuth2 access token) serves every call, not just one.
 */
const clients = new WeakMap<object, { key: string; fetch: CallEnvironment['fetch']; client: unknown }>();

function clientFor<Client>(spec: ServerSpec<Client>, environment: CallEnvironment): Client {
  const credentials = credentialValues(spec, environment.env);
  const key = JSON.stringify([credentials, environment.baseURL ?? null, environment.maxRetries ?? null]);
  const cached = clients.get(spec);
  if (cached !== undefined && cached.key === key && cached.fetch === environment.fetch) return cached.client as Client;
  const client = spec.createClient({
    credentials,
    baseURL: environment.baseURL,
    fetch: environment.fetch,
    maxRetries: environment.maxRetries,
  });
  clients.set(spec, { key, fetch: environment.fetch, client });
  return client;
}

/** Calls a tool's SDK method; every failure comes back as a tool error (never a thrown error). */
export async function invokeTool<Client>(
  spec: ServerSpec<Client>,
  tool: ToolData,
  call: ToolCall<Client>,
  input: unknown,
  environment: CallEnvironment,
): Promise<ToolResult> {
  let prepared: PreparedCall;
  try {
    prepared = prepareCall(tool, input);
  } catch (error) {
    if (error instanceof ArgumentError) return errorResult(error.message);
    throw error;
  }
  let client: Client;
  try {
    client = clientFor(spec, environment);
  } catch (error) {
    const first = spec.credentials[0];
    const hint = first ? ` Set ${first.env.map((e) => `$${e}`).join(' or ')} in the server's environment.` : '';
    return errorResult(`${(error as Error).message}${hint}`);
  }
  try {
    const value: unknown = await call(client, prepared.path, prepared.params);
    return await resultOf(tool, value, prepared.maxPages);
  } catch (error) {
    if (error instanceof APIError) {
      return errorResult(`API error${error.status !== undefined ? ` ${error.status}` : ''}: ${withCauses(error)}`, {
        status: error.status ?? null,
        message: error.message,
        ...(error.requestId ? { request_id: error.requestId } : {}),
        body: error.body === undefined ? null : error.body,
      });
    }
    return errorResult(`The call failed: ${error instanceof Error ? error.message : String(error)}`);
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
