import { emitTypeScriptSdk } from '../../generators/typescript/index.ts';
import { defineStep } from '../step.ts';
import { compiledPackageOutcome } from '../tsc-check.ts';

/**
 * The TypeScript SDK: generated from the API model, then checked by the real compiler
 * (`tsc --strict --noEmit` on the package). A package that does not compile fails the step.
 */
export const typescriptSdkStep = defineStep({
  name: 'typescript_sdk',
  async run(context) {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    return await compiledPackageOutcome('typescript_sdk', 'typescript-sdk', emitTypeScriptSdk(model), context.signal);
  },
});
