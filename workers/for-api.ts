// What the API (server/) reads of the worker side: the one file of workers/ that server/ imports
// (.dependency-cruiser.cjs holds it to that). The rest of workers/ is the worker's own and may change
// without the API noticing.
import type { PipelineStep } from '../shared/enums.ts';
import { STEPS } from './pipeline/step-list.ts';

/** The files of a stored `.tar.gz` artifact (artifact browsing, docs previews, publishing checks). */
export { unpackArtifact } from './pipeline/unpack-artifact.ts';
/** Writing a file tree to a scratch folder and finding a tool on PATH (publishing's package checks). */
export { findExecutable, writeTree } from './pipeline/check-with-tool.ts';
export { pythonTools } from './pipeline/python-tools.ts';
/** Where custom code's npm packages come from (CUSTOM_CODE_NPM_REGISTRY, else npm's): the npm package check installs a package's carried dependencies from it. */
export { npmRegistry } from './pipeline/custom-code/npm-registry.ts';
/** The specifiers a dependency may be carried with (a registry range): the check installs nothing else. */
export { REGISTRY_RANGE } from './pipeline/custom-code/carry-dependencies.ts';
/** A Go module's publishing checks: moved to the path it is published as, built offline, its tag free on the remote. */
export { goModuleBuilds, goTagOnRemote, prepareGoModule } from './publishing/go-module.ts';
/** The JSON reports of the compat_diff step, as the API reads them back (publishing dry runs, versions). */
export type { CompatReport, SdkDiffReport } from './generators/diff/types.ts';

/** The docs site's Content-Security-Policy, with `connect-src` from the site's `connect-origins.json` (re-checked). */
export { docsSiteCsp } from './generators/docs/site-csp.ts';

/** The rule documentation pages (`/rules`, `/rules/<ruleId>`), linked from each diagnostic's `docsUrl`. */
export { rulePage, rulesIndexPage } from './generators/model/lint/rule-docs-page.ts';

/** The pipeline's steps in order, and whether each one's generator is in this build (the health answer). */
export function pipelineSteps(): Array<{ name: PipelineStep; built: boolean }> {
  return STEPS.map((step) => ({ name: step.name, built: step.built }));
}
