import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import type { ApiModel } from '../generators/model/types.ts';
import { bundleEntry } from './bundle-entry.ts';
import { readTree, type ToolCheck } from './check-with-tool.ts';
import type { ArtifactKind } from '../../shared/enums.ts';
import type { GeneratedFile, StepOutcome } from './step.ts';
import { packageOutcome, type Resolution, tscBuild } from './tsc-check.ts';
import { typeScriptSdkFiles } from './sdk-files.ts';

/** The TypeScript SDK of a model, emitted and compiled once (`tsc --strict`, which writes `dist/`). */
export interface TypeScriptSdkBuild {
  files: GeneratedFile[];
  check: ToolCheck & { built?: GeneratedFile[] };
}

/** One build per API model in this process: the typescript_sdk, cli and mcp_server steps of a run share it. */
const builds = new WeakMap<ApiModel, Promise<TypeScriptSdkBuild>>();

/**
 * The TypeScript SDK of `model`, compiled once per run process. The CLI and the MCP server carry
 * this SDK in their packages (`src/sdk/`); they compile their own code against its declarations
 * (`packageOnSdk`) instead of compiling the SDK again.
 */
export function buildTypeScriptSdk(model: ApiModel, signal: AbortSignal): Promise<TypeScriptSdkBuild> {
  let build = builds.get(model);
  if (!build) {
    build = (async () => {
      const files = typeScriptSdkFiles(model);
      signal.throwIfAborted();
      return { files, check: await tscBuild(files, signal, [], undefined, 'typescript_sdk') };
    })();
    builds.set(model, build);
  }
  return build;
}

const SDK_DIR = 'src/sdk/';

/**
 * Compiles a package that carries the TypeScript SDK under `src/sdk/` (the CLI, the MCP server)
 * against the SDK's build instead of its sources: in the checked tree each `src/sdk/<f>.ts` is the
 * declaration file `<f>.d.ts` that the SDK's own strict compile wrote, so tsc type-checks the
 * package's code against exactly the SDK's types and emits only the package's own files; the
 * SDK's `dist/` is then placed at `dist/sdk/` (its source maps pointed at `src/sdk/`), byte for
 * byte what compiling the SDK sources again inside the package writes (tests/workers/
 * typescript-sdk-once.test.ts compares the two). Undefined when that does not hold for this
 * package: its `src/sdk/` is not the SDK the build compiled, or the SDK did not compile; the
 * caller then compiles the whole package.
 */
export async function packageOnSdk(
  files: readonly GeneratedFile[],
  sdk: TypeScriptSdkBuild,
  signal: AbortSignal,
  resolutions: readonly Resolution[],
  bundle: string | undefined,
  label: string,
): Promise<(ToolCheck & { built?: GeneratedFile[] }) | undefined> {
  const built = sdk.check.ok ? sdk.check.built : undefined;
  if (!built) return undefined;
  const sdkSources = new Map(sdk.files.filter((f) => f.path.startsWith('src/')).map((f) => [f.path.slice(4), f]));
  const carried = files.filter((f) => f.path.startsWith(SDK_DIR));
  if (carried.length !== sdkSources.size) return undefined;
  for (const file of carried) {
    const rel = file.path.slice(SDK_DIR.length);
    const source = sdkSources.get(rel);
    if (!rel.endsWith('.ts') || rel.endsWith('.d.ts') || !source || !sameContent(source.content, file.content))
      return undefined;
  }
  const declarations = new Map(built.filter((f) => f.path.endsWith('.d.ts')).map((f) => [f.path, f]));
  const tree: GeneratedFile[] = files.filter((f) => !f.path.startsWith(SDK_DIR));
  for (const file of carried) {
    const rel = file.path.slice(SDK_DIR.length, -'.ts'.length);
    const declaration = declarations.get(`dist/${rel}.d.ts`);
    if (!declaration) return undefined;
    tree.push({ path: `${SDK_DIR}${rel}.d.ts`, content: declaration.content });
  }
  const sdkDist = built.map((f) => ({ path: `dist/sdk/${f.path.slice('dist/'.length)}`, content: rebaseMap(f) }));
  return await tscBuild(tree, signal, resolutions, undefined, label, async (root) => {
    for (const file of sdkDist) {
      const target = join(root, file.path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    if (bundle) await bundleEntry(root, bundle);
    return await readTree(root, 'dist');
  });
}

function sameContent(a: string | Uint8Array, b: string | Uint8Array): boolean {
  return Buffer.from(a).equals(Buffer.from(b));
}

/**
 * A source map of the SDK's `dist/<f>.js.map` as it reads at `dist/sdk/<f>.js.map`: its sources
 * point at `src/sdk/` instead of `src/`. Only the `"sources"` member changes; other files unchanged.
 */
function rebaseMap(file: GeneratedFile): string | Uint8Array {
  if (!file.path.endsWith('.map')) return file.content;
  const text = Buffer.from(file.content).toString('utf8');
  const map = JSON.parse(text) as { sources?: string[] };
  if (!Array.isArray(map.sources)) return file.content;
  const from = posix.dirname(file.path);
  const to = posix.dirname(`dist/sdk/${file.path.slice('dist/'.length)}`);
  const sources = map.sources.map((source) => {
    const resolved = posix.join(from, source);
    const moved = resolved.startsWith('src/') ? `${SDK_DIR}${resolved.slice(4)}` : resolved;
    return posix.relative(to, moved);
  });
  const old = `"sources":${JSON.stringify(map.sources)}`;
  if (!text.includes(old)) return file.content;
  return text.replace(old, `"sources":${JSON.stringify(sources)}`);
}

/**
 * A package that carries the model's TypeScript SDK (the CLI, the MCP server) as a step outcome:
 * compiled against the SDK's one build when that holds (packageOnSdk), else compiled whole. Either
 * way every file of it has passed `tsc --strict` and `dist/` holds the same bytes.
 */
export async function sdkPackageOutcome(
  kind: ArtifactKind,
  name: string,
  files: GeneratedFile[],
  model: ApiModel,
  signal: AbortSignal,
  resolutions: readonly Resolution[] = [],
  bundle?: string,
): Promise<StepOutcome> {
  const { check } = await buildSdkPackage(kind, () => files, model, signal, resolutions, bundle);
  return packageOutcome(kind, name, files, check);
}

/** Package builds per API model and artifact kind in this process: a step and wire_tests share one. */
const packageBuilds = new WeakMap<ApiModel, Map<string, Promise<TypeScriptSdkBuild>>>();

/**
 * A package carrying the model's TypeScript SDK (the CLI, the MCP server), emitted by `emit` and
 * compiled once per run process (packageOnSdk, else whole): the cli step checks it, and wire_tests
 * runs its built `dist/` against the mock.
 */
export function buildSdkPackage(
  kind: ArtifactKind,
  emit: () => GeneratedFile[],
  model: ApiModel,
  signal: AbortSignal,
  resolutions: readonly Resolution[] = [],
  bundle?: string,
): Promise<TypeScriptSdkBuild> {
  let byKind = packageBuilds.get(model);
  if (!byKind) packageBuilds.set(model, (byKind = new Map()));
  let build = byKind.get(kind);
  if (!build) {
    build = (async () => {
      const files = emit();
      const sdk = await buildTypeScriptSdk(model, signal);
      signal.throwIfAborted();
      const check =
        (await packageOnSdk(files, sdk, signal, resolutions, bundle, kind)) ??
        (await tscBuild(files, signal, resolutions, bundle, kind));
      return { files, check };
    })();
    byKind.set(kind, build);
  }
  return build;
}
