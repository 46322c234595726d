import { RunInput } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { findRun } from './find-run.ts';

/**
 * The lines of a run's description (or config) around `line`, for showing a diagnostic in its
 * source: at most `context` lines each side, while the run's inputs are retained.
 */
export async function readDescriptionExcerpt(
  caller: Caller,
  input: { runId: string; line: number; context: number; document: 'openapi' | 'config' },
) {
  const run = await findRun(caller.org.id, input.runId);
  const row = run.inputId ? await RunInput.findOne({ where: { id: run.inputId, orgId: caller.org.id } }) : null;
  if (!row || row.expiresAt.getTime() <= Date.now()) {
    throw new AppError(
      'inputs_not_retained',
      `The inputs of run ${run.id} are no longer retained, so their source cannot be shown.`,
    );
  }
  const texts = await row.readTexts();
  const text = input.document === 'config' ? texts.configText : texts.openapiText;
  if (text === null)
    throw new AppError(
      'not_found',
      `Run ${run.id} was started without a ${input.document === 'config' ? 'config' : 'description'}.`,
    );
  const lines = text.split(/\r?\n/);
  const line = Math.min(Math.max(1, input.line), lines.length);
  const firstLine = Math.max(1, line - input.context);
  const lastLine = Math.min(lines.length, line + input.context);
  // Very long lines (minified JSON) are cut, so one excerpt stays small.
  const excerpt = lines.slice(firstLine - 1, lastLine).map((l) => (l.length > 2000 ? `${l.slice(0, 2000)}…` : l));
  const language = /^\s*[{[]/.test(text) ? 'json' : 'yaml';
  return {
    firstLine,
    lines: excerpt,
    totalLines: lines.length,
    language: input.document === 'config' ? 'yaml' : language,
  };
}
