import { z } from 'zod';
import { PROJECT_MODES, PROJECT_STATUSES } from '../enums.ts';
import { BodyBoolean, Id, Timestamp } from './common.ts';

/** The deliverables a project's settings turn on or off (each one pipeline step). */
export const PROJECT_TARGETS = ['typescript', 'python', 'go', 'cli', 'mcp', 'docs'] as const;
export type ProjectTarget = (typeof PROJECT_TARGETS)[number];

const NPM_NAME = /^(?=.{1,214}$)(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const PYPI_NAME = /^(?=.{1,100}$)([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9])$/;
const GO_MODULE = /^(?=.{1,300}$)[a-z0-9.-]+(\/[A-Za-z0-9._~-]+)+$/;
/** A version as the registries take it: semver for npm and Go, semver or PEP 440 for PyPI. */
const VERSION = /^v?\d+\.\d+\.\d+([-.+a-zA-Z0-9]*)$/;

const named = (pattern: RegExp, example: string) =>
  z.string().trim().regex(pattern, `must be a valid name (e.g. ${example})`).optional();
const version = z.string().trim().regex(VERSION, 'must be a version such as 1.2.0').optional();

/**
 * What a project fixes for all its runs (docs/web-app.md: Project settings). Package names
 * override the run's config (flagship and partner); versions are what a publishing dry-run checks
 * when it names none; a target turned off is skipped; the default config is a flagship run's
 * config when the start sends none.
 */
export const ProjectSettings = z
  .strictObject({
    packages: z
      .strictObject({
        typescript: named(NPM_NAME, '@acme/petstore'),
        python: named(PYPI_NAME, 'acme-petstore'),
        go: named(GO_MODULE, 'github.com/acme/petstore-go'),
        mcp: named(NPM_NAME, '@acme/petstore-mcp'),
      })
      .optional(),
    versions: z.strictObject({ typescript: version, python: version, go: version, mcp: version }).optional(),
    targets: z.partialRecord(z.enum(PROJECT_TARGETS), z.boolean().pipe(z.boolean())).optional(),
    defaultConfigText: z
      .string()
      .max(1024 * 1024, 'must be at most 1 MB')
      .optional(),
  })
  .meta({ id: 'ProjectSettings' });
export type ProjectSettings = z.infer<typeof ProjectSettings>;

/** The package names a project's runs generate with (the first run's, unless settings or a config name others). */
export const PackageNames = z
  .object({
    typescript: z.string().optional(),
    python: z.string().optional(),
    pythonModule: z.string().optional(),
    go: z.string().optional(),
    mcp: z.string().optional(),
    cli: z.string().optional(),
  })
  .meta({ id: 'PackageNames' });
export type PackageNames = z.infer<typeof PackageNames>;

export const Project = z
  .object({
    id: z.string(),
    name: z.string(),
    apiName: z.string().optional(),
    mode: z.enum(PROJECT_MODES).optional(),
    status: z.enum(PROJECT_STATUSES).optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp.optional(),
    runCount: z.number().int().optional(),
    /** The project's settings, when any are set (GET and PATCH of one project; absent in lists). */
    settings: ProjectSettings.optional(),
    /** The package names its runs generate with when neither the settings nor a config name others. */
    packagesInUse: PackageNames.optional(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

export const ProjectName = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const UpdateProjectInput = z.strictObject({
  projectId: Id('projectId'),
  name: ProjectName.optional(),
  apiName: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  archive: BodyBoolean().optional(),
  transferOrgId: z.string().max(100).optional(),
  /** Replaces the project's settings as a whole (`{}` clears them). */
  settings: ProjectSettings.optional(),
});
export type UpdateProjectInput = z.infer<typeof UpdateProjectInput>;

export const ProjectIdInput = z.strictObject({ projectId: Id('projectId') });

export const ListProjectsInput = z.strictObject({
  status: z.enum(PROJECT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

export const ProjectEnvelope = z.object({ project: Project });
export const ProjectList = z.object({ projects: z.array(Project), nextCursor: z.string().optional() });
