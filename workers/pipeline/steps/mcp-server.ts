import { emitMcpServer } from '../../generators/mcp/index.ts';
import { defineStep } from '../step.ts';
import { MCP_SDK_RESOLUTION, packageOutcome } from '../tsc-check.ts';
import { buildSdkPackage } from '../typescript-sdk-build.ts';
import { typeScriptSdkFiles } from '../sdk-files.ts';

/**
 * The MCP server: a Model Context Protocol server for the customer's API (an npm package on the
 * official MCP SDK), built on the generated TypeScript SDK inside the package, then checked with
 * `tsc --strict` against the run's one build of that SDK (which also builds its `dist/`); `dist/main.js` is then bundled with the MCP SDK,
 * so the package has no runtime dependency and installs offline.
 */
export const mcpServerStep = defineStep({
  name: 'mcp_server',
  async run(context) {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const { files, check } = await buildSdkPackage(
      'mcp_server',
      () => emitMcpServer(model, { sdkFiles: typeScriptSdkFiles(model) }),
      model,
      context.signal,
      [MCP_SDK_RESOLUTION],
      'dist/main.js',
    );
    return packageOutcome('mcp_server', 'mcp-server', files, check);
  },
});
