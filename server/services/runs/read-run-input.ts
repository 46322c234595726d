import { RunInput } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { findRun } from './find-run.ts';

/**
 * A run's whole description (or config, old SDK, docs source), while its inputs are retained: for the web app's run
 * comparison and its editor. The text is returned as data (the app shows it in a code view, never
 * as markup).
 */
const FIELDS = {
  openapi: ['openapiText', 'description'],
  config: ['configText', 'config'],
  old_sdk: ['oldSdkText', 'old SDK'],
  docs_source: ['docsSourceText', 'docs source'],
} as const;

export async function readRunInput(
  caller: Caller,
  input: { runId: string; document: 'openapi' | 'config' | 'old_sdk' | 'docs_source' },
) {
  const run = await findRun(caller.org.id, input.runId);
  const row = run.inputId ? await RunInput.findOne({ where: { id: run.inputId, orgId: caller.org.id } }) : null;
  if (!row || row.expiresAt.getTime() <= Date.now()) {
    throw new AppError('inputs_not_retained', `The inputs of run ${run.id} are no longer retained.`);
  }
  const texts = await row.readTexts();
  const [field, noun] = FIELDS[input.document];
  const text = texts[field];
  if (text === null) throw new AppError('not_found', `Run ${run.id} was started without a ${noun}.`);
  const language: 'yaml' | 'json' = input.document === 'config' || !/^\s*[{[]/.test(text) ? 'yaml' : 'json';
  return { text, language };
}
