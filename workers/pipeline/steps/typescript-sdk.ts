import { join } from 'node:path';
import { emitTypeScriptSdk } from '../../generators/typescript/index.ts';
import { checkWithTools } from '../check-with-tool.ts';
import { defineStep } from '../step.ts';

/**
 * The compile gate uses TypeScript 7's native `tsc` (the `typescript-native` npm alias), which
 * checks 5–9× faster than 5.9's; the generator itself prints with the 5.9 compiler API.
 */
const TSC = join(import.meta.dirname, '..', '..', '..', 'node_modules', 'typescript-native', 'bin', 'tsc');

/**
 * The TypeScript SDK: generated from the API model, then checked by the real compiler
 * (`tsc --strict --noEmit` on the package). A package that does not compile fails the step.
 */
export const typescriptSdkStep = defineStep({
  name: 'typescript_sdk',
  async run(context) {
    const { model } = await context.analysis();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const files = emitTypeScriptSdk(model);
    context.signal.throwIfAborted();
    const check = await checkWithTools(
      files,
      [{ label: 'tsc --strict', command: process.execPath, args: (root) => [TSC, '-p', `${root}/tsconfig.json`, '--noEmit'], timeoutMs: 120_000, problemPattern: /error TS\d+|could not/ }],
      context.signal,
    );
    const counts = { files: files.length, compileErrors: check.ok ? 0 : check.problems.length, compileMs: check.durationMs };
    return {
      status: check.ok ? 'passed' : 'failed',
      summary: check.ok
        ? `${files.length} files; tsc --strict passes`
        : `${files.length} files; tsc --strict reports: ${check.problems.slice(0, 3).join(' | ')}`,
      counts,
      artifacts: [{ kind: 'typescript_sdk', name: 'typescript-sdk', files }],
    };
  },
});
