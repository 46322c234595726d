// The docs step shows what the run delivers (workers/pipeline/steps/docs.ts): with a target turned
// off (project settings, a stainless.yml's targets) its sample tab, its install line and, for the
// MCP server, the tool names are gone; with none off the site is the one emitDocsSite writes.
import { describe, expect, it } from 'vitest';
import type { PipelineStep } from '../../../../shared/enums.ts';
import { emitDocsSite } from '../../../../workers/generators/docs/index.ts';
import { docsStep } from '../../../../workers/pipeline/steps/docs.ts';
import type { GeneratedFile } from '../../../../workers/pipeline/step.ts';
import { stepContext } from '../../../setup/step-context.ts';
import { ACME_SPEC } from '../../generators/docs/helpers.ts';

async function site(off: PipelineStep[]): Promise<Map<string, string>> {
  const context = { ...stepContext(ACME_SPEC), turnedOff: async () => new Set(off) };
  const outcome = await docsStep.run(context);
  expect(outcome.status, outcome.summary).toBe('passed');
  const artifact = outcome.artifacts?.find((a) => a.kind === 'docs');
  if (!artifact || !('files' in artifact)) throw new Error('no docs artifact');
  return new Map(artifact.files.map((f: GeneratedFile) => [f.path, String(f.content)]));
}

const tabs = (page: string): string[] =>
  [...page.matchAll(/role="tab" id="[^"]*" [^>]*data-lang="([a-z]+)"/g)].map((m) => m[1] ?? '');

describe('the docs step and the run’s deliverables', () => {
  it('shows every SDK, the CLI and the MCP server when none is turned off', async () => {
    const files = await site([]);
    const { model } = await stepContext(ACME_SPEC).model();
    if (!model) throw new Error('no model');
    const emitted = new Map(emitDocsSite(model).map((f) => [f.path, String(f.content)]));
    expect(files).toEqual(emitted);
    const page = [...files.entries()].find(([path]) => path.startsWith('resources/'))?.[1] ?? '';
    expect(tabs(page)).toEqual(['curl', 'typescript', 'python', 'go', 'cli']);
  });

  it('leaves out the samples, install lines and tool names of the targets turned off', async () => {
    const files = await site(['go_sdk', 'mcp_server', 'python_sdk']);
    const page = [...files.entries()].find(([path]) => path.startsWith('resources/'))?.[1] ?? '';
    expect(tabs(page)).toEqual(['curl', 'typescript', 'cli']);
    // Every delivered tab has its sample, so no "not mapped" note.
    expect(page).not.toContain('not mapped to a resource method');
    const overview = files.get('index.html') ?? '';
    expect(overview).toContain('npm install');
    expect(overview).not.toContain('pip install');
    expect(overview).not.toContain('npx -y');
    expect(overview).toContain('llms.txt');
    const llms = files.get('llms.txt') ?? '';
    expect(llms).not.toContain('MCP');
    expect(llms).not.toContain('(tool `');
    expect(llms).not.toContain('pip install');
    expect(llms).toContain('npm install');
  });
});
