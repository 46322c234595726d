import { join } from 'node:path';
import {
  diffDescriptions,
  diffSdkSurface,
  extractGoSurface,
  extractPythonSurface,
  extractTypeScriptSurface,
  renderCompatMarkdown,
} from '../../generators/diff/index.ts';
import type { CompatReport, SdkSurface } from '../../generators/diff/index.ts';
import { emitGoSdk } from '../../generators/go/index.ts';
import type { ApiModel } from '../../generators/model/types.ts';
import { findExecutable } from '../check-with-tool.ts';
import { GO_CACHE_DIR, goEnv } from '../go-tools.ts';
import { applyCustomCode } from '../custom-code/apply-custom-code.ts';
import { defineStep, type GeneratedFile, type StepContext } from '../step.ts';
import { pythonSdkFiles, typeScriptSdkFiles } from '../sdk-files.ts';

/** Python when the text says so (`# File:` headers, `def`/`class …:` at line starts); TypeScript otherwise. */
export function looksLikePython(text: string): boolean {
  if (/^\s*\/\/ File:/m.test(text) || /^\s*(export|import)\s.+from\s+['"]/m.test(text)) return false;
  return /^# File:/m.test(text) || /^(def|class)\s+\w+.*:\s*$/m.test(text) || /^from\s+[\w.]+\s+import\s/m.test(text);
}

/** Go when the text's files are `.go` files (`// File: client.go`) or it opens with a `package` clause. */
export function looksLikeGo(text: string): boolean {
  const headers = [...text.matchAll(/^[ \t]*\/\/[ \t]*File:[ \t]*(\S+)/gm)].map((m) => m[1]!);
  if (headers.length > 0) return headers.some((h) => h.endsWith('.go')) && !headers.some((h) => /\.tsx?$/.test(h));
  return /^package [A-Za-z_]\w*\s*$/m.test(text) && !/^\s*(export|import)\s.+from\s+['"]/m.test(text);
}

/**
 * Our SDK's files of a language as the run delivers them: the generation with the customer's own
 * code in place (custom folders carried, edits merged), as the SDK's step carries it. A type their
 * users import from a carried `src/lib/` file is still there, so it is not a removal.
 */
async function delivered(
  context: StepContext,
  language: 'typescript' | 'python' | 'go',
  generated: GeneratedFile[],
  extension: string,
): Promise<Array<{ path: string; content: string }>> {
  const { files } = await applyCustomCode(context, language, generated);
  return files.filter((f) => f.path.endsWith(extension)).map((f) => ({ path: f.path, content: text(f.content) }));
}

const decoder = new TextDecoder();
const text = (content: string | Uint8Array): string =>
  typeof content === 'string' ? content : decoder.decode(content);

/** The customer's SDK against ours, in the customer's language. Parsed, never executed. */
async function sdkDiff(oldSdkText: string, model: ApiModel, context: StepContext) {
  const { signal } = context;
  let oldSurface: SdkSurface;
  let newSurface: SdkSurface;
  if (looksLikeGo(oldSdkText)) {
    const go = findExecutable('go');
    if (!go) return 'the old SDK is Go, but go is not installed on this worker';
    const options = { go, env: goEnv(), binDir: join(GO_CACHE_DIR, 'bin'), signal };
    oldSurface = await extractGoSurface(oldSdkText, options);
    newSurface = await extractGoSurface(await delivered(context, 'go', emitGoSdk(model), '.go'), options);
  } else if (looksLikePython(oldSdkText)) {
    const python = findExecutable('python3');
    if (!python) return 'the old SDK is Python, but python3 is not installed on this worker';
    oldSurface = await extractPythonSurface(oldSdkText, { python, timeoutMs: 30_000, maxMemoryMb: 512, signal });
    newSurface = await extractPythonSurface(await delivered(context, 'python', pythonSdkFiles(model), '.py'), {
      python,
      timeoutMs: 30_000,
      maxMemoryMb: 512,
      signal,
    });
  } else {
    oldSurface = extractTypeScriptSurface(oldSdkText);
    newSurface = extractTypeScriptSurface(await delivered(context, 'typescript', typeScriptSdkFiles(model), '.ts'));
  }
  return diffSdkSurface(oldSurface, newSurface, model);
}

/**
 * The compatibility diff: the SDK the customer ships (`oldSdkText`) against the SDK we generate,
 * with a migration risk; and the previous description of the project against this one, changes
 * classified breaking / potentially-breaking / non-breaking / info. Nothing to compare → skipped with the reason.
 */
export const compatDiffStep = defineStep({
  name: 'compat_diff',
  async run(context) {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const report: CompatReport = {};
    const notes: string[] = [];
    if (context.inputs.oldSdkText?.trim()) {
      const sdk = await sdkDiff(context.inputs.oldSdkText, model, context);
      if (typeof sdk === 'string') notes.push(sdk);
      else report.sdk = sdk;
    }
    const previous = await context.previousDescription();
    if (previous !== undefined) report.description = diffDescriptions(previous, context.inputs.openapiText);
    if (!report.sdk && !report.description) {
      // Nothing to compare is not a shortcoming of the run (notApplicable); a missing tool is.
      return notes.length
        ? { status: 'skipped', summary: notes[0]! }
        : {
            status: 'skipped',
            summary: 'nothing to compare: send oldSdkText, or start another report on this project',
            counts: { notApplicable: 1 },
          };
    }
    const counts: Record<string, number> = {};
    const parts: string[] = [];
    if (report.sdk) {
      const c = report.sdk.counts;
      Object.assign(counts, {
        kept: c.kept,
        renamed: c.renamed,
        changed: c.changed,
        removed: c.removed,
        added: c.added,
        riskScore: report.sdk.risk.score,
      });
      parts.push(
        `SDK: ${c.kept} kept, ${c.renamed} renamed, ${c.changed} changed, ${c.removed} removed, ${c.added} added; ${report.sdk.risk.level} migration risk`,
      );
    }
    if (report.description) {
      const c = report.description.counts;
      Object.assign(counts, {
        breaking: c.breaking,
        potentiallyBreaking: c.potentiallyBreaking,
        nonBreaking: c.nonBreaking,
        informational: c.info,
      });
      parts.push(
        `description: ${c.breaking} breaking, ${c.potentiallyBreaking} potentially breaking, ${c.nonBreaking} non-breaking, ${c.info} informational changes`,
      );
    }
    return {
      status: 'passed',
      summary: [...parts, ...notes].join('; '),
      counts,
      artifacts: [
        {
          kind: 'compat_diff',
          name: 'compat-diff',
          files: [
            { path: 'compat-diff.json', content: `${JSON.stringify(report, null, 2)}\n` },
            { path: 'compat-diff.md', content: renderCompatMarkdown(report) },
          ],
        },
      ],
    };
  },
});
