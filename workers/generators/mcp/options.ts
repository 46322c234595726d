// Defaults for the MCP server generator options, derived from the model when absent.

import { binaryName } from '../cli/naming.ts';
import type { ApiModel } from '../model/types.ts';
import { npmPackageName } from '../typescript/naming.ts';
import type { ResolvedTypeScriptSdkOptions } from '../typescript/index.ts';
import type { McpOptions, McpToolMode, ResolvedMcpOptions } from './types.ts';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * Above this many endpoints the server lists three dynamic tools by default instead of one tool
 * per endpoint: MCP clients (and the models behind them) choose poorly past about 40 tools.
 */
export const DYNAMIC_THRESHOLD = 40;

export function defaultMode(toolCount: number, requested: McpToolMode | undefined): McpToolMode {
  return requested ?? (toolCount > DYNAMIC_THRESHOLD ? 'dynamic' : 'static');
}

export function resolveMcpOptions(
  model: ApiModel,
  sdk: ResolvedTypeScriptSdkOptions,
  options: McpOptions = {},
): ResolvedMcpOptions {
  const base = binaryName(model.client.packages.cli || undefined, model.client.name || model.info.title).replace(
    /-cli$/,
    '',
  );
  const binary = binaryName(options.binaryName ?? `${base.slice(0, 60)}-mcp`, base);
  const version = options.version ?? sdk.version;
  if (!SEMVER.test(version)) throw new Error(`MCP server version must be semver, got ${JSON.stringify(version)}.`);
  // The package the config names for publishing, else the binary's name.
  const packageName = npmPackageName(options.packageName ?? model.client.packages.mcp ?? binary, binary);
  return { binaryName: binary, packageName, version };
}
