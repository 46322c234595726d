// The compatibility diff (`compat_diff` step): the surface of the SDK a customer ships today
// against the SDK we generate, and, when there is an earlier run, description against description.
// Pure functions apart from `extractPythonSurface`, which runs python3 (parse only) in a subprocess.

export type * from './types.ts';
export { extractTypeScriptSurface, type TypeScriptSurfaceOptions } from './sdk/ts-surface.ts';
export { extractPythonSurface, PY_SURFACE_SCRIPT, type PythonSurfaceOptions } from './sdk/py-surface.ts';
export { splitConcatenatedFiles } from './sdk/split-files.ts';
export { diffSdkSurface, migrationRisk } from './sdk/sdk-diff.ts';
export { diffDescriptions, diffModels, type DiffOptions } from './description/diff-descriptions.ts';
export { renderCompatMarkdown } from './render-markdown.ts';
