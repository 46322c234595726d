// Golden files and pure-function properties of the CLI generator (workers/generators/cli).
// UPDATE_GOLDEN=1 rewrites tests/fixtures/cli/golden/. The golden files are the per-API part
// (command table, entry point, package.json, tsconfig.json, README); the SDK and the runtime
// bundle are checked to be the SDK generator's output and the bundle verbatim.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CLI_BUNDLE_DIR, emitCli, resolveCliOptions } from '../../../../workers/generators/cli/index.ts';
import { binaryName } from '../../../../workers/generators/cli/options.ts';
import { clientNamingDefaults } from '../../../../workers/generators/model/client-naming-defaults.ts';
import { editDistance, suggest } from '../../../../workers/generators/cli/bundle/suggest.ts';
import { safeText } from '../../../../workers/generators/cli/bundle/sanitize.ts';
import { toTable, toYaml } from '../../../../workers/generators/cli/bundle/format.ts';
import { emitTypeScriptSdk, resolveOptions } from '../../../../workers/generators/typescript/index.ts';
import { parse as parseYaml } from 'yaml';
import { expectGoldenFiles } from '../../../setup/golden.ts';
import { CLI_FIXTURE_FILES, CLI_FIXTURES, cliFixtureModel } from './helpers.ts';

const GOLDEN = join(CLI_FIXTURES, 'golden');
const perApi = (path: string): boolean => !path.startsWith('src/sdk/') && !path.startsWith('src/cli/');

describe('emitCli golden files', () => {
  for (const name of Object.keys(CLI_FIXTURE_FILES)) {
    it(`${name} matches its golden files`, async () => {
      const files = emitCli(await cliFixtureModel(name)).filter((f) => perApi(f.path));
      const dir = join(GOLDEN, name);
      expectGoldenFiles(dir, files);
    });
  }
});

describe('emitCli', () => {
  it('is deterministic and sorted', async () => {
    const model = await cliFixtureModel('pets');
    const files = emitCli(model);
    expect(emitCli(structuredClone(model))).toEqual(files);
    expect(files.map((f) => f.path)).toEqual(files.map((f) => f.path).sort());
  });

  it('contains the TypeScript SDK under src/sdk and the runtime bundle verbatim under src/cli', async () => {
    const model = await cliFixtureModel('pets');
    const files = emitCli(model);
    const sdk = emitTypeScriptSdk(model).filter((f) => f.path.startsWith('src/'));
    for (const file of sdk)
      expect(files.find((f) => f.path === `src/sdk/${file.path.slice(4)}`)?.content, file.path).toBe(file.content);
    expect(files.filter((f) => f.path.startsWith('src/sdk/')).length).toBe(sdk.length);
    const bundle = readdirSync(CLI_BUNDLE_DIR)
      .filter((n) => n.endsWith('.ts'))
      .sort();
    expect(files.filter((f) => f.path.startsWith('src/cli/')).map((f) => f.path)).toEqual(
      bundle.map((n) => `src/cli/${n}`),
    );
    for (const name of bundle)
      expect(files.find((f) => f.path === `src/cli/${name}`)?.content).toBe(
        readFileSync(join(CLI_BUNDLE_DIR, name), 'utf8'),
      );
  });

  it('writes a package.json with a bin, engines ^20.19.0 || >=22.12.0 (require(esm)) and zero runtime dependencies', async () => {
    const files = emitCli(await cliFixtureModel('pets'), { version: '3.4.5' });
    const pkg = JSON.parse(files.find((f) => f.path === 'package.json')?.content ?? '{}') as Record<string, unknown>;
    expect(pkg).toMatchObject({
      name: 'shelter-cli',
      version: '3.4.5',
      type: 'module',
      bin: { shelter: './dist/main.js' },
      engines: { node: '^20.19.0 || >=22.12.0' },
      dependencies: {},
    });
    const tsconfig = JSON.parse(files.find((f) => f.path === 'tsconfig.json')?.content ?? '{}') as {
      compilerOptions: Record<string, unknown>;
    };
    expect(tsconfig.compilerOptions).toMatchObject({ strict: true, rootDir: 'src', outDir: 'dist', types: ['node'] });
    expect(files.find((f) => f.path === 'src/main.ts')?.content.startsWith('#!/usr/bin/env node\n')).toBe(true);
    // Nothing in the runtime imports a package: only node: built-ins and relative modules.
    for (const file of files.filter((f) => f.path.endsWith('.ts'))) {
      for (const match of file.content.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm))
        expect(match[1], file.path).toMatch(/^(\.{1,2}\/|node:)/);
    }
  });

  it('takes the binary name from the config, else the client name, and sanitises it', async () => {
    const model = await cliFixtureModel('pets');
    const sdk = resolveOptions(model);
    expect(resolveCliOptions(model, sdk).binaryName).toBe('shelter');
    expect(resolveCliOptions(model, sdk, { binaryName: 'pets-tool', packageName: '@acme/pets' })).toEqual({
      binaryName: 'pets-tool',
      packageName: '@acme/pets',
      version: '2.1.0',
    });
    expect(
      resolveCliOptions({ ...model, client: { ...model.client, packages: { ...model.client.packages, cli: '' } } }, sdk)
        .binaryName,
    ).toBe('shelter');
    expect(binaryName('rm -rf /; $(x)', 'Fallback')).toBe('rm-rf-x');
    expect(binaryName('..', 'My Client')).toBe('my-client');
    expect(binaryName(undefined, '名前')).toMatch(/^[a-z0-9][a-z0-9._-]*$/);
    // A name derived from the title never shadows a command the shell has; a chosen one is kept.
    expect(binaryName(undefined, 'Groups')).toBe('groups-cli');
    expect(binaryName('groups', 'Fallback')).toBe('groups');
    expect(clientNamingDefaults('Groups API').cli).toBe('groups-cli');
    expect(clientNamingDefaults('Test').cli).toBe('test-cli');
    expect(clientNamingDefaults('Swagger Petstore').cli).toBe('swagger-petstore');
    expect(() => resolveCliOptions(model, sdk, { version: 'latest' })).toThrow(/semver/);
  });

  it('plans flags: kebab-case, typed, required, never a global flag, collisions renamed', async () => {
    const content = emitCli(await cliFixtureModel('pets')).find((f) => f.path === 'src/commands.ts')?.content ?? '';
    expect(content).toContain('{ name: "pet-id", key: "petId", in: "path", type: "string", required: true');
    expect(content).toContain('{ name: "query-format", key: "format", in: "query", type: "string"');
    expect(content).toContain(
      '{ name: "limit", key: "limit", in: "query", type: "integer", description: "Page size.", defaultText: "20" }',
    );
    expect(content).toContain(
      '{ name: "species", key: "species", in: "body", type: "string", required: true, choices: ["cat", "dog", "rabbit"] }',
    );
    expect(content).toContain('{ name: "tags", key: "tags", in: "body", type: "string", multiple: true }');
    expect(content).toContain('{ name: "file", key: "file", in: "body", type: "file", required: true }');
    expect(content).toContain('{ name: "user-id", key: "user_id", in: "query"');
    expect(content).toContain('{ name: "header-user-id", key: "userId", in: "header"');
    expect(content).not.toMatch(/name: "id", key: "id", in: "body"/); // readOnly fields are not flags
    expect(content).toContain('body: { mode: "whole", key: "body", kind: "json", required: true }');
    expect(content).toContain(
      'call: (client: Shelter, path: readonly unknown[], params: Record<string, unknown>): unknown => client.pets.notes.replace(path[0] as never, params as never)',
    );
  });

  it('keeps every hostile string inside a printed literal: the command table is data plus SDK calls', async () => {
    const files = emitCli(await cliFixtureModel('hostile'));
    const commands = files.find((f) => f.path === 'src/commands.ts')?.content ?? '';
    expect(commands).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\uffff]/); // ASCII only, no raw control characters
    const source = ts.createSourceFile('commands.ts', commands, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    expect(source.statements.map((s) => [ts.isImportDeclaration(s), ts.isVariableStatement(s)])).toEqual([
      [true, false],
      [true, false],
      [false, true],
    ]);
    const calls: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) calls.push(node.expression.getText(source));
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const call of calls) expect(call).toMatch(/^(client(\.[A-Za-z_$][\w$]*)+|[A-Z][\w$]*)$/);
    // Every description string survives as a literal value, byte for byte.
    const literals = new Set<string>();
    const collect = (node: ts.Node): void => {
      if (ts.isStringLiteral(node)) literals.add(node.text);
      ts.forEachChild(node, collect);
    };
    collect(source);
    const spec = JSON.parse(readFileSync(join(CLI_FIXTURES, 'hostile.openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const description = spec.paths['/items/{id`$(reboot)`;x}']?.get?.description as string;
    expect(description).toMatch(/\u001b/);
    expect(literals.has(description)).toBe(true);
    // The README escapes markdown and HTML, and its commands hold no shell syntax from the spec.
    const readme = files.find((f) => f.path === 'README.md')?.content ?? '';
    expect(readme).not.toMatch(/<script|[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    for (const block of readme.matchAll(/```sh\n([\s\S]*?)```/g))
      expect(block[1]).not.toMatch(/\$\(|`|;|\|\||&&(?! npm)/);
  });
});

describe('runtime helpers (bundle/)', () => {
  it('suggests near misses by edit distance', () => {
    expect(editDistance('retreive', 'retrieve')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(suggest('retreive', ['retrieve', 'list', 'create'])).toEqual(['retrieve']);
    expect(suggest('lsit', ['list', 'delete'])).toEqual(['list']);
    expect(suggest('zzzzzz', ['list', 'delete'])).toEqual([]);
  });

  it('neutralises terminal control characters', () => {
    expect(safeText('a\u001b[2Jb\rc\u0007d\u009be\u202ef\u2028g\nh\ti')).toBe(
      'a\\x1b[2Jb\\x0dc\\x07d\\x9be\\u202ef\\u2028g\nh\ti',
    );
  });

  it('prints YAML that parses back to the same value, and tables', () => {
    const value = {
      run: {
        id: 'run_1',
        status: 'complete',
        'odd key': 'yes',
        n: 1.5,
        none: null,
        empty: [],
        nested: { deep: [1, { a: 'x: y' }, []] },
      },
      list: ['- dash', '#hash', '', 'true', '007', 'multi\nline', '\u001b[2J'],
    };
    expect(parseYaml(toYaml(value))).toEqual(value);
    expect(parseYaml(toYaml([]))).toEqual([]);
    const table = toTable({
      runs: [
        { id: 'a', status: 'ok' },
        { id: 'b', status: '\u001b[31mred' },
      ],
      nextCursor: null,
    });
    expect(table.split('\n')[0]).toMatch(/^ID\s+STATUS$/);
    expect(table).toContain('\\x1b[31mred');
    expect(toTable({ run: { id: 'r1', status: 'complete' } })).toMatch(
      /KEY\s+VALUE\n-+\s+-+\nrun\.id\s+r1\nrun\.status\s+complete\n/,
    );
  });
});

describe('binary name from the flagship config', () => {
  it('binary_name names the CLI binary (over packages.cli)', async () => {
    const { analyzeSpec } = await import('../../../../workers/generators/analyze.ts');
    const { emitCli } = await import('../../../../workers/generators/cli/index.ts');
    const spec =
      'openapi: 3.0.3\ninfo: {title: Pets, version: 1.0.0}\nservers: [{url: https://api.example.com}]\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses: {"200": {description: ok}}\n';
    const config =
      'binary_name: petctl\npackages:\n  cli: pets-cli-package\nresources:\n  pets:\n    methods:\n      list: get /pets\n';
    const result = await analyzeSpec({ openapiText: spec, configText: config, mode: 'flagship' });
    expect(result.diagnostics.filter((d) => d.ruleId === 'config/unknown-key')).toEqual([]);
    const pkg = JSON.parse(String(emitCli(result.model!).find((f) => f.path === 'package.json')!.content)) as {
      bin: Record<string, string>;
    };
    expect(Object.keys(pkg.bin)).toEqual(['petctl']);
  });
});
