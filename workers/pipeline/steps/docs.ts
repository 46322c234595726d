import { DocsSourceError, emitDocsSite } from '../../generators/docs/index.ts';
import { defineStep, type StepOutcome } from '../step.ts';

/**
 * The docs: a static HTML reference site (search, code samples in curl, the TypeScript and
 * Python SDKs and the CLI, light and dark themes, a strict CSP). A `docsSourceText` snapshot
 * sets navigation, guides and colours; when it is invalid the site is built without it and the
 * step fails with the problems, so the user can fix the snapshot.
 */
export const docsStep = defineStep({
  name: 'docs',
  async run(context): Promise<StepOutcome> {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const source = context.inputs.docsSourceText?.trim() ? context.inputs.docsSourceText : undefined;
    try {
      const files = emitDocsSite(model, source ? { docsSourceText: source } : {});
      const pages = files.filter((f) => f.path.endsWith('.html')).length;
      return {
        status: 'passed',
        summary: `${pages} pages${source ? ' styled by the docs source' : ''}; publish with POST /api/runs/{runId}/docs-preview/publish`,
        counts: { files: files.length, pages },
        artifacts: [{ kind: 'docs', name: 'docs', files }],
      };
    } catch (error) {
      if (!(error instanceof DocsSourceError)) throw error;
      const files = emitDocsSite(model, {});
      return {
        status: 'failed',
        summary: `docsSourceText was not used: ${error.problems.slice(0, 5).join('; ')}`,
        counts: { files: files.length, docsSourceProblems: error.problems.length },
        artifacts: [{ kind: 'docs', name: 'docs', files }],
      };
    }
  },
});
