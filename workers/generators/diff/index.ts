// The compatibility diff (`compat_diff` step): the surface of the SDK a customer ships today
// against the SDK we generate, and, when there is an earlier run, description against description.
// Pure functions apart from `extractPythonSurface` and `extractGoSurface`, which run python3 and a
// go/parser program of ours (parse only) in a subprocess.

export type * from './types.ts';
export { extractTypeScriptSurface, type TypeScriptSurfaceOptions } from './sdk/ts-surface.ts';
export { extractPythonSurface, PY_SURFACE_SCRIPT, type PythonSurfaceOptions } from './sdk/py-surface.ts';
export { extractGoSurface, GO_SURFACE_DIR, type GoSurfaceOptions } from './sdk/go-surface.ts';
export { splitConcatenatedFiles } from './sdk/split-files.ts';
export { diffSdkSurface, migrationRisk } from './sdk/sdk-diff.ts';
export { diffDescriptions, diffModels, type DiffOptions } from './description/diff-descriptions.ts';
export { renderCompatMarkdown } from './render-markdown.ts';
