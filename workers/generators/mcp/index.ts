// The MCP server generator: a pure function from the API model to the files of an npm package
// that contains the generated TypeScript SDK (`src/sdk/`), the MCP runtime copied verbatim from
// `bundle/` (`src/mcp/`), the per-API tool table (`src/tools.ts`), the `bin` entry point,
// package.json, tsconfig.json, README.md and its tests (`tests/mcp.test.mjs`).

import { sortByPath, type GeneratedFile } from '../core/files.ts';
import type { ApiModel } from '../model/types.ts';
import { embedSdk, emitTypeScriptSdk } from '../typescript/index.ts';
import { planSdk, resolveOptions } from '../typescript/naming.ts';
import { mcpBundleFiles } from './bundle-files.ts';
import { emitPackageFiles } from './emit-package.ts';
import { emitMcpTests } from './emit-tests.ts';
import { emitReadme } from './emit-readme.ts';
import { emitTools } from './emit-tools.ts';
import { defaultMode, resolveMcpOptions } from './options.ts';
import { planTools } from './plan.ts';
import type { McpOptions } from './types.ts';

export type { GeneratedFile } from '../core/files.ts';
export type { McpOptions, McpToolMode, ResolvedMcpOptions } from './types.ts';
export { DYNAMIC_THRESHOLD, resolveMcpOptions } from './options.ts';
export { MCP_BUNDLE_DIR } from './bundle-files.ts';
export { MCP_SDK_RANGE } from './emit-package.ts';
export { MCP_TESTS_PATH } from './emit-tests.ts';
export { planTools, type McpTool } from './plan.ts';

export function emitMcpServer(model: ApiModel, options: McpOptions = {}): GeneratedFile[] {
  const sdkOptions = resolveOptions(model, options.sdk);
  const resolved = resolveMcpOptions(model, sdkOptions, options);
  const sdkPlan = planSdk(model, sdkOptions);
  const tools = planTools(model, sdkPlan);
  const mode = defaultMode(tools.length, options.mode ?? model.client.mcpTools);
  const files: GeneratedFile[] = embedSdk(options.sdkFiles ?? emitTypeScriptSdk(model, options.sdk));
  files.push(...mcpBundleFiles());
  files.push(emitTools(model, sdkPlan, tools, resolved, mode));
  files.push(emitReadme(model, sdkPlan, tools, resolved, mode));
  files.push(emitMcpTests(model, sdkPlan, tools));
  files.push(...emitPackageFiles(model, resolved));
  return sortByPath(files);
}
