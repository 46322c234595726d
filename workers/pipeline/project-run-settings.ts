import { Project, Run } from '../../db/models/index.ts';
import type { PipelineStep } from '../../shared/enums.ts';
import type { PackageNames, ProjectTarget } from '../../shared/schemas/projects.ts';
import type { RunTask } from './run-protocol.ts';

/** The step each project target turns on or off. */
const TARGET_STEPS: Record<ProjectTarget, PipelineStep> = {
  typescript: 'typescript_sdk',
  python: 'python_sdk',
  go: 'go_sdk',
  cli: 'cli',
  mcp: 'mcp_server',
  docs: 'docs',
};

/**
 * What a run takes from its project's settings, read when the job starts (docs/web-app.md:
 * Project settings): the package names (settings over config over the names in use) and the
 * steps of the targets turned off, and on (a partner run's stainless.yml lists the SDKs it builds;
 * a target turned on here is built all the same).
 */
export async function projectRunSettings(projectId: string): Promise<NonNullable<RunTask['project']>> {
  const project = await Project.findByPk(projectId, { attributes: ['id', 'settings', 'packagesInUse'] });
  const settings = project?.settings ?? {};
  const stepsWhere = (value: boolean): PipelineStep[] =>
    Object.entries(settings.targets ?? {})
      .filter(([, on]) => on === value)
      .map(([target]) => TARGET_STEPS[target as ProjectTarget]);
  return {
    packages: {
      ...(settings.packages ? { overrides: settings.packages } : {}),
      ...(project?.packagesInUse ? { inUse: project.packagesInUse } : {}),
    },
    off: stepsWhere(false),
    on: stepsWhere(true),
  };
}

/**
 * Records the package names a run generated with on the run (`inputSummary.packages`, what a
 * publishing dry-run checks), and on its project when the project has none yet: the names a
 * later run keeps when its description's title changes.
 */
export async function recordRunPackages(run: Run, packages: PackageNames): Promise<void> {
  const names = Object.fromEntries(Object.entries(packages).filter(([, v]) => typeof v === 'string')) as PackageNames;
  await Run.update({ inputSummary: { ...run.inputSummary, packages: names } }, { where: { id: run.id } });
  await Project.update({ packagesInUse: names }, { where: { id: run.projectId, packagesInUse: null } });
}
