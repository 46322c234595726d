// The same inputs give the same artifact bytes: every step of a run, run twice in separate
// contexts (each with its own analysis, temp folders and compiles), packs artifacts with the same
// SHA-256. This covers what the checkers build too: the TypeScript packages' dist/ (the CLI and the
// MCP server built on the run's one SDK compile), the MCP server's esbuild bundle (which used to
// name the temp folder it was built in), and the Python wheel and sdist when the pinned tools are set up.

import { describe, expect, it } from 'vitest';
import { packArtifact } from '../../../workers/pipeline/pack-artifact.ts';
import { pythonTools } from '../../../workers/pipeline/python-tools.ts';
import { STEPS } from '../../../workers/pipeline/step-list.ts';
import { PETSTORE } from '../../setup/http.ts';
import { stepContext } from '../../setup/step-context.ts';

async function runAll(): Promise<Map<string, string>> {
  const context = stepContext(PETSTORE);
  const outcomes = await Promise.all(STEPS.map(async (step) => [step.name, await step.run(context)] as const));
  const hashes = new Map<string, string>();
  for (const [name, outcome] of outcomes) {
    for (const draft of outcome.artifacts ?? []) {
      hashes.set(`${name}/${draft.kind}/${draft.name}`, (await packArtifact(draft)).sha256);
      if ('files' in draft)
        hashes.set(`${name}/${draft.kind}/${draft.name} files`, draft.files.map((f) => f.path).join(','));
    }
  }
  return hashes;
}

describe('artifacts are byte-identical when the inputs did not change', () => {
  it('two runs of every step on one description pack the same bytes', async () => {
    const [first, second] = [await runAll(), await runAll()];
    expect([...first.keys()].filter((k) => k.startsWith('mcp_server/'))).not.toEqual([]);
    if (pythonTools().missing.length === 0)
      expect(first.get('python_sdk/python_sdk/python-sdk files')).toMatch(/dist\/petstore-1\.0\.0-py3-none-any\.whl/);
    expect(Object.fromEntries(second)).toEqual(Object.fromEntries(first));
  }, 240_000);
});
