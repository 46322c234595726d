// Which steps a run does not build, and why: a target turned off in the project's settings, or an
// SDK a partner run's stainless.yml does not list under `targets` (unless the project turns it on).
// Such a step is `skipped`, not applicable: it does not make the run need review.

import type { PipelineStep } from '../../shared/enums.ts';
import type { ConfigTarget } from '../generators/model/generator-config.ts';
import type { RunTask } from './run-protocol.ts';

const CONFIG_TARGET_STEPS: Record<ConfigTarget, PipelineStep> = {
  typescript: 'typescript_sdk',
  python: 'python_sdk',
  go: 'go_sdk',
  cli: 'cli',
};

/** Each step the run does not build, with the reason its summary gives. */
export function turnedOffSteps(
  project: RunTask['project'],
  targets: readonly ConfigTarget[] | undefined,
): Map<PipelineStep, string> {
  const off = new Map<PipelineStep, string>();
  for (const step of project?.off ?? []) off.set(step, "turned off in the project's settings");
  if (targets === undefined) return off;
  const listed = targets.length > 0 ? targets.join(', ') : 'none';
  for (const [target, step] of Object.entries(CONFIG_TARGET_STEPS) as [ConfigTarget, PipelineStep][]) {
    if (targets.includes(target) || off.has(step) || project?.on?.includes(step)) continue;
    off.set(
      step,
      `not built: the stainless.yml does not list \`${target}\` under targets (it lists ${listed}); turn it on in the project's settings to build it`,
    );
  }
  return off;
}
