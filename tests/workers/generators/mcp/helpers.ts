// Shared by the MCP server generator tests: packages compiled with ONE TypeScript 7 run (their
// `@modelcontextprotocol/sdk` import found through a node_modules link to this repository's, as
// an installed package finds its dependency), an MCP SDK client connected to a compiled server
// over stdio or Streamable HTTP, and tool input schemas checked with ajv (JSON Schema 2020-12).

import { spawn } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { GeneratedFile } from '../../../../workers/generators/mcp/index.ts';
import { compilePackages, REPO_ROOT } from '../cli/helpers.ts';

/** Compiles packages under `root/<dir>` to `root/out/<dir>/src` with one tsc run; `root/node_modules` links to ours. */
export async function compileMcpPackages(
  root: string,
  packages: Map<string, readonly GeneratedFile[]>,
): Promise<{ code: number; output: string }> {
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return await compilePackages(root, packages);
}

export interface Connected {
  client: Client;
  stderr: () => string;
  close: () => Promise<void>;
}

/** An MCP SDK client connected over stdio to `node <mainJs> ...args` (a fresh process). */
export async function connectStdio(
  mainJs: string,
  args: string[] = [],
  env: Record<string, string> = {},
  cwd?: string,
): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [mainJs, ...args],
    env: { PATH: process.env.PATH ?? '', ...env },
    ...(cwd ? { cwd } : {}),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** Starts `node <mainJs> --transport http --port 0 ...args`, reads its URL from stderr, connects a client. */
export async function connectHttp(
  mainJs: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<Connected & { url: string }> {
  const child = spawn(process.execPath, [mainJs, '--transport', 'http', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL on stderr: ${stderr}`)), 15_000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const found = /(http:\/\/\S+\/mcp)/.exec(stderr);
      if (found) {
        clearTimeout(timer);
        resolve(found[1] as string);
      }
    });
    child.on('exit', (code) => reject(new Error(`exited with ${String(code)}: ${stderr}`)));
  });
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    url,
    stderr: () => stderr,
    close: async () => {
      await client.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

/**
 * Problems with a tool input schema as JSON Schema 2020-12: the meta-schema's errors, or (with
 * `compile`) why ajv cannot compile it into a validator.
 */
export function schemaProblems(schema: unknown, compile = true): string[] {
  if (!ajv.validateSchema(schema as object))
    return (ajv.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`.trim());
  if ((schema as { type?: unknown }).type !== 'object') return ['the input schema is not of type object'];
  if (!compile) return [];
  try {
    ajv.compile(schema as object);
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

/** The text of a tool result's first content item. */
export function resultText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content[0]?.text ?? '';
}
