// Shared by the Go SDK generator tests: fixture models (the Python generator's fixtures), writing
// modules, and checking many modules with ONE run of each Go tool (a `go.work` over them all).

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { GeneratedFile } from '../../../../workers/generators/core/files.ts';
import { emitGoSdk } from '../../../../workers/generators/go/index.ts';
import type { ApiModel } from '../../../../workers/generators/model/types.ts';
import { bundleFiles } from '../../../../workers/generators/go/bundle-files.ts';
import { findGoToolchain, goEnv, type GoToolchain } from '../../../../workers/pipeline/go-tools.ts';
import { writeFiles as writeModule } from '../../../setup/golden.ts';

export { FIXTURE_FILES, fixtureModel } from '../python/helpers.ts';

const found = findGoToolchain();
/** The Go tools, when all are installed (go, gofmt, the pinned staticcheck). */
export const GO_TOOLS: GoToolchain | undefined = found.tools;
export const GO_MISSING = found.missing;

/** Writes a module's files under `dir`: the one writer, tests/setup/golden.ts's. */
export { writeModule };

export interface ToolOutput {
  code: number;
  output: string;
}

export async function runTool(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = goEnv(),
  timeoutMs = 1_200_000,
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

/** The parent module the checks put every generated module in, as one package tree each. */
const PARENT = 'corpus.test';

/**
 * The bundled `option/requestoption.go` (identical in every module, 224 lines) shared like the rest
 * of the runtime: compiled once as `internal/optioncore`, while each module's `option` package keeps
 * its generated options and gets, instead of its copy, one-line wrappers with the same signatures
 * (so its generated code is checked against the very same API).
 */
function sharedRequestOptions(runtime: readonly GeneratedFile[]): { core: GeneratedFile; wrappers: string } {
  const source = runtime.find((f) => f.path === 'option/requestoption.go')?.content;
  if (source === undefined) throw new Error('the Go runtime has no option/requestoption.go');
  const core = {
    path: 'internal/optioncore/requestoption.go',
    content: source.replace(/^package option$/m, 'package optioncore'),
  };
  const aliases = [...source.matchAll(/^type ([A-Z]\w*) = (requestconfig\.\w+)$/gm)].map(
    (m) => `type ${m[1]} = ${m[2]}`,
  );
  const funcs = [...source.matchAll(/^func (With\w+)\(([^)]*)\) RequestOption \{$/gm)].map((m) => {
    const [, name, params] = m as unknown as [string, string, string];
    const args = params
      .split(',')
      .map((segment) => segment.trim())
      .filter((segment) => segment !== '')
      .map((segment) => {
        const [argName, type] = segment.split(/\s+/, 2) as [string, string | undefined];
        return type?.startsWith('...') ? `${argName}...` : argName;
      });
    return `func ${name}(${params}) RequestOption {\n\treturn optioncore.${name}(${args.join(', ')})\n}`;
  });
  const body = [...aliases, ...funcs].join('\n\n');
  const imports = ['log', 'net/http', 'time']
    .filter((pkg) => new RegExp(`\\b${pkg.split('/').pop()}\\.`).test(body))
    .map((pkg) => `\t"${pkg}"`);
  const wrappers = `package option\n\nimport (\n${imports.join('\n')}\n\n\t"${PARENT}/internal/optioncore"\n\t"${PARENT}/internal/requestconfig"\n)\n\n${body}\n`;
  return { core, wrappers };
}

/**
 * Puts every module under ONE parent module (`corpus.test`), each as a package tree
 * `corpus.test/<name>` with its own root package and `option` package, sharing one copy of the
 * bundled runtime (`corpus.test/internal/...`, `corpus.test/packages/...`: the same files every
 * module carries, imports pointed at the parent), then runs gofmt -l, go vet and staticcheck once
 * each over all of it, and optionally go test. The runtime is compiled once instead of once per
 * module. Returns each tool's findings (empty when it passed).
 */
export async function checkModules(
  root: string,
  modules: ReadonlyMap<string, readonly GeneratedFile[]>,
  options: { test?: boolean } = {},
): Promise<Record<string, string>> {
  const tools = GO_TOOLS as GoToolchain;
  const runtime = bundleFiles(PARENT);
  // Each module keeps its own `option` package (its With... options are generated).
  const runtimePaths = new Set(runtime.map((f) => f.path).filter((p) => !p.startsWith('option/')));
  const shared = sharedRequestOptions(runtime);
  const bundledOptions = runtime.find((f) => f.path === 'option/requestoption.go')?.content;
  writeModule(root, [...runtime.filter((f) => !f.path.startsWith('option/')), shared.core]);
  writeFileSync(join(root, 'go.mod'), `module ${PARENT}\n\ngo 1.23\n`);
  for (const [name, files] of modules) {
    // gofmt reads the files as generated (rewritten import paths would sort differently); `_fmt`
    // is a folder the go command ignores.
    writeModule(join(root, '_fmt', name), files);
    const old = /^module (\S+)$/m.exec(files.find((f) => f.path === 'go.mod')?.content ?? '')?.[1] ?? '';
    const own = `${PARENT}/${name}`;
    // A module's copy must be the bundle's, or the wrappers would hide the difference.
    const sharedOptions = (copy: string): string => {
      if (copy !== bundledOptions) throw new Error(`${name}: option/requestoption.go is not the bundle's`);
      return shared.wrappers;
    };
    const rewrite = (content: string): string =>
      content
        .replaceAll(`"${old}/internal/`, `"${PARENT}/internal/`)
        .replaceAll(`"${old}/packages/`, `"${PARENT}/packages/`)
        .replaceAll(`"${old}/`, `"${own}/`)
        .replaceAll(`"${old}"`, `"${own}"`);
    const kept = files
      .filter((f) => f.path !== 'go.mod' && !runtimePaths.has(f.path))
      .map((f) => ({
        path: f.path,
        content:
          f.path === 'option/requestoption.go'
            ? sharedOptions(rewrite(f.content))
            : f.path.endsWith('.go')
              ? rewrite(f.content)
              : f.content,
      }));
    writeModule(join(root, name), kept);
  }
  const env = goEnv();
  const findings: Record<string, string> = {};
  const gofmt = await runTool(tools.gofmt, ['-l', '_fmt'], root, env);
  if (gofmt.code !== 0 || gofmt.output.trim() !== '') findings.gofmt = gofmt.output.trim();
  // go vet type-checks every package and test file (go build would add only code generation).
  for (const [label, command, args] of [
    ['go vet', tools.go, ['vet', './...']],
    ['staticcheck', tools.staticcheck, ['./...']],
    ...(options.test ? [['go test', tools.go, ['test', '-count=1', './...']] as const] : []),
  ] as const) {
    const result = await runTool(command, [...args], root, env);
    if (result.code !== 0) findings[label] = result.output.trim().split('\n').slice(0, 40).join('\n');
  }
  return findings;
}

/** A request the Go program sent to the recording server. */
export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  contentType: string;
  body: string;
}

/**
 * Writes the model's Go module with `program` as `cmd/check/main.go`, runs it (`go run`) with
 * BASE_URL pointing at a server on 127.0.0.1 that answers every request with `answer` as JSON, and
 * returns the program's output and the requests it sent, in order.
 */
export async function runAgainstRecorder(
  model: ApiModel,
  program: string,
  answer = '{"kind":"ok"}',
): Promise<{ result: ToolOutput; requests: RecordedRequest[] }> {
  const root = mkdtempSync(join(tmpdir(), 'go-recorder-'));
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    writeModule(root, emitGoSdk(model));
    mkdirSync(join(root, 'cmd/check'), { recursive: true });
    writeFileSync(join(root, 'cmd/check/main.go'), program);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await runTool((GO_TOOLS as GoToolchain).go, ['run', './cmd/check'], root, goEnv({ BASE_URL: base }));
    return { result, requests };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  }
}
