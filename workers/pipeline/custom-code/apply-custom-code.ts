import type { CustomCodeReport } from '../../../shared/schemas/custom-code.ts';
import { readCustomCodePaths } from '../../generators/custom-code/custom-code-paths.ts';
import type { SdkLanguage } from '../../generators/custom-code/custom-folders.ts';
import { splitSdkText } from '../../generators/custom-code/split-sdk-text.ts';
import type { GeneratedFile, StepContext, StepCustomCode, StepOutcome } from '../step.ts';
import { carryCustomCode } from './carry-custom-code.ts';
import { carryDependencies } from './carry-dependencies.ts';

const decoder = new TextDecoder();
const text = (content: string | Uint8Array): string =>
  typeof content === 'string' ? content : decoder.decode(content);

/**
 * The customer's SDK in the language of a step, from the connected repository or else from
 * `oldSdkText` when its header style and files are of that language (`// File:` with `.ts` files
 * for TypeScript, `.go` for Go; `# File:` for Python).
 */
function theirsOf(
  context: StepContext,
  language: SdkLanguage,
): { files: Map<string, string>; source: CustomCodeReport['source'] } | undefined {
  const repository = context.carry.repository[language];
  if (repository) return { files: new Map(Object.entries(repository)), source: 'repository' };
  const text = context.inputs.oldSdkText;
  if (!text) return undefined;
  const { style, files } = splitSdkText(text);
  const paths = [...files.keys()];
  const fits =
    language === 'python'
      ? style === 'hash'
      : style === 'slash' && paths.some((p) => p.endsWith(language === 'go' ? '.go' : '.ts'));
  return fits && files.size > 0 ? { files, source: 'old_sdk_text' } : undefined;
}

/**
 * A step's generated files with the customer's code in place (custom folders carried, edits merged
 * against the base), and what to record: the report and the pristine generation (the next base).
 * For TypeScript, `theirManifest` is the customer's own `package.json` (its module format decides
 * how a partner package with their code is built: commonjs-package.ts).
 */
export async function applyCustomCode(
  context: StepContext,
  language: SdkLanguage,
  generated: GeneratedFile[],
): Promise<{ files: GeneratedFile[]; customCode: StepCustomCode; theirManifest?: string }> {
  const theirs = theirsOf(context, language);
  if (!theirs) return { files: generated, customCode: { language, pristine: generated } };
  const base = context.carry.bases[language];
  const { files, report } = await carryCustomCode({
    language,
    generated,
    theirs: theirs.files,
    source: theirs.source,
    base: base ? { runId: base.runId, files: new Map(Object.entries(base.files)) } : undefined,
    extraPaths: readCustomCodePaths(context.inputs.configText),
    signal: context.signal,
  });
  if (language !== 'typescript') return { files, customCode: { language, pristine: generated, report } };
  // Their code's npm packages: carried into our package.json when theirs declares them.
  const mine = new Set([...report.carried, ...report.merged, ...report.added, ...report.conflicts.map((c) => c.path)]);
  const own = files.filter((f) => mine.has(f.path)).map((f) => [f.path, text(f.content)] as [string, string]);
  const theirManifest = theirs.files.get('package.json');
  const withDependencies = carryDependencies(files, own, theirManifest);
  return {
    files: withDependencies.files,
    ...(theirManifest === undefined ? {} : { theirManifest }),
    customCode: { language, pristine: generated, report: { ...report, dependencies: withDependencies.carried } },
  };
}

/** The step summary's words about custom code (empty when the run sent none). */
export function customCodeSummary(report: CustomCodeReport | undefined, problems: readonly string[] = []): string {
  if (!report) return '';
  const parts = [`${report.carried.length} custom files carried`];
  if (report.merged.length) parts.push(`${report.merged.length} edited files merged`);
  if (report.added.length) parts.push(`${report.added.length} added files kept`);
  if (report.conflicts.length)
    parts.push(
      `${report.conflicts.length} files with conflicts, review needed: ${report.conflicts.map((c) => c.path).join(', ')}`,
    );
  if (report.baseIgnored)
    parts.push(
      `your SDK does not derive from the generation you last received (most of its files differ), so it was not merged against it`,
    );
  if (!report.baseAvailable && report.notCarried.length)
    parts.push(
      `no earlier generation to merge against: edits outside the custom folders could not be carried (${report.notCarried.length} files differ)`,
    );
  if (report.dependencies?.length)
    parts.push(
      `npm dependencies of your code carried into package.json: ${report.dependencies.map((d) => `${d.name}@${d.range}`).join(', ')}`,
    );
  if (report.dependencyInstall && report.dependencyInstall !== 'installed') parts.push(report.dependencyInstall);
  const own = [...report.carried, ...report.merged, ...report.added, ...report.conflicts.map((c) => c.path)];
  const failing = own.filter((path) => problems.some((line) => line.includes(path)));
  if (failing.length) parts.push(`custom code that fails the check: ${failing.join(', ')}`);
  return `; custom code: ${parts.join('; ')}`;
}

/** A step outcome with its custom-code record, the summary's words about it, and its counts. */
export function withCustomCode<O extends StepOutcome>(
  outcome: O,
  customCode: StepCustomCode,
  problems?: readonly string[],
): O {
  const { report } = customCode;
  return {
    ...outcome,
    summary: outcome.summary + customCodeSummary(report, problems ?? problemsOf(outcome.summary)),
    counts: {
      ...outcome.counts,
      ...(report
        ? {
            customCarried: report.carried.length,
            customMerged: report.merged.length,
            customConflicts: report.conflicts.length,
            customNotCarried: report.notCarried.length,
          }
        : {}),
    },
    customCode,
  };
}

function problemsOf(summary: string): string[] {
  return summary.split(' | ');
}
