import type { ApiModel } from '../generators/model/types.ts';
import { emitTypeScriptSdk } from '../generators/typescript/index.ts';
import type { ToolCheck } from './check-with-tool.ts';
import type { GeneratedFile } from './step.ts';
import { tscBuild } from './tsc-check.ts';

export interface TypeScriptBuild {
  files: GeneratedFile[];
  check: ToolCheck & { built?: GeneratedFile[] };
}

const builds = new WeakMap<ApiModel, Promise<TypeScriptBuild>>();

/**
 * The TypeScript SDK of a model, emitted and compiled once per run process: the typescript_sdk
 * step ships it and wire_tests runs its tests (its `dist/`), so the package is compiled once.
 */
export function typescriptBuild(model: ApiModel, signal: AbortSignal): Promise<TypeScriptBuild> {
  let build = builds.get(model);
  if (build === undefined) {
    const files = emitTypeScriptSdk(model);
    build = tscBuild(files, signal).then((check) => ({ files, check }));
    builds.set(model, build);
  }
  return build;
}
