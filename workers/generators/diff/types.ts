// Public types of the compatibility diff: the SDK surface (what callers of an SDK can touch),
// the SDK-to-SDK report, and the description-to-description report.

import type { SourceLocation } from '../model/types.ts';
import type { ChangeLevel } from './description/rules.ts';

export type SdkLanguage = 'typescript' | 'python' | 'go';

/** One source file of an SDK, `/`-separated path relative to the package root. */
export interface SdkSourceFile {
  path: string;
  content: string;
}

/** Coarse value kind of a parameter or field, comparable across vendors and languages. */
export type ValueKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'file' | 'null' | 'union' | 'unknown';

export interface SurfaceLocation {
  file: string;
  /** 1-based. */
  line: number;
}

export interface SurfaceParam {
  /** As written in the SDK (snake_case in Python, usually as on the wire in TypeScript params objects). */
  name: string;
  required: boolean;
  /** Type text as written (TypeScript type or Python annotation), shortened. */
  type: string;
  kind: ValueKind;
  /** True for positional arguments (path parameters); false for fields of a params object / keyword arguments. */
  positional: boolean;
}

export interface SurfaceMethod {
  /** Call path below the client, e.g. `generations.image.create`. */
  id: string;
  resourcePath: string[];
  name: string;
  /** Normalised endpoint `post /generations/{}` (path parameters anonymised), when found in the method body. */
  endpoint?: string;
  /** Endpoint as written (path parameter names kept where the source had them). */
  endpointRaw?: string;
  params: SurfaceParam[];
  returnType: string;
  paginated: boolean;
  streaming: boolean;
  deprecated: boolean;
  /** A readable call, e.g. `client.generations.image.create({ model, prompt? })`. */
  call: string;
  location: SurfaceLocation;
}

export interface SurfaceField {
  name: string;
  required: boolean;
  type: string;
  kind: ValueKind;
}

export interface SurfaceModel {
  name: string;
  fields: SurfaceField[];
  location: SurfaceLocation;
}

export interface SurfaceProblem {
  /** `syntax` (the file does not parse), `too-large`, `timeout`, `memory`, `internal`. */
  kind: 'syntax' | 'too-large' | 'timeout' | 'memory' | 'internal' | 'unsupported';
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

export interface SdkSurface {
  language: SdkLanguage;
  /** Name of the client class, when one was found. */
  client?: string;
  clientOptions: SurfaceField[];
  /** Resource call paths, e.g. `generations`, `generations.image`; sorted. */
  resources: string[];
  /** Sorted by id. */
  methods: SurfaceMethod[];
  /** Sorted by name. */
  models: SurfaceModel[];
  /** Error class names, sorted. */
  errors: string[];
  /** Pagination helper class names, sorted. */
  pagination: string[];
  /** Streaming helper class names, sorted. */
  streaming: string[];
  files: number;
  /** Files that could not be read, with the reason; the rest of the surface is still reported. */
  problems: SurfaceProblem[];
}

// -------------------------------------------------------------------------------------------
// SDK surface diff
// -------------------------------------------------------------------------------------------

export type MethodStatus = 'kept' | 'renamed' | 'changed' | 'removed' | 'added';

export type ParamChangeKind =
  | 'param-removed'
  | 'required-param-added'
  | 'optional-param-added'
  | 'param-became-required'
  | 'param-became-optional'
  | 'param-type-changed'
  | 'positional-params-changed'
  | 'endpoint-changed'
  | 'return-type-changed';

export interface ParamChange {
  kind: ParamChangeKind;
  /** Whether existing calls break (they do not compile or send a different request). */
  breaking: boolean;
  param?: string;
  old?: string;
  new?: string;
  message: string;
}

export interface MethodDiff {
  status: MethodStatus;
  /** Old call path (absent for `added`). */
  oldId?: string;
  /** New call path (absent for `removed`). */
  newId?: string;
  endpoint?: string;
  /** Operation key in the new description (`post /generations/{id}`), when the endpoint is there. */
  operation?: string;
  oldCall?: string;
  newCall?: string;
  changes: ParamChange[];
  /** Why a method is removed: not in the new description at all, or in it but not in the SDK's config. */
  reason?: string;
  oldLocation?: SurfaceLocation;
  newLocation?: SurfaceLocation;
}

export interface NamedItemDiff {
  kept: string[];
  removed: string[];
  added: string[];
}

export interface RiskFactor {
  label: string;
  count: number;
  weight: number;
  points: number;
}

export interface MigrationRisk {
  level: 'low' | 'medium' | 'high';
  score: number;
  factors: RiskFactor[];
  explanation: string;
}

export interface SdkDiffReport {
  kind: 'sdk_surface_diff';
  oldLanguage: SdkLanguage;
  newLanguage: SdkLanguage;
  counts: {
    oldMethods: number;
    newMethods: number;
    kept: number;
    renamed: number;
    changed: number;
    removed: number;
    added: number;
    breakingChanges: number;
  };
  /** Old methods first (by old id), then added ones (by new id). */
  methods: MethodDiff[];
  resources: NamedItemDiff;
  models: NamedItemDiff & { changed: { name: string; changes: ParamChange[] }[] };
  errors: NamedItemDiff;
  clientOptions: NamedItemDiff;
  pagination: NamedItemDiff;
  streaming: NamedItemDiff;
  risk: MigrationRisk;
  problems: SurfaceProblem[];
}

// -------------------------------------------------------------------------------------------
// Description diff
// -------------------------------------------------------------------------------------------

/**
 * `breaking`, `potentially-breaking` (oasdiff's WARN: breaks some clients, and the description
 * does not say enough to decide), `non-breaking`, `info` (documentation and lifecycle).
 */
export type { ChangeLevel };

export interface DescriptionLocation extends SourceLocation {}

export interface DescriptionChange {
  /** Our rule id, e.g. `request-property-type-changed`; ids follow oasdiff's naming where one fits. */
  id: string;
  level: ChangeLevel;
  /** The oasdiff rule this change corresponds to, when there is one (usually the same as `id`). */
  oasdiff?: string;
  /** Operation key (`get /pets/{id}`) or `webhook:<name>`, or absent for document-level changes. */
  operation?: string;
  /** Path as in the new description, e.g. `/pets/{id}`. */
  path?: string;
  /** Path as in the old description, when it differs (path parameters renamed). */
  oldPath?: string;
  method?: string;
  /** Where in the operation: `parameter query limit`, `request body application/json`, `response 200 application/json`. */
  where?: string;
  /** Dotted property path inside the schema, e.g. `data.items[].name`. */
  property?: string;
  message: string;
  old?: DescriptionLocation;
  new?: DescriptionLocation;
}

export interface DescriptionProblem {
  document: 'old' | 'new';
  message: string;
  line: number;
  column: number;
}

export interface DescriptionDiffReport {
  kind: 'description_diff';
  oldVersion?: string;
  newVersion?: string;
  counts: {
    breaking: number;
    potentiallyBreaking: number;
    nonBreaking: number;
    info: number;
    operationsOld: number;
    operationsNew: number;
  };
  /** Sorted by level (breaking, potentially-breaking, non-breaking, info); within a level by operation, then id. */
  changes: DescriptionChange[];
  /** Documents that could not be read (the report is then empty). */
  problems: DescriptionProblem[];
  timings: Record<string, number>;
}

export interface CompatReport {
  sdk?: SdkDiffReport;
  description?: DescriptionDiffReport;
}
