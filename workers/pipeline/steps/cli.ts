import { emitCli } from '../../generators/cli/index.ts';
import { defineStep } from '../step.ts';
import { packageOutcome } from '../tsc-check.ts';
import { buildSdkPackage } from '../typescript-sdk-build.ts';
import { typeScriptSdkFiles } from '../sdk-files.ts';

/**
 * The CLI: a Node command-line tool for the customer's API, built on the generated TypeScript
 * SDK (inside the package), then checked with `tsc --strict` against the run's one build of that
 * SDK (typescript-sdk-build.ts).
 */
export const cliStep = defineStep({
  name: 'cli',
  async run(context) {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const { files, check } = await buildSdkPackage(
      'cli',
      () => emitCli(model, { sdkFiles: typeScriptSdkFiles(model) }),
      model,
      context.signal,
    );
    return packageOutcome('cli', 'cli', files, check);
  },
});
