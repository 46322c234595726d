// The one entry point of the generation core: description (+ optional config) in, diagnostics
// and the API model out. Pure apart from CPU: no files, no network (external $refs are only
// reported). The AbortSignal is honoured between phases.

import type { ApiModel, Diagnostic, SourceLocation } from './model/types.ts';
import { parseDocument } from './model/parse/parse-document.ts';
import { resolveLimits, type ParseLimits } from './model/parse/limits.ts';
import { detectVersion, type VersionVerdict } from './model/validate/detect-version.ts';
import { RefIndex } from './model/refs/ref-index.ts';
import { listOperations, type OperationEntry } from './model/doc-index.ts';
import { buildModel, type BuildModelInput } from './model/build-model.ts';
import { SchemaCountLimitError } from './model/build/schema-builder.ts';
import { isRecord, type JsonRecord } from './model/json-guards.ts';
import { readConfig, type ConfigKind } from './config/read-config.ts';
import { deriveStarterConfig, starterConfigYaml } from './config/derive-starter-config.ts';
import { applyProjectPackages, type ProjectPackages } from './config/project-packages.ts';
import type { ConfigTarget, GeneratorConfig, LintSettings } from './model/generator-config.ts';
import { annotateDiagnostic, blocksReady, finalizeDiagnostics } from './model/lint/finalize-diagnostics.ts';

export type { ConfigKind } from './config/read-config.ts';

export interface AnalyzeInput {
  openapiText: string;
  configText?: string;
  /** Run mode; `partner_*` modes read `configText` as a Stainless `stainless.yml`. */
  mode: string;
  limits?: Partial<ParseLimits>;
  signal?: AbortSignal;
  /** Run the description's checks after the model (default true); false: the model stage only. */
  checks?: boolean;
  /** The project's package names: its settings' overrides and the names its runs use (config/project-packages.ts). */
  projectPackages?: ProjectPackages;
}

export interface AnalyzeCounts {
  /** Causes, not places: a grouped diagnostic counts once (`places` counts every place). */
  errors: number;
  warnings: number;
  infos: number;
  /** Warnings that keep the run from `ready` (class `sdk`, or set to `warn` by the project). */
  review: number;
  /** Places all diagnostics were found in. */
  places: number;
  paths: number;
  operations: number;
  webhooks: number;
  schemas: number;
  resources: number;
  [key: string]: number;
}

export interface AnalyzeResult {
  /**
   * Sorted: description diagnostics by line, then config diagnostics; the project's rule settings
   * applied, one per cause (with `locations`), each with `impact` and `docsUrl`. Capped at
   * `limits.maxDiagnostics`.
   */
  diagnostics: Diagnostic[];
  /** Absent when the description could not be read (parse failure, unsupported version). */
  model?: ApiModel;
  /** Flagship YAML derived from the paths, when the run had no config. */
  starterConfigYaml?: string;
  configKind: ConfigKind;
  format?: 'json' | 'yaml';
  /** Why the run cannot go on without setup (partner runs with an unusable config); empty if it can. */
  needsSetup: string[];
  counts: AnalyzeCounts;
  /** Milliseconds per phase. */
  timings: Record<string, number>;
}

export function isPartnerMode(mode: string): boolean {
  return mode === 'partner' || mode.startsWith('partner_');
}

/** Yields to the event loop so an abort (or other work) can get in between phases; an abort that came in meanwhile stops the analysis here. */
async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  signal?.throwIfAborted();
  await new Promise((resolve) => setImmediate(resolve));
  signal?.throwIfAborted();
}

/** What the generators need, available before the description's checks have run. */
export interface ModelStage {
  /** Absent when the description could not be read (parse failure, unsupported version). */
  model?: ApiModel;
  needsSetup: string[];
  configKind: ConfigKind;
  format?: 'json' | 'yaml';
  /** The SDKs the run's stainless.yml lists under `targets`, when it lists any (GeneratorConfig.targets). */
  targets?: ConfigTarget[];
}

export interface AnalysisStages {
  /** Resolves once the API model is built; the schema check and the rules run after it. */
  model: Promise<ModelStage>;
  /** Everything, the checks' diagnostics included. */
  result: Promise<AnalyzeResult>;
}

/** The whole analysis: diagnostics and the API model. */
export async function analyzeSpec(input: AnalyzeInput): Promise<AnalyzeResult> {
  return await startAnalysis(input).result;
}

/**
 * Starts the analysis and hands out the model as soon as it is built: parse, index, config and
 * model come first, then the official-schema check and the semantic rules, which only the
 * validate step's report needs. The generators (and the checkers they start, mypy and tsc, in
 * other processes) need not wait for the checks. Both promises reject when the analysis does
 * (an abort); neither rejection goes unhandled when only one of them is awaited.
 */
export function startAnalysis(input: AnalyzeInput): AnalysisStages {
  let modelReady: (stage: ModelStage) => void = () => {};
  let modelFailed: (error: unknown) => void = () => {};
  const model = new Promise<ModelStage>((resolve, reject) => {
    modelReady = resolve;
    modelFailed = reject;
  });
  const result = runAnalysis(input, (stage) => modelReady(stage));
  // An analysis that ends before building a model (an unreadable description) settles `model` with
  // what it has; one that fails (an abort) rejects it. Settling a settled promise does nothing.
  result.then((r) => modelReady(modelStage(r.model, r.needsSetup, r.configKind, r.format, undefined)), modelFailed);
  model.catch(() => {});
  result.catch(() => {});
  return { model, result };
}

function modelStage(
  model: ApiModel | undefined,
  needsSetup: string[],
  configKind: ConfigKind,
  format: 'json' | 'yaml' | undefined,
  targets: ConfigTarget[] | undefined,
): ModelStage {
  return {
    ...(model ? { model } : {}),
    needsSetup,
    configKind,
    ...(format ? { format } : {}),
    ...(targets ? { targets } : {}),
  };
}

async function runAnalysis(input: AnalyzeInput, modelReady: (stage: ModelStage) => void): Promise<AnalyzeResult> {
  const limits = resolveLimits(input.limits);
  const timings: Record<string, number> = {};
  const diagnostics: Diagnostic[] = [];
  const configDiagnostics: Diagnostic[] = [];
  const needsSetup: string[] = [];
  let lint: LintSettings | undefined;
  let t = performance.now();
  const lap = (name: string): void => {
    const now = performance.now();
    timings[name] = Math.round((now - t) * 10) / 10;
    t = now;
  };
  const finish = (partial: Partial<AnalyzeResult> & { configKind: ConfigKind }): AnalyzeResult => {
    const sorted = finalizeDiagnostics([...diagnostics.sort(byPosition), ...configDiagnostics.sort(byPosition)], lint);
    return {
      ...partial,
      diagnostics: capDiagnostics(sorted, limits.maxDiagnostics),
      needsSetup,
      counts: countsOf(sorted, partial.model),
      timings,
    };
  };

  await checkpoint(input.signal);
  const parsed = parseDocument(input.openapiText, limits);
  pushAll(diagnostics, parsed.diagnostics);
  lap('parse');
  const doc = parsed.document;
  const hasConfig = input.configText !== undefined && input.configText.trim() !== '';
  if (doc === undefined) return finish({ configKind: hasConfig ? 'flagship' : 'none' });

  const version = detectVersion(doc.value, doc.locate);
  if (version.kind === 'unsupported') {
    diagnostics.push(version.diagnostic);
    return finish({ configKind: hasConfig ? 'flagship' : 'none', format: doc.format });
  }
  if (version.note) diagnostics.push(version.note);
  const value = doc.value;
  if (!isRecord(value)) return finish({ configKind: 'none', format: doc.format });

  await checkpoint(input.signal);
  const refs = new RefIndex(value);
  const operations = listOperations(value, refs);
  lap('index');

  await checkpoint(input.signal);
  const resolved = resolveConfig(
    input,
    hasConfig,
    () => deriveStarterConfig(value, operations, doc.locateLazily),
    limits,
  );
  pushAll(configDiagnostics, resolved.diagnostics);
  needsSetup.push(...resolved.needsSetup);
  const config = applyProjectPackages(resolved.config, input.projectPackages);
  const { configKind } = resolved;
  lint = config.lint;
  lap('config');

  await checkpoint(input.signal);
  const built = buildModelReporting(
    {
      doc: value,
      version: version.version,
      openapiVersion: version.raw,
      locate: doc.locateLazily,
      refs,
      operations,
      config,
      strictResources: config.kind === 'stainless',
      limits,
    },
    doc.locate,
  );
  pushAll(diagnostics, built.descriptionDiagnostics);
  pushAll(configDiagnostics, built.configDiagnostics);
  const model = built.model;
  lap('model');
  modelReady(modelStage(model, needsSetup, configKind, doc.format, config.targets));
  if (input.checks === false) return finish({ model, configKind, format: doc.format });

  // The description's checks, after the model: only the report waits for them (and for the
  // starter config's YAML, another artifact of validate's).
  await checkpoint(input.signal);
  const starter = configKind === 'none' ? starterConfigYaml(config) : undefined;
  pushAll(
    diagnostics,
    await runDescriptionChecks({ doc: value, version, locate: doc.locate, refs, operations }, input.signal, lap),
  );
  return finish({ model, starterConfigYaml: starter, configKind, format: doc.format });
}

/**
 * The config phase: the run's config when it has one and it reads, else a starter config derived
 * from the paths. A partner run without a usable config needs setup (and says why).
 */
function resolveConfig(
  input: AnalyzeInput,
  hasConfig: boolean,
  derive: () => GeneratorConfig,
  limits: ParseLimits,
): { config: GeneratorConfig; configKind: ConfigKind; diagnostics: Diagnostic[]; needsSetup: string[] } {
  const diagnostics: Diagnostic[] = [];
  const needsSetup: string[] = [];
  if (hasConfig) {
    const read = readConfig(input.configText as string, input.mode, limits);
    pushAll(diagnostics, read.diagnostics);
    needsSetup.push(...read.needsSetup);
    if (read.config !== undefined) return { config: read.config, configKind: read.kind, diagnostics, needsSetup };
    if (isPartnerMode(input.mode) && needsSetup.length === 0) needsSetup.push('The partner config could not be read.');
    return { config: derive(), configKind: read.kind, diagnostics, needsSetup };
  }
  if (isPartnerMode(input.mode)) {
    needsSetup.push("A partner run needs the existing SDK's config (stainless.yml) as configText.");
    diagnostics.push({
      ruleId: 'config/missing',
      severity: 'error',
      message: 'Partner runs need the existing Stainless config (stainless.yml) so method names stay compatible.',
      pointer: '',
      line: 0,
      column: 0,
      document: 'config',
    });
  }
  return { config: derive(), configKind: 'none', diagnostics, needsSetup };
}

/**
 * The model phase: builds the API model, sorting its diagnostics by document. A model past the
 * schema limit, or one whose build failed, is reported as a description error instead of thrown.
 */
function buildModelReporting(
  args: BuildModelInput,
  locate: (pointer: string) => SourceLocation,
): { model: ApiModel | undefined; descriptionDiagnostics: Diagnostic[]; configDiagnostics: Diagnostic[] } {
  const descriptionDiagnostics: Diagnostic[] = [];
  const configDiagnostics: Diagnostic[] = [];
  try {
    const built = buildModel(args);
    for (const d of built.diagnostics) (d.document === 'config' ? configDiagnostics : descriptionDiagnostics).push(d);
    return { model: built.model, descriptionDiagnostics, configDiagnostics };
  } catch (error) {
    if (error instanceof SchemaCountLimitError) {
      const at = locate(error.pointer);
      descriptionDiagnostics.push({
        ruleId: error.ruleId,
        severity: 'error',
        message: error.message,
        pointer: at.pointer,
        line: at.line,
        column: at.column,
      });
    } else {
      descriptionDiagnostics.push({
        ruleId: 'internal/model-failed',
        severity: 'error',
        message: `The API model could not be built (${error instanceof Error ? error.message : String(error)}).`,
        pointer: '',
        line: 0,
        column: 0,
      });
    }
    return { model: undefined, descriptionDiagnostics, configDiagnostics };
  }
}

/** The description's checks: the official schema's (when its version has one), then the semantic rules. */
async function runDescriptionChecks(
  described: {
    doc: JsonRecord;
    version: SupportedVersion;
    locate: (pointer: string) => SourceLocation;
    refs: RefIndex;
    operations: OperationEntry[];
  },
  signal: AbortSignal | undefined,
  lap: (name: string) => void,
): Promise<Diagnostic[]> {
  const { doc, version, locate, refs, operations } = described;
  const diagnostics: Diagnostic[] = [];
  const { oasSchemaCheck, schemaDiagnostics, runRules, ALL_RULES, listSchemas } = await loadCheckModules();
  if (version.schemaCheck) {
    const errors = oasSchemaCheck(version.version)(doc);
    pushAll(diagnostics, schemaDiagnostics(errors, version.version, locate, 500, doc));
  }
  lap('schema');
  await checkpoint(signal);
  const schemas = listSchemas(doc);
  pushAll(
    diagnostics,
    runRules({ doc, version: version.version, locate, refs, operations, schemas }, ALL_RULES, signal),
  );
  lap('rules');
  return diagnostics;
}

/** The report's diagnostics, at most `max` of them; a last `report/truncated` one counts the rest. */
function capDiagnostics(sorted: Diagnostic[], max: number): Diagnostic[] {
  if (sorted.length <= max) return sorted;
  const capped = sorted.slice(0, max);
  capped.push(
    annotateDiagnostic({
      ruleId: 'report/truncated',
      severity: 'info',
      message: `${sorted.length - max} more diagnostics were left out of this report.`,
      pointer: '',
      line: 0,
      column: 0,
    }),
  );
  return capped;
}

function countsOf(diagnostics: readonly Diagnostic[], model: ApiModel | undefined): AnalyzeCounts {
  return {
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
    infos: diagnostics.filter((d) => d.severity === 'info').length,
    review: diagnostics.filter(blocksReady).length,
    places: diagnostics.reduce((n, d) => n + (d.count ?? 1), 0),
    paths: model ? new Set(model.operations.map((o) => o.path)).size : 0,
    operations: model?.operations.length ?? 0,
    webhooks: model?.webhooks.length ?? 0,
    schemas: model ? Object.keys(model.schemas).length : 0,
    resources: model?.resources.length ?? 0,
  };
}

/**
 * The checks' modules (the official schemas' validators with ajv, the rules), loaded when a check
 * first runs: a process that only builds models (a docs or SDK build, a bench child) never loads
 * them. A worker loads them as it starts (workers/main.ts), so no run waits for them.
 */
export function loadCheckModules(): ReturnType<typeof importCheckModules> {
  return (checkModules ??= importCheckModules());
}

function importCheckModules() {
  return Promise.all([
    import('./model/validate/oas-schemas.ts'),
    import('./model/validate/schema-diagnostics.ts'),
    import('./model/validate/run-rules.ts'),
    import('./model/rules/all-rules.ts'),
    import('./model/schema-walk.ts'),
  ]).then(([schemas, diagnostics, rules, all, walk]) => ({
    oasSchemaCheck: schemas.oasSchemaCheck,
    schemaDiagnostics: diagnostics.schemaDiagnostics,
    runRules: rules.runRules,
    ALL_RULES: all.ALL_RULES,
    listSchemas: walk.listSchemas,
  }));
}
let checkModules: ReturnType<typeof importCheckModules> | undefined;

/**
 * Appends one list to another. Not `push(...items)`: a hostile description can make a rule report a
 * million diagnostics (a million names in one `required`), more arguments than a call can take
 * ("Maximum call stack size exceeded"); the report keeps only `maxDiagnostics` of them anyway.
 */
function pushAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

type SupportedVersion = Extract<VersionVerdict, { kind: 'supported' }>;

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.line - b.line || a.column - b.column || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0);
}
