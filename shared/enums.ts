export const RUN_STATUSES = [
  'queued',
  'running',
  'blocked',
  'complete',
  'ready',
  'failed',
  'expired',
  'canceled',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** States from which a run can still change on its own; cancel is allowed from these. */
export const CANCELABLE_RUN_STATUSES = ['queued', 'running', 'blocked'] as const satisfies readonly RunStatus[];

export const RUN_VERDICTS = [
  'queued',
  'generated',
  'ready',
  'needs_review',
  'not_ready',
  'needs_worker',
  'needs_setup',
  'failed',
  'canceled',
] as const;
export type RunVerdict = (typeof RUN_VERDICTS)[number];

export const RUN_MODES = [
  'flagship',
  'partner_compatible',
  'custom',
  'openapi',
  'partner',
  'partner_migration',
  'reference-sample',
] as const;
export type RunMode = (typeof RUN_MODES)[number];

/** Modes a report start accepts: variant A (flagship, custom, openapi) and variant B (partner_*). */
export const START_MODES = ['flagship', 'custom', 'openapi', 'partner_compatible', 'partner_migration'] as const;
export type StartMode = (typeof START_MODES)[number];
export const PARTNER_START_MODES = ['partner_compatible', 'partner_migration'] as const satisfies readonly StartMode[];

export const PROJECT_MODES = ['flagship', 'partner_compatible', 'custom', 'openapi', 'partner_migration'] as const;
export type ProjectMode = (typeof PROJECT_MODES)[number];
/** New project writes use only these (legacy values may still be read). */
export const WRITABLE_PROJECT_MODES = ['flagship', 'partner_compatible'] as const satisfies readonly ProjectMode[];

export const PROJECT_STATUSES = ['created', 'active', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/**
 * Project status changes PATCH allows (docs/api.md: "Project status"). `created` is only ever the
 * initial state; a project becomes `active` when a run of it finishes, or by PATCH.
 */
export const PROJECT_TRANSITIONS: Record<ProjectStatus, readonly ProjectStatus[]> = {
  created: ['created', 'active', 'archived'],
  active: ['active', 'archived'],
  archived: ['archived', 'active'],
};

export const MEMBER_STATUSES = ['active', 'invited', 'removed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const PIPELINE_STEPS = [
  'validate',
  'typescript_sdk',
  'python_sdk',
  'go_sdk',
  'cli',
  'mcp_server',
  'docs',
  'compat_diff',
  'wire_tests',
] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];

export const STEP_STATUSES = ['pending', 'running', 'passed', 'failed', 'skipped', 'canceled'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const PLANS = ['free', 'launch', 'scale'] as const;
export type Plan = (typeof PLANS)[number];

export const ARTIFACT_KINDS = [
  'validation_report',
  'starter_config',
  'typescript_sdk',
  'python_sdk',
  'cli',
  'mcp_server',
  'docs',
  'compat_diff',
  'go_sdk',
  'wire_tests',
] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

export const REGISTRIES = ['npm', 'pypi', 'docs', 'github'] as const;
export const PUBLISH_ACTIONS = ['dry_run', 'publish', 'rollback', 'share_preview'] as const;
export const PUBLISH_STATUSES = ['ready', 'blocked'] as const;
/** Where a publish or rollback that passed its checks stands (providerResult.state). */
export const PUBLICATION_STATES = [
  'queued',
  'publishing',
  // Waits for the release pull request to merge (docs/custom-code-and-release-prs.md); `canceled` when it closed unmerged.
  'awaiting_merge',
  'published',
  'failed',
  'rolled_back',
  'canceled',
] as const;
export const DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
