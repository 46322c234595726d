// The MCP server (the official SDK's low-level `Server`, which takes JSON Schema as it is): in
// static mode one tool per API operation; in dynamic mode three tools that list the endpoints
// (with a filter), give one endpoint's input schema, and invoke one.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorResult, invokeTool, textResult, type CallEnvironment, type ToolResult } from './invoke.js';
import type { ServerSpec, ToolCall, ToolData, ToolMode } from './types.js';

export interface LoadedTools<Client> {
  list: readonly ToolData[];
  byName: ReadonlyMap<string, { tool: ToolData; call: ToolCall<Client> }>;
}

/** Parses the table's JSON once; the metadata and the calls are index-aligned. */
export function loadTools<Client>(spec: ServerSpec<Client>): LoadedTools<Client> {
  const list = JSON.parse(spec.toolsJson) as ToolData[];
  if (list.length !== spec.calls.length) throw new Error('tool table is inconsistent');
  const byName = new Map<string, { tool: ToolData; call: ToolCall<Client> }>();
  list.forEach((tool, i) => byName.set(tool.name, { tool, call: spec.calls[i] as ToolCall<Client> }));
  return { list, byName };
}

const LIST_ENDPOINTS = 'list_endpoints';
const GET_SCHEMA = 'get_endpoint_schema';
const INVOKE = 'invoke_endpoint';

/** "the Pets API", but "the Museum API" for a title that already ends with the word API. */
export function apiName(title: string): string {
  return /\bAPI$/i.test(title.trim()) ? title.trim() : `${title} API`;
}

function dynamicTools(title: string): { name: string; description: string; inputSchema: Record<string, unknown> }[] {
  return [
    {
      name: LIST_ENDPOINTS,
      description: `Lists the endpoints of the ${apiName(title)}: name, HTTP method and path, and summary. Filter by words in the name, path or description.`,
      inputSchema: {
        type: 'object',
        properties: { filter: { type: 'string', description: 'Only endpoints whose name, path or description contain every word of this text (case-insensitive).' } },
        additionalProperties: false,
      },
    },
    {
      name: GET_SCHEMA,
      description: 'Gives the input JSON Schema and the full description of one endpoint (by the name list_endpoints gives).',
      inputSchema: {
        type: 'object',
        properties: { endpoint: { type: 'string', description: 'The endpoint name.' } },
        required: ['endpoint'],
        additionalProperties: false,
      },
    },
    {
      name: INVOKE,
      description: 'Calls one endpoint with arguments that follow its input schema (see get_endpoint_schema); returns the API response as JSON.',
      inputSchema: {
        type: 'object',
        properties: {
          endpoint: { type: 'string', description: 'The endpoint name.' },
          arguments: { type: 'object', description: 'The endpoint arguments.' },
        },
        required: ['endpoint'],
        additionalProperties: false,
      },
    },
  ];
}

function summaryOf(tool: ToolData): string {
  return tool.title ?? tool.description.split('\n')[0] ?? '';
}

function matches(tool: ToolData, filter: string): boolean {
  const haystack = `${tool.name} ${tool.http} ${tool.title ?? ''} ${tool.description}`.toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '')
    .every((word) => haystack.includes(word));
}

export interface ServerOptions extends CallEnvironment {
  mode: ToolMode;
}

export function createServer<Client>(spec: ServerSpec<Client>, tools: LoadedTools<Client>, options: ServerOptions): Server {
  const server = new Server({ name: spec.name, version: spec.version, title: spec.title }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    if (options.mode === 'dynamic') return { tools: dynamicTools(spec.title) };
    return {
      tools: tools.list.map((tool) => ({
        name: tool.name,
        ...(tool.title !== undefined ? { title: tool.title } : {}),
        description: tool.description,
        inputSchema: tool.inputSchema as { type: 'object'; [key: string]: unknown },
      })),
    };
  });
  const invoke = async (name: string, input: unknown): Promise<ToolResult> => {
    const entry = tools.byName.get(name);
    if (entry === undefined) return errorResult(`Unknown tool ${JSON.stringify(name)}.`);
    return await invokeTool(spec, entry.tool, entry.call, input, options);
  };
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: input } = request.params;
    if (options.mode === 'static') return await invoke(name, input);
    const args = (input ?? {}) as Record<string, unknown>;
    switch (name) {
      case LIST_ENDPOINTS: {
        const filter = typeof args.filter === 'string' ? args.filter : '';
        const found = tools.list.filter((tool) => matches(tool, filter));
        return textResult({
          endpoints: found.map((tool) => ({ name: tool.name, http: tool.http, summary: summaryOf(tool) })),
          count: found.length,
        });
      }
      case GET_SCHEMA: {
        const entry = typeof args.endpoint === 'string' ? tools.byName.get(args.endpoint) : undefined;
        if (entry === undefined) return errorResult(`Unknown endpoint ${JSON.stringify(args.endpoint)}; list_endpoints gives the names.`);
        const { tool } = entry;
        return textResult({ name: tool.name, http: tool.http, description: tool.description, inputSchema: tool.inputSchema });
      }
      case INVOKE: {
        if (typeof args.endpoint !== 'string') return errorResult("'endpoint' must be an endpoint name.");
        return await invoke(args.endpoint, args.arguments);
      }
      default:
        return errorResult(`Unknown tool ${JSON.stringify(name)}; this server has ${LIST_ENDPOINTS}, ${GET_SCHEMA} and ${INVOKE}.`);
    }
  });
  return server;
}
