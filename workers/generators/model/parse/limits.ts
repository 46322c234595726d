// Limits that keep a hostile description from exhausting memory, stack or time.

export interface ParseLimits {
  /** Maximum UTF-8 size of the description, in bytes. */
  maxBytes: number;
  /** Maximum nesting depth of objects/arrays. */
  maxDepth: number;
  /** Maximum number of YAML alias expansions (`*anchor`). */
  maxAliasCount: number;
  /** Maximum number of diagnostics kept (the rest are counted and summarised). */
  maxDiagnostics: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxBytes: 25 * 1024 * 1024,
  maxDepth: 512,
  maxAliasCount: 10_000,
  maxDiagnostics: 5_000,
};

export function resolveLimits(limits: Partial<ParseLimits> | undefined): ParseLimits {
  return { ...DEFAULT_PARSE_LIMITS, ...limits };
}
