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
   * `unknown`, an object a map of `unknown`, an `allOf` any value. An object's properties count the
   * names listed only in its `required` too (each becomes a member of the generated type). Past
   * `maxSchemas` named schemas, or `maxSchemaNodes` Schema Objects in all (inline ones included),
   * there is no model (a `limits/schemas` / `limits/schema-nodes` error): the generating steps are
   * skipped and the run ends `not_ready`.
   */
  maxEnumMembers: number;
  maxUnionArms: number;
  maxAllOfArms: number;
  maxObjectProperties: number;
  maxSchemas: number;
  maxSchemaNodes: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxBytes: 25 * 1024 * 1024,
  maxDepth: 512,
  maxAliasCount: 10_000,
  maxDiagnostics: 5_000,
  // Real descriptions stay far below: the corpus's largest enum has 145 members (Stripe's 295), its
  // largest union 60 arms, its largest allOf 4 arms, its largest object 203 properties (9 more names
  // listed only in `required`, at most), and plaid has 2,275 schemas and
  // 11,617 Schema Objects in all (the most of the corpus's 40 largest descriptions).
  maxEnumMembers: 2_000,
  maxUnionArms: 500,
  maxAllOfArms: 100,
  maxObjectProperties: 2_000,
  maxSchemas: 20_000,
  maxSchemaNodes: 200_000,
};

/** The limits the model stage applies (a subset of the analysis' limits). */
export type ModelLimits = Pick<
  ParseLimits,
  'maxEnumMembers' | 'maxUnionArms' | 'maxAllOfArms' | 'maxObjectProperties' | 'maxSchemas' | 'maxSchemaNodes'
>;

export function resolveLimits(limits: Partial<ParseLimits> | undefined): ParseLimits {
  return { ...DEFAULT_PARSE_LIMITS, ...limits };
}
