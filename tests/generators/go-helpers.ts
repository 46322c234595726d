// Shared by the Go SDK generator tests: fixture models (the Python generator's fixtures), writing
// modules, and checking many modules with ONE run of each Go tool (a `go.work` over them all).

import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { GeneratedFile } from '../../workers/generators/core/files.ts';
import { findGoToolchain, goEnv, type GoToolchain } from '../../workers/pipeline/go-tools.ts';

export { FIXTURE_FILES, fixtureModel } from './python-helpers.ts';

const found = findGoToolchain();
/** The Go tools, when all are installed (go, gofmt, the pinned staticcheck). */
export const GO_TOOLS: GoToolchain | undefined = found.tools;
export const GO_MISSING = found.missing;

export function writeModule(dir: string, files: readonly GeneratedFile[]): void {
  for (const file of files) {
    const target = join(dir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
}

export interface ToolOutput {
  code: number;
  output: string;
}

export async function runTool(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = goEnv(),
  timeoutMs = 600_000,
): Promise<ToolOutput> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      cwd,
      env,
      timeout: timeoutMs,
      maxBuffer: 256 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string; message?: string };
    return {
      code: typeof e.code === 'number' ? e.code : -1,
      output: `${e.stdout ?? ''}${e.stderr ?? ''}${e.message ?? ''}`,
    };
  }
}

/**
 * Writes each module to `<root>/<name>/` and a `go.work` using them all, then runs gofmt -l,
 * go vet and staticcheck (one run each, over every module) and optionally go test.
 * Returns each tool's findings (empty when it passed).
 */
export async function checkModules(
  root: string,
  modules: ReadonlyMap<string, readonly GeneratedFile[]>,
  options: { test?: boolean } = {},
): Promise<Record<string, string>> {
  const tools = GO_TOOLS as GoToolchain;
  // Module paths must be unique in a workspace: each module gets its own (`m<i>.test/sdk`).
  let index = 0;
  for (const [name, files] of modules) {
    const old = /^module (\S+)$/m.exec(files.find((f) => f.path === 'go.mod')?.content ?? '')?.[1];
    const fresh = `m${index++}.test/sdk`;
    const renamed =
      old === undefined
        ? files
        : files.map((f) => ({
            path: f.path,
            content: f.content
              .replaceAll(`"${old}/`, `"${fresh}/`)
              .replaceAll(`"${old}"`, `"${fresh}"`)
              .replace(`module ${old}\n`, `module ${fresh}\n`),
          }));
    writeModule(join(root, name), renamed);
  }
  const uses = [...modules.keys()].map((name) => `\t./${name}\n`).join('');
  writeFileSync(join(root, 'go.work'), `go 1.23\n\nuse (\n${uses})\n`);
  const env = goEnv({ GOWORK: join(root, 'go.work') });
  const patterns = [...modules.keys()].map((name) => `./${name}/...`);
  const findings: Record<string, string> = {};
  const gofmt = await runTool(tools.gofmt, ['-l', ...modules.keys()], root, env);
  if (gofmt.code !== 0 || gofmt.output.trim() !== '') findings.gofmt = gofmt.output.trim();
  // go vet type-checks every package and test file (go build would add only code generation).
  for (const [label, command, args] of [
    ['go vet', tools.go, ['vet', ...patterns]],
    ['staticcheck', tools.staticcheck, patterns],
    ...(options.test ? [['go test', tools.go, ['test', '-count=1', ...patterns]] as const] : []),
  ] as const) {
    const result = await runTool(command, [...args], root, env);
    if (result.code !== 0) findings[label] = result.output.trim().split('\n').slice(0, 40).join('\n');
  }
  return findings;
}
