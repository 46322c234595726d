// The config key that names more custom-code paths than the language's custom folders:
//
//   custom_code:
//     paths: [src/extras/, scripts/release.ts]
//
// Read from `configText` (the flagship config or a partner `stainless.yml`; both readers accept the
// key). Anything that is not a list of relative paths is ignored.

import { parse } from 'yaml';
import { normalisePath } from './split-sdk-text.ts';

/** The `custom_code.paths` of a config text (empty when absent or unreadable). */
export function readCustomCodePaths(configText: string | null | undefined): string[] {
  if (!configText?.trim()) return [];
  let doc: unknown;
  try {
    doc = parse(configText, { maxAliasCount: 10 });
  } catch {
    return [];
  }
  const section = isRecord(doc) ? doc.custom_code : undefined;
  const paths = isRecord(section) ? section.paths : undefined;
  if (!Array.isArray(paths)) return [];
  return paths
    .filter((p): p is string => typeof p === 'string')
    .map((p) => {
      const folder = p.trim().endsWith('/') || p.trim().endsWith('/**');
      const path = normalisePath(
        p
          .trim()
          .replace(/\/\*\*$/, '')
          .replace(/\/$/, ''),
      );
      return path === undefined ? undefined : folder ? `${path}/` : path;
    })
    .filter((p): p is string => p !== undefined);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
