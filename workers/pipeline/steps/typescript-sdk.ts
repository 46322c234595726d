import { isPartnerMode } from '../../generators/analyze.ts';
import { emitTypeScriptSdk } from '../../generators/typescript/index.ts';
import { addImportExtensions, admitExtensionlessImports } from '../custom-code/admit-extensionless-imports.ts';
import { applyCustomCode, withCustomCode } from '../custom-code/apply-custom-code.ts';
import { defineStep } from '../step.ts';
import { compiledPackageOutcome } from '../tsc-check.ts';

/**
 * The TypeScript SDK: generated from the API model, with the customer's own code carried in
 * (custom-code/), then checked by the real compiler (`tsc --strict --noEmit` on the package, the
 * customer's code included). A package that does not compile fails the step.
 */
export const typescriptSdkStep = defineStep({
  name: 'typescript_sdk',
  async run(context) {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const { files, customCode } = await applyCustomCode(context, 'typescript', emitTypeScriptSdk(model));
    const { report } = customCode;
    const partnerCode = isPartnerMode(context.mode) && report && report.carried.length + report.merged.length > 0;
    const outcome = await compiledPackageOutcome(
      'typescript_sdk',
      'typescript-sdk',
      partnerCode ? admitExtensionlessImports(files) : files,
      context.signal,
    );
    if (partnerCode)
      outcome.artifacts = outcome.artifacts?.map((a) =>
        'files' in a ? { ...a, files: addImportExtensions(a.files) } : a,
      );
    return withCustomCode(outcome, customCode);
  },
});
