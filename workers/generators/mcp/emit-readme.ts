// README.md of the MCP server: install, the MCP client configuration (JSON built by
// JSON.stringify), credentials, transports, tool modes and the tool list. Prose from the
// description is markdown-escaped; tool names are generated `[a-z0-9_]` words.

import { RETRY_POLICY } from '../core/client-options.ts';
import type { GeneratedFile } from '../core/files.ts';
import { mdCode, mdFence, mdText } from '../core/markdown.ts';
import type { ApiModel } from '../model/types.ts';
import type { SdkPlan } from '../typescript/naming.ts';
import { DYNAMIC_THRESHOLD } from './options.ts';
import { MAX_PAGES_ARG, MAX_PAGES_LIMIT, type McpTool } from './plan.ts';
import type { McpToolMode, ResolvedMcpOptions } from './types.ts';

export function emitReadme(
  model: ApiModel,
  sdk: SdkPlan,
  tools: readonly McpTool[],
  options: ResolvedMcpOptions,
  mode: McpToolMode,
): GeneratedFile {
  const bin = options.binaryName;
  const title = model.info.title.trim() === '' ? sdk.options.clientClass : model.info.title;
  const prefix = sdk.options.envPrefix;
  const keyEnv = model.authOptions[0]?.envVar ?? `${prefix}_API_KEY`;
  const env: Record<string, string> = model.authOptions.length > 0 ? { [keyEnv]: '<your API key>' } : {};
  const config = {
    mcpServers: {
      [bin]: { command: 'npx', args: ['-y', options.packageName], ...(Object.keys(env).length > 0 ? { env } : {}) },
    },
  };
  const lines: string[] = [
    `# ${mdText(options.packageName)}`,
    '',
    `The [Model Context Protocol](https://modelcontextprotocol.io) server for ${mdText(title)}: it lets an AI agent call the API as tools. It is built on the official MCP SDK and on the API's TypeScript SDK (included in \`src/sdk/\`).`,
  ];
  if (model.info.description) lines.push('', mdText(model.info.description.slice(0, 1000)));
  lines.push(
    '',
    '## Add it to an MCP client',
    '',
    'In the client configuration (Claude Desktop `claude_desktop_config.json`, Cursor `.cursor/mcp.json`, and others):',
    '',
    mdFence(JSON.stringify(config, null, 2), 'json'),
    '',
    `Or run it from a checkout: \`npm install && npm run build\`, then use \`"command": "node", "args": ["<path>/dist/main.js"]\`.`,
    '',
    '## Credentials and base URL',
    '',
  );
  if (model.authOptions.length > 0)
    lines.push(
      `The API key is read from ${mdCode(`$${keyEnv}`)}${keyEnv !== `${prefix}_API_KEY` ? ` (or ${mdCode(`$${prefix}_API_KEY`)})` : ''}, as the SDK reads it.`,
    );
  else lines.push('The API takes no credentials.');
  const oauth = sdk.clientCredentials;
  if (oauth !== undefined)
    lines.push(
      `With an OAuth2 client id and secret in ${mdCode(`$${oauth.flow.clientIdEnv}`)} and ${mdCode(`$${oauth.flow.clientSecretEnv}`)}, the server fetches its own access tokens from the API's token endpoint (client credentials) and refreshes them as they expire.`,
    );
  lines.push(
    `The base URL is \`--base-url URL\`, else ${mdCode(`$${prefix}_BASE_URL`)}, else the description's server. ${RETRY_POLICY}; \`--max-retries N\` sets how many times (0: a tool call fails at once).`,
    '',
    '## Transports',
    '',
    `- stdio (the default): the client starts ${mdCode(bin)} and talks over its stdin and stdout.`,
    `- Streamable HTTP: ${mdCode(`${bin} --transport http --port 3000`)} serves MCP at \`http://127.0.0.1:3000/mcp\` (\`--host\` to listen elsewhere; stateless).`,
    '',
    '## Tools',
    '',
    `Static mode lists one tool per endpoint; dynamic mode lists three: \`list_endpoints\` (with a \`filter\`), \`get_endpoint_schema\` and \`invoke_endpoint\`. The default is dynamic when the API has more than ${DYNAMIC_THRESHOLD} endpoints; this one has ${tools.length}, so this server starts in **${mode}** mode. \`--tools static\` or \`--tools dynamic\` chooses.`,
    '',
    `Results are the API's JSON. An API error comes back as a tool error with the HTTP status and the message. Paginated endpoints take \`${MAX_PAGES_ARG}\` (1 to ${MAX_PAGES_LIMIT}) to follow pages; file arguments are objects \`{"content_base64": "...", "filename": "..."}\`.`,
    '',
  );
  for (const tool of tools) {
    const summary = tool.title ?? tool.description.split('\n')[0] ?? '';
    lines.push(`- \`${tool.name}\` (${mdCode(tool.http)}): ${mdText(summary)}`);
  }
  lines.push('');
  return { path: 'README.md', content: lines.join('\n') };
}
