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
  /**
   * What the API model hands the generators and their compilers (tsc, mypy). Past these, generation
   * degrades with a `limits/...` warning naming the place: an enum becomes its base type, a union
   * `unknown`, an object a map of `unknown`. Past `maxSchemas` there is no model (a `limits/schemas`
   * error): the generating steps are skipped and the run ends `not_ready`.
   */
  maxEnumMembers: number;
  maxUnionArms: number;
  maxObjectProperties: number;
  maxSchemas: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxBytes: 25 * 1024 * 1024,
  maxDepth: 512,
  maxAliasCount: 10_000,
  maxDiagnostics: 5_000,
  // Real descriptions stay far below: the corpus's largest enum has 145 members (Stripe's 295), its
  // largest union 60 arms, its largest object 203 properties, and plaid has 2,275 schemas.
  maxEnumMembers: 2_000,
  maxUnionArms: 500,
  maxObjectProperties: 2_000,
  maxSchemas: 20_000,
};

/** The limits the model stage applies (a subset of the analysis' limits). */
export type ModelLimits = Pick<ParseLimits, 'maxEnumMembers' | 'maxUnionArms' | 'maxObjectProperties' | 'maxSchemas'>;

export function resolveLimits(limits: Partial<ParseLimits> | undefined): ParseLimits {
  return { ...DEFAULT_PARSE_LIMITS, ...limits };
}
