// The MCP server's command line: `--transport stdio` (the default: an MCP client starts the server
// and talks over its stdin/stdout) or `--transport http --port N` (Streamable HTTP at `/mcp`,
// stateless, on 127.0.0.1 unless `--host` says otherwise); `--base-url` points the SDK at another
// server; `--tools static|dynamic` overrides the generated default; `--max-retries N` sets how many
// times the SDK retries a failed request. Nothing but MCP messages is
// written to stdout in stdio mode; diagnostics go to stderr.

import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { apiName, createServer, loadTools } from './server.js';
import type { ServerSpec, ToolMode } from './types.js';

export interface Flags {
  transport: 'stdio' | 'http';
  port: number;
  host: string;
  baseURL: string | undefined;
  /** Undefined: the SDK's default. */
  maxRetries: number | undefined;
  mode: ToolMode | undefined;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

export function parseFlags(argv: readonly string[]): Flags {
  const flags: Flags = { transport: 'stdio', port: 3000, host: '127.0.0.1', baseURL: undefined, maxRetries: undefined, mode: undefined, help: false, version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq !== -1 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (arg.startsWith('--') && eq !== -1) return arg.slice(eq + 1);
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${name} needs a value.`);
      return next;
    };
    switch (name) {
      case '--transport': {
        const v = value();
        if (v !== 'stdio' && v !== 'http') throw new UsageError(`--transport must be stdio or http, not ${JSON.stringify(v)}.`);
        flags.transport = v;
        break;
      }
      case '--port': {
        const v = value();
        const port = Number(v);
        if (!/^\d+$/.test(v) || port > 65535) throw new UsageError(`--port must be a port number (0-65535), not ${JSON.stringify(v)}.`);
        flags.port = port;
        break;
      }
      case '--host':
        flags.host = value();
        break;
      case '--base-url':
        flags.baseURL = value();
        break;
      case '--max-retries': {
        const v = value();
        if (!/^\d{1,3}$/.test(v)) throw new UsageError(`--max-retries must be a whole number from 0 to 999, not ${JSON.stringify(v)}.`);
        flags.maxRetries = Number(v);
        break;
      }
      case '--tools': {
        const v = value();
        if (v !== 'static' && v !== 'dynamic') throw new UsageError(`--tools must be static or dynamic, not ${JSON.stringify(v)}.`);
        flags.mode = v;
        break;
      }
      case '--help':
      case '-h':
        flags.help = true;
        break;
      case '--version':
        flags.version = true;
        break;
      default:
        throw new UsageError(`Unknown argument ${JSON.stringify(arg)}.`);
    }
  }
  return flags;
}

/** Control characters and bidi overrides removed: the title comes from the description and help goes to a terminal. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g, '');
}

function usage<Client>(spec: ServerSpec<Client>): string {
  const env = spec.credentials[0]?.env.map((e) => `$${e}`).join(' or ');
  return [
    `Usage: ${spec.name} [--transport stdio|http] [--port N] [--host H] [--base-url URL] [--max-retries N] [--tools static|dynamic]`,
    '',
    `The MCP server for the ${printable(apiName(spec.title))}.`,
    '',
    '  --transport stdio|http  stdio (default) or Streamable HTTP at /mcp',
    '  --port N                the HTTP port (default 3000; 0 picks a free one)',
    '  --host H                the HTTP interface (default 127.0.0.1)',
    `  --base-url URL          the API's base URL (default $${spec.envPrefix}_BASE_URL, else the description's server)`,
    '  --max-retries N         retries on connection errors, 408, 409, 429 and 5xx (default 2)',
    `  --tools static|dynamic  one tool per endpoint, or three tools that list, describe and invoke endpoints (default ${spec.defaultMode})`,
    ...(env ? ['', `Credentials are read from ${env}.`] : []),
    '',
  ].join('\n');
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 4 * 1024 * 1024) throw new UsageError('request body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

function sendJsonRpcError(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

export async function main<Client>(spec: ServerSpec<Client>, argv: readonly string[]): Promise<number> {
  let flags: Flags;
  try {
    flags = parseFlags(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`error: ${error.message}\n${usage(spec)}`);
    return 2;
  }
  if (flags.help) {
    process.stdout.write(usage(spec));
    return 0;
  }
  if (flags.version) {
    process.stdout.write(`${spec.name} ${spec.version}\n`);
    return 0;
  }
  const tools = loadTools(spec);
  const options = { mode: flags.mode ?? spec.defaultMode, env: process.env, baseURL: flags.baseURL, maxRetries: flags.maxRetries };
  if (flags.transport === 'stdio') {
    const server = createServer(spec, tools, options);
    // The open stdin keeps the process running; it ends when the client closes it.
    await server.connect(new StdioServerTransport());
    return 0;
  }
  // Streamable HTTP, stateless: one server and transport per request. Imported here, so a stdio
  // server (the common case, started by the client for each session) does not load it.
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const http = createHttpServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/mcp') return sendJsonRpcError(res, 404, 'Not found: the MCP endpoint is /mcp.');
      if (req.method !== 'POST') return sendJsonRpcError(res, 405, 'Method not allowed: this stateless server takes POST only.');
      let body: unknown;
      try {
        body = await readBody(req);
      } catch (error) {
        return sendJsonRpcError(res, 400, `Bad request: ${(error as Error).message}`);
      }
      const server = createServer(spec, tools, options);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    })().catch((error: unknown) => {
      process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
      sendJsonRpcError(res, 500, 'Internal server error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(flags.port, flags.host, () => resolve());
  });
  const address = http.address();
  const port = typeof address === 'object' && address !== null ? address.port : flags.port;
  process.stderr.write(`${spec.name}: MCP over Streamable HTTP at http://${flags.host.includes(':') ? `[${flags.host}]` : flags.host}:${port}/mcp\n`);
  // The listening socket keeps the process running until it is stopped.
  return 0;
}
