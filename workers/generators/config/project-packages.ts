// A project's package names over a run's config (docs/web-app.md: Project settings). Three layers:
// the project's settings override whatever the config says (flagship or partner `stainless.yml`);
// the config's own names come next; the names the project's first run generated with
// (`inUse`) fill what neither names, so a description whose title changed keeps its packages.

import type { GeneratorConfig } from '../model/generator-config.ts';

export interface ProjectPackages {
  /** Set in the project's settings: they win. */
  overrides?: { typescript?: string; python?: string; go?: string; mcp?: string };
  /** What the project's runs have generated with so far: used where nothing names a package. */
  inUse?: { typescript?: string; python?: string; pythonModule?: string; go?: string; mcp?: string; cli?: string };
}

/** The config with the project's package names applied; `config` is not changed. */
export function applyProjectPackages(config: GeneratorConfig, project: ProjectPackages | undefined): GeneratorConfig {
  if (!project) return config;
  const packages = { ...config.packages };
  const inUse = project.inUse ?? {};
  // A starter config's names are the title's defaults, not a choice: the names in use replace them.
  const derived = config.kind === 'derived';
  for (const key of ['typescript', 'go', 'mcp', 'cli'] as const) {
    const kept = inUse[key];
    if ((derived || packages[key] === undefined) && kept !== undefined) packages[key] = kept;
  }
  // The import name follows the distribution's: kept only when the config names neither.
  if (derived || (packages.python === undefined && packages.pythonModule === undefined)) {
    if (inUse.python !== undefined) packages.python = inUse.python;
    if (inUse.pythonModule !== undefined) packages.pythonModule = inUse.pythonModule;
  }
  const overrides = project.overrides ?? {};
  if (overrides.typescript !== undefined) packages.typescript = overrides.typescript;
  if (overrides.go !== undefined) packages.go = overrides.go;
  if (overrides.mcp !== undefined) packages.mcp = overrides.mcp;
  if (overrides.python !== undefined && overrides.python !== packages.python) {
    packages.python = overrides.python;
    delete packages.pythonModule;
  }
  return { ...config, packages };
}
