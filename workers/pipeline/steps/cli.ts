import { emitCli } from '../../generators/cli/index.ts';
import { defineStep } from '../step.ts';
import { compiledPackageOutcome } from '../tsc-check.ts';

/**
 * The CLI: a Node command-line tool for the customer's API, built on the generated TypeScript
 * SDK (inside the package), then checked with `tsc --strict --noEmit`.
 */
export const cliStep = defineStep({
  name: 'cli',
  async run(context) {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    return await compiledPackageOutcome('cli', 'cli', emitCli(model), context.signal);
  },
});
