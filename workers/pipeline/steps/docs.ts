import type { PipelineStep } from '../../../shared/enums.ts';
import { DocsSourceError, emitDocsSite } from '../../generators/docs/index.ts';
import { DELIVERABLES, type Deliverable } from '../../generators/docs/types.ts';
import { defineStep, type StepContext, type StepOutcome } from '../step.ts';

/** The step that builds each deliverable the docs show. */
const DELIVERABLE_STEPS: Record<Deliverable, PipelineStep> = {
  typescript: 'typescript_sdk',
  python: 'python_sdk',
  go: 'go_sdk',
  cli: 'cli',
  mcp: 'mcp_server',
};

/** The deliverables of this run: those whose step is not turned off (project settings, stainless.yml targets). */
async function delivered(context: StepContext): Promise<ReadonlySet<Deliverable>> {
  const off = (await context.turnedOff?.()) ?? new Set<PipelineStep>();
  return new Set(DELIVERABLES.filter((d) => !off.has(DELIVERABLE_STEPS[d])));
}

/**
 * The docs: a static HTML reference site (search, code samples in curl and in each SDK and the
 * CLI the run delivers: a target turned off gets no samples or install line, light and dark
 * themes, a strict CSP). A `docsSourceText` snapshot
 * sets navigation, guides and colours; when it is invalid the site is built without it and the
 * step fails with the problems, so the user can fix the snapshot.
 */
export const docsStep = defineStep({
  name: 'docs',
  async run(context): Promise<StepOutcome> {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const source = context.inputs.docsSourceText?.trim() ? context.inputs.docsSourceText : undefined;
    const options = { delivered: await delivered(context) };
    try {
      const files = emitDocsSite(model, source ? { ...options, docsSourceText: source } : options);
      const pages = files.filter((f) => f.path.endsWith('.html')).length;
      return {
        status: 'passed',
        summary: `${pages} pages${source ? ' styled by the docs source' : ''}; publish with POST /api/runs/{runId}/docs-preview/publish`,
        counts: { files: files.length, pages },
        artifacts: [{ kind: 'docs', name: 'docs', files }],
      };
    } catch (error) {
      if (!(error instanceof DocsSourceError)) throw error;
      const files = emitDocsSite(model, options);
      return {
        status: 'failed',
        summary: `docsSourceText was not used: ${error.problems.slice(0, 5).join('; ')}`,
        counts: { files: files.length, docsSourceProblems: error.problems.length },
        artifacts: [{ kind: 'docs', name: 'docs', files }],
      };
    }
  },
});
