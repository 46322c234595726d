// The hostile-description corpus (tests/fixtures/hostile/cases.ts) through the MCP server
// generator: every case with a model gives a package without a crash or a hang, with paths inside
// the package; all packages compile under --strict in ONE native tsc run; no description text is
// TypeScript code (no canary identifier outside strings and comments); and every server, started
// with node, lists its tools over stdio to an MCP SDK client (names `[a-z0-9_]`, argument names
// `[A-Za-z0-9_.-]`, input schemas valid JSON Schema 2020-12) without running description text (the
// canary file is never created, the server writes nothing but MCP to stdout).

import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_FILE, HOSTILE_CASES } from '../fixtures/hostile/cases.ts';
import { cliCheckOptions, REPO_ROOT, runTscNative } from '../workers/generators/cli/helpers.ts';
import { connectStdio, schemaProblems } from '../workers/generators/mcp/helpers.ts';
import { generateAll, treeProblems, tsCanaryHits, type CaseResult, type GeneratedFile } from './hostile-pipeline.ts';

const PER_CASE_MS = 20_000;

let results: CaseResult[] = [];
const root = mkdtempSync(join(tmpdir(), 'hostile-mcp-'));
let compiled: string[] = [];

const generated = (): [string, GeneratedFile[]][] =>
  results.flatMap((r) => (r.files.mcp !== undefined ? [[r.name, r.files.mcp] as [string, GeneratedFile[]]] : []));

beforeAll(async () => {
  rmSync(CANARY_FILE, { force: true });
  results = await generateAll(['mcp'], PER_CASE_MS);
}, 900_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the hostile corpus through the MCP server generator', () => {
  it('every case with a model gives a package, in bounded time, without a crash, paths inside the package', () => {
    const failures: string[] = [];
    for (const c of HOSTILE_CASES) {
      const r = results.find((x) => x.name === c.name);
      if (r === undefined) failures.push(`${c.name}: no result`);
      else if (r.hung)
        failures.push(`${c.name}: did not finish within ${PER_CASE_MS} ms (stopped in ${r.hungIn ?? '?'})`);
      else {
        for (const [phase, error] of Object.entries(r.crashes)) failures.push(`${c.name}: ${phase} crashed: ${error}`);
        if (c.model && r.files.mcp === undefined) failures.push(`${c.name}: no mcp output`);
        for (const p of treeProblems(r.files.mcp ?? [])) failures.push(`${c.name}: ${p}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never turns description text into TypeScript code: no canary identifier outside strings and comments', () => {
    const hits: string[] = [];
    for (const [name, files] of generated())
      for (const file of files) {
        // The bundled runtimes are copied verbatim (asserted by the generator suites), not generated.
        if (!file.path.endsWith('.ts') || /\/(core|mcp)\//.test(file.path)) continue;
        hits.push(...tsCanaryHits(`${name}/mcp/${file.path}`, file.content));
      }
    expect(hits).toEqual([]);
  });

  it('every package compiles under --strict (ONE tsc run), and every server lists valid tools over stdio, running nothing from the description', async () => {
    const dir = join(root, 'mcp');
    mkdirSync(dir, { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const names: string[] = [];
    for (const [name, files] of generated()) {
      if (treeProblems(files).length > 0) continue;
      for (const file of files) {
        const target = join(dir, name, file.path);
        mkdirSync(join(target, '..'), { recursive: true });
        writeFileSync(target, file.content);
      }
      names.push(name);
    }
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: cliCheckOptions({ rootDir: '.', outDir: 'out', declaration: false, sourceMap: false }),
        include: names.map((n) => `${n}/src/**/*.ts`),
      }),
    );
    const result = await runTscNative(join(dir, 'tsconfig.json'), 300_000);
    const errors = result.output.split('\n').filter((l) => /error TS\d+/.test(l));
    expect(errors.slice(0, 20)).toEqual([]);
    expect(result.code).toBe(0);
    compiled = names;
    expect(compiled.length).toBeGreaterThan(20);

    const failures: string[] = [];
    let tools = 0;
    for (const name of compiled) {
      try {
        const connected = await connectStdio(join(dir, 'out', name, 'src', 'main.js'), ['--tools', 'static'], {}, dir);
        try {
          for (const tool of (await connected.client.listTools()).tools) {
            tools += 1;
            if (!/^[a-z0-9_]{1,64}$/.test(tool.name)) failures.push(`${name}: tool name ${JSON.stringify(tool.name)}`);
            for (const arg of Object.keys(tool.inputSchema.properties ?? {}))
              if (!/^[A-Za-z0-9_.-]{1,64}$/.test(arg))
                failures.push(`${name}: ${tool.name}: argument ${JSON.stringify(arg)}`);
            for (const problem of schemaProblems(tool.inputSchema, false))
              failures.push(`${name}: ${tool.name}: ${problem}`);
          }
        } finally {
          await connected.close();
        }
        if (connected.stderr() !== '')
          failures.push(`${name}: stderr ${JSON.stringify(connected.stderr().slice(0, 200))}`);
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message.slice(0, 300)}`);
      }
    }
    console.log(`hostile corpus: ${compiled.length} MCP servers listed ${tools} tools`);
    expect(failures).toEqual([]);
    expect(existsSync(CANARY_FILE)).toBe(false);
  }, 600_000);
});
