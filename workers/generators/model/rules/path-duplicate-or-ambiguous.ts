import type { Rule } from './rule.ts';
import { entries } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';

export const pathDuplicateOrAmbiguous: Rule = {
  id: 'path/duplicate-or-ambiguous',
  severity: 'error',
  description: 'Two paths that differ only in placeholder names (or a trailing slash) match the same requests.',
  run(ctx) {
    const seen = new Map<string, string>();
    for (const [path] of entries(ctx.doc.paths)) {
      const templated = path.replace(/\{[^{}]*\}/g, '{}');
      const previous = seen.get(templated);
      if (previous !== undefined) {
        ctx.report(
          joinPointer('/paths', path),
          `Path "${path}" is equivalent to "${previous}": they differ only in placeholder names.`,
        );
        continue;
      }
      seen.set(templated, path);
    }
    const bySlash = new Map<string, string>();
    for (const [path] of entries(ctx.doc.paths)) {
      const key = path.length > 1 ? path.replace(/\/+$/, '') : path;
      const previous = bySlash.get(key);
      if (previous !== undefined && previous !== path) {
        ctx.report(
          joinPointer('/paths', path),
          `Path "${path}" differs from "${previous}" only by a trailing slash.`,
          'warning',
        );
      }
      if (previous === undefined) bySlash.set(key, path);
    }
  },
};
