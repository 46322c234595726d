import { join } from 'node:path';
import { emitCli } from '../../generators/cli/index.ts';
import { checkWithTools } from '../check-with-tool.ts';
import { defineStep } from '../step.ts';

const NODE_MODULES = join(import.meta.dirname, '..', '..', '..', 'node_modules');
const TSC = join(NODE_MODULES, 'typescript-native', 'bin', 'tsc');
/** The CLI uses Node's types (@types/node, which a user's `npm install` brings); the check reads ours. */
const TYPE_ROOTS = join(NODE_MODULES, '@types');

/**
 * The CLI: a Node command-line tool for the customer's API, built on the generated TypeScript
 * SDK (inside the package), then checked with `tsc --strict --noEmit`.
 */
export const cliStep = defineStep({
  name: 'cli',
  async run(context) {
    const { model } = await context.analysis();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const files = emitCli(model);
    const check = await checkWithTools(
      files,
      [{ label: 'tsc --strict', command: process.execPath, args: (root) => [TSC, '-p', `${root}/tsconfig.json`, '--noEmit', '--typeRoots', TYPE_ROOTS], timeoutMs: 120_000, problemPattern: /error TS\d+|could not/ }],
      context.signal,
    );
    return {
      status: check.ok ? 'passed' : 'failed',
      summary: check.ok ? `${files.length} files; tsc --strict passes` : `${files.length} files; tsc --strict reports: ${check.problems.slice(0, 3).join(' | ')}`,
      counts: { files: files.length, compileErrors: check.ok ? 0 : check.problems.length, compileMs: check.durationMs },
      artifacts: [{ kind: 'cli', name: 'cli', files }],
    };
  },
});
