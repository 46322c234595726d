// Public types of the MCP server generator.

import type { GeneratedFile, TypeScriptSdkOptions } from '../typescript/index.ts';

export type McpToolMode = 'static' | 'dynamic';

export interface McpOptions {
  /** The executable's name; default `<the CLI's binary name>-mcp`. */
  binaryName?: string;
  /** npm package name; default the binary name. */
  packageName?: string;
  /** Package version; default the SDK's. */
  version?: string;
  /** Tools the server lists by default: one per endpoint (`static`) or three (`dynamic`); default the config's `mcp.tools`, else by DYNAMIC_THRESHOLD. */
  mode?: McpToolMode;
  /** Options of the TypeScript SDK the server contains (`src/sdk/`). */
  sdk?: TypeScriptSdkOptions;
  /** That SDK's files as `emitTypeScriptSdk(model, sdk)` gives them, when the caller has them already. */
  sdkFiles?: readonly GeneratedFile[];
}

export interface ResolvedMcpOptions {
  binaryName: string;
  packageName: string;
  version: string;
}
