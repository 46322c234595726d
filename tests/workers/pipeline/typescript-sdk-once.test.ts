// One compile of the TypeScript SDK per run (workers/pipeline/typescript-sdk-build.ts): the CLI and
// the MCP server compile their own code against the SDK's declarations instead of compiling the
// SDK's sources again. What they ship must not change for it: dist/ is compared byte for byte with
// a compile of the whole package, as before. The package's own code is still checked strictly (a
// type error in it fails), and a package whose src/sdk/ is not the SDK that was built is compiled
// whole.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../workers/generators/analyze.ts';
import { emitCli } from '../../../workers/generators/cli/index.ts';
import { emitMcpServer } from '../../../workers/generators/mcp/index.ts';
import type { GeneratedFile } from '../../../workers/pipeline/step.ts';
import { MCP_SDK_RESOLUTION, tscBuild } from '../../../workers/pipeline/tsc-check.ts';
import { buildTypeScriptSdk, packageOnSdk } from '../../../workers/pipeline/typescript-sdk-build.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'cli');

function byPath(files: readonly GeneratedFile[] | undefined): Map<string, string> {
  return new Map((files ?? []).map((f) => [f.path, Buffer.from(f.content).toString('base64')]));
}

describe('the TypeScript SDK compiled once per run', () => {
  it('the CLI and the MCP server built on the SDK build ship the same dist/ bytes as a whole compile', async () => {
    const signal = new AbortController().signal;
    const { model } = await analyzeSpec({
      openapiText: readFileSync(join(FIXTURES, 'pets.openapi.yaml'), 'utf8'),
      configText: readFileSync(join(FIXTURES, 'pets.config.yaml'), 'utf8'),
      mode: 'flagship',
    });
    const sdk = await buildTypeScriptSdk(model!, signal);
    expect(sdk.check.ok, sdk.check.problems.join('\n')).toBe(true);
    expect(buildTypeScriptSdk(model!, signal)).toBe(buildTypeScriptSdk(model!, signal));

    const cli = emitCli(model!);
    const mcp = emitMcpServer(model!);
    const [cliWhole, cliOnSdk, mcpWhole, mcpOnSdk] = await Promise.all([
      tscBuild(cli, signal, [], undefined, 'cli'),
      packageOnSdk(cli, sdk, signal, [], undefined, 'cli'),
      tscBuild(mcp, signal, [MCP_SDK_RESOLUTION], 'dist/main.js', 'mcp_server'),
      packageOnSdk(mcp, sdk, signal, [MCP_SDK_RESOLUTION], 'dist/main.js', 'mcp_server'),
    ]);
    for (const [name, whole, onSdk] of [
      ['cli', cliWhole, cliOnSdk],
      ['mcp_server', mcpWhole, mcpOnSdk],
    ] as const) {
      expect(whole.ok, `${name}: ${whole.problems.join('\n')}`).toBe(true);
      expect(onSdk?.ok, `${name}: ${onSdk?.problems.join('\n')}`).toBe(true);
      const a = byPath(whole.built);
      const b = byPath(onSdk?.built);
      expect([...b.keys()].sort(), name).toEqual([...a.keys()].sort());
      expect(
        [...a].filter(([path, content]) => b.get(path) !== content).map(([path]) => path),
        name,
      ).toEqual([]);
      expect([...a.keys()].some((p) => p.startsWith('dist/sdk/') && p.endsWith('.js.map'))).toBe(true);
    }

    // The package's own code is checked: a type error in it fails the compile.
    const broken = cli.map((f) =>
      f.path === 'src/commands.ts'
        ? { ...f, content: `${String(f.content)}\nexport const broken: number = 'x';\n` }
        : f,
    );
    const failed = await packageOnSdk(broken, sdk, signal, [], undefined, 'cli');
    expect(failed?.ok).toBe(false);
    expect(failed?.problems.join('\n')).toMatch(/src\/commands\.ts.*error TS2322/);

    // A package whose src/sdk/ differs from the SDK that was built is not compiled against it.
    const other = cli.map((f) =>
      f.path === 'src/sdk/index.ts' ? { ...f, content: `${String(f.content)}\n// changed\n` } : f,
    );
    expect(await packageOnSdk(other, sdk, signal, [], undefined, 'cli')).toBeUndefined();
  }, 180_000);
});
