import { defineStep } from '../step.ts';
import { packageOutcome } from '../tsc-check.ts';
import { buildTypeScriptSdk } from '../typescript-sdk-build.ts';

/**
 * The TypeScript SDK: generated from the API model, then checked by the real compiler
 * (`tsc --strict` on the package, which also builds its `dist/`). A package that does not compile
 * fails the step. The build is the run's one compile of the SDK: the CLI and the MCP server, which
 * carry the SDK, compile against it (typescript-sdk-build.ts).
 */
export const typescriptSdkStep = defineStep({
  name: 'typescript_sdk',
  async run(context) {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const { files, check } = await buildTypeScriptSdk(model, context.signal);
    return packageOutcome('typescript_sdk', 'typescript-sdk', files, check);
  },
});
