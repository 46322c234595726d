// `src/tools.ts`: the per-API tool table the runtime in `src/mcp/` reads. The tools' metadata
// (names, descriptions, input schemas: all the text that comes from the description) is ONE
// string literal of JSON, escaped by `str` and parsed at start, so no spec text is ever code; the
// calls are generated code made only of identifiers from the SDK plan (`id`), checked by the
// compiler in the tests.

import { credentialEnv } from '../core/client.ts';
import type { GeneratedFile } from '../core/files.ts';
import type { ApiModel } from '../model/types.ts';
import type { SdkPlan } from '../typescript/naming.ts';
import {
  arrayInline,
  arrayLines,
  id,
  importDecl,
  objectInline,
  objectLines,
  objKey,
  printModule,
  str,
} from '../printers/ts-source.ts';
import type { McpTool } from './plan.ts';
import type { McpToolMode, ResolvedMcpOptions } from './types.ts';

/** The JSON the runtime parses: ToolData[] of bundle/types.ts. */
export function toolsJson(tools: readonly McpTool[]): string {
  return JSON.stringify(
    tools.map((tool) => ({
      name: tool.name,
      ...(tool.title !== undefined ? { title: tool.title } : {}),
      description: tool.description,
      http: tool.http,
      inputSchema: tool.inputSchema,
      args: tool.args,
      paginated: tool.paginated,
      response: tool.response,
    })),
  );
}

/** `(client, path, params) => client.a.b.method(path[0] as never, params as never)`. */
function callExpression(tool: McpTool, clientClass: string): string {
  const target = ['client', ...tool.access, tool.method.name].map(id).join('.');
  const args = Array.from({ length: tool.pathCount }, (_, i) => `path[${i}] as never`);
  if (tool.hasParams) args.push('params as never');
  const parameters = [`client: ${id(clientClass)}`];
  if (tool.pathCount > 0 || tool.hasParams) parameters.push('path: readonly unknown[]');
  if (tool.hasParams) parameters.push('params: Record<string, unknown>');
  return `(${parameters.join(', ')}): unknown => ${target}(${args.join(', ')})`;
}

export function emitTools(
  model: ApiModel,
  sdk: SdkPlan,
  tools: readonly McpTool[],
  options: ResolvedMcpOptions,
  mode: McpToolMode,
): GeneratedFile {
  const clientClass = id(sdk.options.clientClass);
  const prefix = sdk.options.envPrefix;
  const credentials = model.authOptions.map((option, i) => {
    const env = credentialEnv(model, prefix, i);
    return objectInline([
      `option: ${str(sdk.authIdents[i] as string)}`,
      `env: ${arrayInline(env.map((e) => str(e)))}`,
      `required: ${option.required ? 'true' : 'false'}`,
    ]);
  });
  // The OAuth2 client id and secret, read from the server's environment like the other credentials.
  const oauth = sdk.clientCredentials;
  const oauthOptions: [string, string][] =
    oauth === undefined
      ? []
      : [
          [oauth.idIdent, oauth.flow.clientIdEnv],
          [oauth.secretIdent, oauth.flow.clientSecretEnv],
        ];
  for (const [option, env] of oauthOptions)
    credentials.push(objectInline([`option: ${str(option)}`, `env: ${arrayInline([str(env)])}`, 'required: false']));
  const clientOptions = objectLines([
    ...model.authOptions.map((_, i) => `${objKey(sdk.authIdents[i] as string)}: setup.credentials[${i}]`),
    ...oauthOptions.map(([option], i) => `${objKey(option)}: setup.credentials[${model.authOptions.length + i}]`),
    'baseURL: setup.baseURL',
    'fetch: setup.fetch',
    'maxRetries: setup.maxRetries',
  ]);
  const title = model.info.title.replace(/\s+/g, ' ').trim().slice(0, 200) || sdk.options.clientClass;
  const spec = objectLines([
    `name: ${str(options.binaryName)}`,
    `version: ${str(options.version)}`,
    `title: ${str(title)}`,
    `envPrefix: ${str(prefix)}`,
    `credentials: ${credentials.length > 0 ? arrayLines(credentials) : '[]'}`,
    `defaultMode: ${str(mode)}`,
    `toolsJson: ${str(toolsJson(tools))}`,
    `calls: ${tools.length > 0 ? arrayLines(tools.map((t) => callExpression(t, clientClass))) : '[]'}`,
    `createClient: (setup: mcp.ClientSetup): ${clientClass} => new ${clientClass}(${clientOptions})`,
  ]);
  const statements = [
    // A namespace import: a client class can be named anything PascalCase, never `mcp`.
    `import type * as mcp from ${str('./mcp/types.js')};`,
    importDecl([{ name: clientClass, typeOnly: false }], './sdk/client.js'),
    `export const spec: mcp.ServerSpec<${clientClass}> = ${spec};`,
  ];
  return {
    path: 'src/tools.ts',
    content: printModule(`The tool table of the ${options.binaryName} MCP server.`, statements),
  };
}
