// Description-to-description diff over the API model (refs resolved, 3.0 and 3.1 normalised).
// Each change gets an oasdiff-style id (`request-property-type-changed`), a level from the rule
// catalogue (rules.ts: breaking / potentially-breaking / non-breaking / info), oasdiff's rule id
// where one corresponds, its message from messages.ts, and its location in both documents.
// Keywords the model does not carry are read from the parsed documents (raw.ts). The checks are
// one file per object they compare, in the manner of oasdiff: operations.ts (and parameters.ts,
// media-types.ts, headers.ts under it), schemas.ts (with schema-bounds.ts, schema-keywords.ts,
// composition.ts and properties.ts), security.ts.

import type { ApiModel } from '../../model/types.ts';
import type { DescriptionChange, DescriptionDiffReport, DescriptionProblem } from '../types.ts';
import { Collector } from './collector.ts';
import type { DiffOptions } from './differ.ts';
import { loadModelForDiff } from './load-model.ts';
import { MESSAGES } from './messages.ts';
import { compareOperations } from './operations.ts';
import { LEVEL_ORDER } from './rules.ts';
import { SchemaDiffer } from './schemas.ts';
import { compareSecurity, compareSecuritySchemes } from './security.ts';

export type { DiffOptions } from './differ.ts';

export function diffModels(oldModel: ApiModel, newModel: ApiModel, options: DiffOptions = {}): DescriptionChange[] {
  const out = new Collector(options.maxChanges ?? 20_000);
  compareOperations(new SchemaDiffer(oldModel, newModel, out, options));
  // Document-level security.
  compareSecurity(
    oldModel.security,
    newModel.security,
    out,
    'api-global-security',
    undefined,
    oldModel.source,
    newModel.source,
  );
  compareSecuritySchemes(oldModel, newModel, out);
  if (out.truncated > 0)
    out.changes.push({ id: 'report-truncated', level: 'info', message: MESSAGES['report-truncated'](out.truncated) });
  // One collator for the sort (what localeCompare uses, without building one per comparison).
  const compare = new Intl.Collator().compare;
  return out.changes.sort(
    (a, b) =>
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      compare(a.operation ?? '', b.operation ?? '') ||
      compare(a.id, b.id),
  );
}

export function diffDescriptions(oldText: string, newText: string, options: DiffOptions = {}): DescriptionDiffReport {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string): void => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };
  const problems: DescriptionProblem[] = [];
  const oldLoaded = loadModelForDiff(oldText, options.maxBytes);
  lap('old');
  const newLoaded = oldText === newText ? oldLoaded : loadModelForDiff(newText, options.maxBytes);
  lap('new');
  if (oldLoaded.problem !== undefined) problems.push({ document: 'old', ...oldLoaded.problem });
  if (newLoaded.problem !== undefined) problems.push({ document: 'new', ...newLoaded.problem });
  const changes =
    oldLoaded.model !== undefined && newLoaded.model !== undefined
      ? diffModels(oldLoaded.model, newLoaded.model, {
          ...options,
          oldDocument: oldLoaded.document,
          newDocument: newLoaded.document,
        })
      : [];
  lap('diff');
  return {
    kind: 'description_diff',
    ...(oldLoaded.model !== undefined ? { oldVersion: oldLoaded.model.info.version } : {}),
    ...(newLoaded.model !== undefined ? { newVersion: newLoaded.model.info.version } : {}),
    counts: {
      breaking: changes.filter((c) => c.level === 'breaking').length,
      potentiallyBreaking: changes.filter((c) => c.level === 'potentially-breaking').length,
      nonBreaking: changes.filter((c) => c.level === 'non-breaking').length,
      info: changes.filter((c) => c.level === 'info').length,
      operationsOld: oldLoaded.model?.operations.length ?? 0,
      operationsNew: newLoaded.model?.operations.length ?? 0,
    },
    changes,
    problems,
    timings,
  };
}
