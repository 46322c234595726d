import { defineStep } from '../step.ts';
import { packageOutcome } from '../tsc-check.ts';
import { typescriptBuild } from '../typescript-build.ts';

/**
 * The TypeScript SDK: generated from the API model, then checked by the real compiler
 * (`tsc --strict --noEmit` on the package). A package that does not compile fails the step.
 * The compiled package is shared with wire_tests in the same run (typescript-build.ts).
 */
export const typescriptSdkStep = defineStep({
  name: 'typescript_sdk',
  async run(context) {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    context.signal.throwIfAborted();
    const { files, check } = await typescriptBuild(model, context.signal);
    return packageOutcome('typescript_sdk', 'typescript-sdk', files, check);
  },
});
