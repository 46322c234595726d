import { z } from 'zod';
import { Timestamp } from './common.ts';

/** One conflicted region of a merged file (its lines in the delivered file, 1-based, markers included). */
export const ConflictHunk = z
  .object({
    startLine: z.number().int(),
    endLine: z.number().int(),
    /** The customer's lines of the region (capped at 4,000 characters). */
    yours: z.string(),
    /** The new generation's lines of the region (capped at 4,000 characters). */
    generated: z.string(),
  })
  .meta({ id: 'ConflictHunk' });
export type ConflictHunk = z.infer<typeof ConflictHunk>;

export const CustomCodeConflict = z
  .object({
    path: z.string(),
    /** `content`: both changed the same lines (the file carries markers); `removed_by_generation`: the new generation has no such file, the customer edited it (kept as theirs). */
    kind: z.enum(['content', 'removed_by_generation']),
    hunks: z.array(ConflictHunk),
  })
  .meta({ id: 'CustomCodeConflict' });
export type CustomCodeConflict = z.infer<typeof CustomCodeConflict>;

/** An npm package the customer's code imports, carried from their package.json into ours. */
export const CarriedDependency = z
  .object({
    name: z.string(),
    /** The version range their package.json declares. */
    range: z.string(),
    field: z.enum(['dependencies', 'devDependencies', 'peerDependencies']),
  })
  .meta({ id: 'CarriedDependency' });
export type CarriedDependency = z.infer<typeof CarriedDependency>;

/**
 * What became of a customer's own code in one SDK of a run (docs/custom-code-and-release-prs.md):
 * custom folders carried byte for byte, edits to generated files merged three-way against the
 * pristine generation the customer last received, conflicts listed by file and hunk.
 */
export const CustomCodeReport = z
  .object({
    language: z.enum(['typescript', 'python', 'go']),
    /** Where the customer's SDK came from: the run's `oldSdkText`, the connected repository, or nowhere. */
    source: z.enum(['old_sdk_text', 'repository', 'none']),
    /** The run whose pristine generation was the merge base, if there was one. */
    baseRunId: z.string().nullable(),
    /** Whether a base was known: without one only custom folders are carried. */
    baseAvailable: z.boolean(),
    /** Custom-code files carried byte for byte. */
    carried: z.array(z.string()),
    /** Generated files whose customer edits merged cleanly into the new generation. */
    merged: z.array(z.string()),
    /** Files the customer added outside the custom folders (kept, since the base shows they are theirs). */
    added: z.array(z.string()),
    conflicts: z.array(CustomCodeConflict),
    /** Without a base: the customer's files outside the custom folders that differ from the new generation, not carried. */
    notCarried: z.array(z.string()),
    /** The paths of `custom_code.paths` in the config (beside the language's custom folders). */
    extraPaths: z.array(z.string()),
    /** A base was known but the customer's SDK does not derive from it (most shared files differ: another vendor's SDK), so it was not used. */
    baseIgnored: z.boolean().optional(),
    /** TypeScript: npm packages their code imports that our package.json now declares too (their ranges). */
    dependencies: z.array(CarriedDependency).optional(),
    /** TypeScript: how the check got those packages' types (`installed`, or why it could not). */
    dependencyInstall: z.string().optional(),
  })
  .meta({ id: 'CustomCodeReport' });
export type CustomCodeReport = z.infer<typeof CustomCodeReport>;

export const RunCustomCode = z
  .object({
    runId: z.string(),
    reports: z.array(CustomCodeReport),
    /** The release pull request opened for this run's publish to `github`, if any. */
    pullRequest: z
      .object({ url: z.string(), number: z.number().int(), branch: z.string(), updatedAt: Timestamp })
      .nullable(),
  })
  .meta({ id: 'RunCustomCode' });
export type RunCustomCode = z.infer<typeof RunCustomCode>;

export const RunIdPathInput = z.strictObject({ runId: z.string().min(1, 'runId is required').max(100) });

/** `owner/name`, as GitHub spells a repository. */
const RepositoryName = z
  .string()
  .trim()
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,38}\/[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$/, 'must be owner/name')
  .refine((v) => !v.split('/').some((part) => part.startsWith('.')), 'must be owner/name');

const RepoPath = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine(
    (p) => !p.startsWith('/') && !p.split('/').some((s) => s === '..' || s === '.' || s === ''),
    'must be a relative path',
  );

const BranchName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]+$/, 'must be a branch name');

export const ConnectRepositoryInput = z.strictObject({
  projectId: z.string().min(1, 'projectId is required').max(100),
  /** The SDK repository release pull requests go to (owner/name), on the service's git remote. */
  sdkRepository: RepositoryName.nullable().optional(),
  sdkLanguage: z.enum(['typescript', 'python']).optional(),
  /** The SDK repository's default branch (what customers merge into; theirs in the merge). */
  defaultBranch: BranchName.optional(),
  /** The repository holding the description, and its path there: a push that changes it starts a run. */
  descriptionRepository: RepositoryName.nullable().optional(),
  descriptionPath: RepoPath.nullable().optional(),
  /** Make a new webhook secret (it is shown once, in this answer). */
  rotateWebhookSecret: z.boolean().pipe(z.boolean()).optional(),
});
export type ConnectRepositoryInput = z.infer<typeof ConnectRepositoryInput>;

export const ProjectRepositoryConnection = z
  .object({
    projectId: z.string(),
    sdkRepository: z.string().nullable(),
    sdkLanguage: z.enum(['typescript', 'python', 'go']),
    defaultBranch: z.string(),
    descriptionRepository: z.string().nullable(),
    descriptionPath: z.string().nullable(),
    /** Where the description repository's push webhook is delivered (content type application/json). */
    webhookPath: z.string(),
    /** Where the SDK repository's pull_request webhook is delivered: a merged release pull request publishes. */
    releaseWebhookPath: z.string(),
    webhookSecretSet: z.boolean(),
    pullRequest: z
      .object({
        number: z.number().int(),
        url: z.string(),
        branch: z.string(),
        runId: z.string(),
        version: z.string(),
        updatedAt: Timestamp,
        /** `open` until the SDK repository's pull_request webhook says it was merged or closed. */
        state: z.enum(['open', 'merged', 'closed']).optional(),
        closedAt: Timestamp.optional(),
      })
      .nullable(),
    updatedAt: Timestamp,
  })
  .meta({ id: 'ProjectRepositoryConnection' });
export type ProjectRepositoryConnection = z.infer<typeof ProjectRepositoryConnection>;

export const ProjectRepositoryEnvelope = z.object({ repository: ProjectRepositoryConnection.nullable() });
export const ConnectRepositoryOutput = z.object({
  repository: ProjectRepositoryConnection,
  /** The webhook secret, only in the answer that made it. */
  webhookSecret: z.string().optional(),
});
