import type { Artifact, Project, Run } from '../../../db/models/index.ts';
import type { ChecklistEntry } from '../../../db/models/publishing-action.ts';
import type { ArtifactKind } from '../../../shared/enums.ts';
import { goMajorMismatch, isGoModuleName, parseGoModulePath } from '../../../shared/go-module-path.ts';
import { isValidVersion } from './version-syntax.ts';

export type Registry = 'npm' | 'pypi' | 'docs' | 'github';

/** What each registry publishes from a run. */
export const REGISTRY_ARTIFACT: Record<Registry, ArtifactKind> = {
  npm: 'typescript_sdk',
  pypi: 'python_sdk',
  docs: 'docs',
  github: 'typescript_sdk',
};

const NAME_RULES: Record<Registry, { pattern: RegExp; example: string }> = {
  npm: {
    pattern: /^(?=.{1,214}$)(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/,
    example: '@acme/petstore or petstore-sdk',
  },
  pypi: { pattern: /^(?=.{1,100}$)([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9])$/, example: 'petstore-sdk' },
  docs: { pattern: /^(?=.{1,100}$)[a-z0-9][a-z0-9-]*$/, example: 'petstore' },
  github: { pattern: /^(?=.{3,140}$)[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/, example: 'acme/petstore-node' },
};

/**
 * The artifact a request publishes: the registry's, except that a `github` package name that is a Go
 * module path (`github.com/acme/petstore-go`) publishes the Go module (the contract's registries
 * stay npm, pypi, docs and github: a Go module is published by a git tag on its repository).
 */
export function publishedArtifact(registry: Registry, packageName: string | null | undefined): ArtifactKind {
  return registry === 'github' && packageName && isGoModuleName(packageName) ? 'go_sdk' : REGISTRY_ARTIFACT[registry];
}

/**
 * The package a registry receives when the request names none: the name the run generated its
 * package with (its config's, e.g. a stainless.yml's scoped npm name, or the project's settings'),
 * else the project's settings, else the names the project's runs use (`packagesInUse`); undefined
 * when none says (a run recorded before runs kept their names: record-publishing-action.ts then
 * reads the name from the run's package, and only then falls back to `slugPackageName`).
 */
export function defaultPackageName(project: Project, registry: Registry, run?: Run): string | undefined {
  const language = registry === 'npm' ? 'typescript' : registry === 'pypi' ? 'python' : undefined;
  if (!language) return undefined;
  return (
    run?.inputSummary.packages?.[language] ??
    project.settings?.packages?.[language] ??
    project.packagesInUse?.[language] ??
    undefined
  );
}

/** The last resort: the project's API name or name, slugged (`<slug>-sdk`). */
export function slugPackageName(project: Project, registry: Registry): string {
  const slug =
    (project.apiName ?? project.name)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'api';
  return registry === 'github' ? `acme/${slug}-sdk` : registry === 'docs' ? slug : `${slug}-sdk`;
}

/** The version a dry-run checks when the request names none: the project's setting for that registry's package. */
export function defaultVersion(project: Project, registry: Registry): string | undefined {
  const language = registry === 'npm' ? 'typescript' : registry === 'pypi' ? 'python' : undefined;
  return language ? project.settings?.versions?.[language] : undefined;
}

export interface ChecklistInput {
  registry: Registry;
  run: Run;
  project: Project;
  artifacts: Artifact[];
  packageName: string;
  version: string | undefined;
  registryConnected: boolean;
}

/** The checks a dry-run makes, each pass | fail | warn with a detail a user can act on. */
export function publishChecklist(input: ChecklistInput): ChecklistEntry[] {
  const { registry, run } = input;
  const checks: ChecklistEntry[] = [];
  const finished = run.status === 'ready' || run.status === 'complete';
  checks.push({
    id: 'run_finished',
    label: 'The run has finished',
    status: finished ? 'pass' : 'fail',
    detail: finished
      ? `Run ${run.id} is ${run.status}.`
      : `Run ${run.id} is ${run.status}; publish from a ready or complete run.`,
  });
  checks.push({
    id: 'run_verdict',
    label: 'The report found no blocking problems',
    status: run.verdict === 'ready' ? 'pass' : run.verdict === 'needs_review' ? 'warn' : 'fail',
    detail: `The verdict is ${run.verdict}.`,
  });
  const goModule = publishedArtifact(registry, input.packageName) === 'go_sdk';
  const kind = goModule ? 'go_sdk' : REGISTRY_ARTIFACT[registry];
  const artifact = input.artifacts.find((a) => a.kind === kind);
  const artifactLive = !!artifact && artifact.expiresAt.getTime() > Date.now();
  const step = run.steps.find((s) => s.name === kind);
  checks.push({
    id: 'artifact_present',
    label: `A ${kind} artifact to publish`,
    status: artifactLive ? 'pass' : 'fail',
    detail: artifactLive
      ? `${artifact!.name} (${artifact!.sizeBytes} bytes, sha256 ${artifact!.sha256.slice(0, 12)}…).`
      : artifact
        ? `The ${kind} artifact expired at ${artifact.expiresAt.toISOString()}; retry the run.`
        : `The run has no ${kind} artifact${step?.summary ? ` (${kind} step: ${step.status}, ${step.summary})` : ''}.`,
  });
  const rule = NAME_RULES[registry];
  const nameOk = goModule ? parseGoModulePath(input.packageName) !== undefined : rule.pattern.test(input.packageName);
  checks.push({
    id: 'package_name',
    label: goModule ? 'A Go module path at the root of a repository' : `A valid ${registry} name`,
    status: nameOk ? 'pass' : 'fail',
    detail: nameOk
      ? input.packageName
      : goModule
        ? `"${input.packageName}" is not a Go module path publishing can tag: host/owner/repo, with /vN for v2 and later (e.g. github.com/acme/petstore-go).`
        : `"${input.packageName}" is not a valid ${registry} name (e.g. ${rule.example}).`,
  });
  if (goModule && input.version !== undefined && isValidVersion(registry, input.version)) {
    // Go's module versions: a tag vX.Y.Z[-pre] (no build metadata), and the major-version suffix rule.
    const wanted = nameOk ? goMajorMismatch(input.packageName, input.version) : undefined;
    const metadata = input.version.includes('+');
    checks.push({
      id: 'go_module_version',
      label: 'The tag and the module path agree (Go major-version rule)',
      status: metadata || wanted !== undefined ? 'fail' : 'pass',
      detail: metadata
        ? `v${input.version} carries build metadata, which Go module versions cannot have; drop the +… part.`
        : wanted !== undefined
          ? `v${input.version} needs the module path ${wanted}: v0 and v1 have no /vN suffix, v2 and later end in /v<major> (go.mod and every import).`
          : `tag v${input.version} on ${input.packageName}`,
    });
  }
  if (registry !== 'docs') {
    checks.push({
      id: 'version',
      label: registry === 'pypi' ? 'A PEP 440 version' : 'A semantic version',
      status: input.version === undefined ? 'warn' : isValidVersion(registry, input.version) ? 'pass' : 'fail',
      detail:
        input.version === undefined
          ? "No version given, and none could be proposed (no artifact to read it from): the package's own version would be used."
          : isValidVersion(registry, input.version)
            ? input.version
            : `"${input.version}" is not a valid version.`,
    });
  }
  checks.push({
    id: 'registry_connection',
    label: `A ${registry} connection`,
    status: registry === 'docs' || input.registryConnected ? 'pass' : 'fail',
    detail:
      registry === 'docs'
        ? 'Docs are hosted by the service; no connection needed.'
        : input.registryConnected
          ? `A ${registry} token is configured.`
          : `No ${registry} connection is configured for this service (PUBLISH_${registry.toUpperCase()}_TOKEN).`,
  });
  return checks;
}
