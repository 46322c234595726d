// The public entry of the MCP server generator for the docs: the package's name, its binary and
// each operation's tool name, as `emitMcpServer(model)` gives them (from the TypeScript SDK plan
// the caller already has).

import type { ApiModel } from '../model/types.ts';
import type { SdkPlan } from '../typescript/naming.ts';
import { resolveMcpOptions } from './options.ts';
import { planToolNames } from './plan.ts';

export interface McpServerNames {
  packageName: string;
  bin: string;
  /** Operation key -> tool name. */
  toolNames: Map<string, string>;
}

export function mcpServerNames(model: ApiModel, sdk: SdkPlan): McpServerNames {
  const options = resolveMcpOptions(model, sdk.options);
  return { packageName: options.packageName, bin: options.binaryName, toolNames: planToolNames(sdk) };
}
