import type { PythonDistResult } from './python-dist.ts';
import type { StepOutcome } from './step.ts';

/**
 * Adds the wheel and sdist to the Python SDK step's outcome: attached under `dist/` beside the
 * source when built; when the tooling refused the package the step fails with its words; when the
 * tooling is not installed the step is `skipped` and says which tool is missing (never a pass
 * for a package a user could not install).
 */
export function distOutcome(outcome: StepOutcome, dists: PythonDistResult): StepOutcome {
  const counts = { ...outcome.counts };
  if (dists.status === 'built') {
    const [artifact, ...rest] = outcome.artifacts ?? [];
    const withDists =
      artifact && 'files' in artifact
        ? [{ ...artifact, files: [...artifact.files, ...dists.built] }, ...rest]
        : outcome.artifacts;
    const names = dists.built.map((f) => f.path.replace(/^dist\//, '')).join(' and ');
    return {
      ...outcome,
      summary: `${outcome.summary}; built ${names} (twine check passes)`,
      counts: { ...counts, distMs: dists.durationMs },
      ...(withDists ? { artifacts: withDists } : {}),
    };
  }
  if (dists.status === 'failed') {
    return {
      ...outcome,
      status: 'failed',
      summary: `${outcome.summary}; ${dists.tool} reports: ${dists.problems.slice(0, 3).join(' | ')}`,
      counts: { ...counts, distErrors: dists.problems.length },
    };
  }
  return {
    ...outcome,
    status: outcome.status === 'failed' ? 'failed' : 'skipped',
    summary: `${outcome.summary}; no wheel or sdist: ${dists.missing.join(' and ')} not installed on this worker`,
  };
}
