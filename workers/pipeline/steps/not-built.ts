import type { PipelineStep } from '../../../shared/enums.ts';
import { defineStep, type StepDefinition } from '../step.ts';

/**
 * A step whose generator is not part of this build. It records `skipped` with that reason and
 * never a pass; the run's verdict then cannot be `ready`.
 */
export function notBuiltStep(name: PipelineStep, issue: string): StepDefinition {
  return defineStep({
    name,
    built: false,
    async run() {
      return { status: 'skipped', summary: `not built yet in this service version (${issue})`, counts: { notBuilt: 1 } };
    },
  });
}
