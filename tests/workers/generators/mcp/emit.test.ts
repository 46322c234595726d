// Golden files and pure-function properties of the MCP server generator (workers/generators/mcp)
// and of the JSON Schema conversion it uses (workers/generators/core/json-schema.ts).
// UPDATE_GOLDEN=1 rewrites tests/fixtures/mcp/golden/. The golden files are the per-API part (tool
// table, entry point, package.json, tsconfig.json, README); the SDK and the runtime bundle are
// checked to be the SDK generator's output and the bundle verbatim.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { jsonSchemaConverter, MAX_DEPTH } from '../../../../workers/generators/core/json-schema.ts';
import { DYNAMIC_THRESHOLD, emitMcpServer, MCP_BUNDLE_DIR } from '../../../../workers/generators/mcp/index.ts';
import { argName } from '../../../../workers/generators/mcp/plan.ts';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { expectGoldenFiles } from '../../../setup/golden.ts';
import { CLI_FIXTURE_FILES, cliFixtureModel, REPO_ROOT } from '../cli/helpers.ts';
import { schemaProblems } from './helpers.ts';

const GOLDEN = join(REPO_ROOT, 'tests/fixtures/mcp/golden');
const perApi = (path: string): boolean => !path.startsWith('src/sdk/') && !path.startsWith('src/mcp/');

type ToolData = { name: string; inputSchema: Record<string, unknown> };

/** The tool metadata a package's `src/tools.ts` holds (its one JSON string literal). */
function toolsOf(files: { path: string; content: string }[]): ToolData[] {
  const table = files.find((f) => f.path === 'src/tools.ts')?.content ?? '';
  const literal = /toolsJson: ("(?:[^"\\]|\\.)*")/.exec(table)?.[1];
  return JSON.parse(JSON.parse(literal ?? '"[]"') as string) as ToolData[];
}

async function model(openapi: Record<string, unknown>) {
  const result = await analyzeSpec({ openapiText: JSON.stringify(openapi), mode: 'flagship' });
  if (!result.model) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
  return result.model;
}

describe('emitMcpServer golden files', () => {
  for (const name of Object.keys(CLI_FIXTURE_FILES)) {
    it(`${name} matches its golden files`, async () => {
      const files = emitMcpServer(await cliFixtureModel(name)).filter((f) => perApi(f.path));
      const dir = join(GOLDEN, name);
      expectGoldenFiles(dir, files);
    });
  }
});

describe('emitMcpServer', () => {
  it('is deterministic, sorted, and holds the SDK and the runtime bundle verbatim', async () => {
    const pets = await cliFixtureModel('pets');
    const files = emitMcpServer(pets);
    expect(emitMcpServer(structuredClone(pets))).toEqual(files);
    expect(files.map((f) => f.path)).toEqual(files.map((f) => f.path).sort());
    const sdk = emitTypeScriptSdk(pets).filter((f) => f.path.startsWith('src/'));
    for (const file of sdk)
      expect(files.find((f) => f.path === `src/sdk/${file.path.slice(4)}`)?.content, file.path).toBe(file.content);
    for (const name of readdirSync(MCP_BUNDLE_DIR).filter((n) => n.endsWith('.ts')))
      expect(files.find((f) => f.path === `src/mcp/${name}`)?.content).toBe(
        readFileSync(join(MCP_BUNDLE_DIR, name), 'utf8'),
      );
  });

  it(`defaults to dynamic mode above ${DYNAMIC_THRESHOLD} operations; the option chooses`, async () => {
    const paths = (n: number): Record<string, unknown> =>
      Object.fromEntries(
        Array.from({ length: n }, (_, i) => [
          `/things${i}`,
          { get: { operationId: `getThing${i}`, responses: { '200': { description: 'ok' } } } },
        ]),
      );
    const mode = (files: { path: string; content: string }[]): string | undefined =>
      /defaultMode: "(\w+)"/.exec(files.find((f) => f.path === 'src/tools.ts')?.content ?? '')?.[1];
    const at = await model({
      openapi: '3.1.0',
      info: { title: 'T', version: '1.0.0' },
      paths: paths(DYNAMIC_THRESHOLD),
    });
    const above = await model({
      openapi: '3.1.0',
      info: { title: 'T', version: '1.0.0' },
      paths: paths(DYNAMIC_THRESHOLD + 1),
    });
    expect(toolsOf(emitMcpServer(at))).toHaveLength(DYNAMIC_THRESHOLD);
    expect(mode(emitMcpServer(at))).toBe('static');
    expect(mode(emitMcpServer(above))).toBe('dynamic');
    expect(mode(emitMcpServer(above, { mode: 'static' }))).toBe('static');
    expect(mode(emitMcpServer(at, { mode: 'dynamic' }))).toBe('dynamic');
    // The flagship config chooses too (`mcp: { tools }`); a bad value is a warning and is ignored.
    const configured = async (configText: string) =>
      analyzeSpec({
        openapiText: JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1.0.0' }, paths: paths(3) }),
        configText,
        mode: 'flagship',
      });
    const dynamic = await configured('client_name: T\nmcp: { tools: dynamic }\n');
    expect(mode(emitMcpServer(dynamic.model!))).toBe('dynamic');
    const bad = await configured('client_name: T\nmcp: { tools: sometimes }\n');
    expect(mode(emitMcpServer(bad.model!))).toBe('static');
    expect(bad.diagnostics).toContainEqual(
      expect.objectContaining({ ruleId: 'config/invalid', severity: 'warning', pointer: '/mcp/tools' }),
    );
  });

  it('bounds $ref cycles and depth; enums, nested objects and required fields become JSON Schema 2020-12', async () => {
    const m = await model({
      openapi: '3.1.0',
      info: { title: 'T', version: '1.0.0' },
      paths: {
        '/nodes/{id}': {
          put: {
            operationId: 'putNode',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      components: {
        schemas: {
          Node: {
            type: 'object',
            required: ['kind'],
            properties: {
              kind: { type: ['string', 'null'], enum: ['leaf', 'branch', null] },
              children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
              meta: { type: 'object', properties: { label: { type: 'string', pattern: '^[a-z]+$' } } },
              bad: { type: 'string', pattern: '(' },
            },
          },
        },
      },
    });
    const [tool] = toolsOf(emitMcpServer(m));
    expect(schemaProblems(tool?.inputSchema)).toEqual([]);
    expect(tool?.inputSchema).toMatchObject({
      type: 'object',
      required: ['id', 'kind'],
      additionalProperties: false,
      properties: {
        id: { type: 'integer', minimum: 1 },
        kind: { enum: ['leaf', 'branch', null] },
        meta: { type: 'object', properties: { label: { type: 'string', pattern: '^[a-z]+$' } } },
        bad: { type: 'string' },
        children: { type: 'array', items: { type: 'object', properties: { children: { type: 'array' } } } },
      },
    });
    // The cycle is cut where Node refers to itself: one expansion, then "any value".
    const inner = (tool!.inputSchema as { properties: { children: { items: { properties: { children: unknown } } } } })
      .properties.children.items.properties.children;
    expect(inner).toMatchObject({ type: 'array', items: { description: expect.stringContaining('recursive') } });
    expect(JSON.stringify(tool?.inputSchema)).not.toContain('$ref');

    // Depth: a chain of distinct named objects deeper than MAX_DEPTH ends in "any value".
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 20; i++)
      schemas[`L${i}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/L${i + 1}` } } };
    schemas.L20 = { type: 'string' };
    const deep = await model({
      openapi: '3.1.0',
      info: { title: 'T', version: '1.0.0' },
      paths: {},
      components: { schemas },
    });
    const converted = jsonSchemaConverter(deep)(deep.schemas.L0?.schema as never);
    let depth = 0;
    for (let node: unknown = converted; (node as { properties?: { next?: unknown } }).properties?.next; depth++)
      node = (node as { properties: { next: unknown } }).properties.next;
    expect(depth).toBeLessThanOrEqual(MAX_DEPTH);
    expect(schemaProblems(converted)).toEqual([]);
  });

  it('argument names keep wire names made of [A-Za-z0-9_.-] and replace other characters', () => {
    expect(argName('X-Request-Tag')).toBe('X-Request-Tag');
    expect(argName('page[size]')).toBe('page_size_');
    expect(argName('id`$(reboot)`;x')).toBe('id_reboot_x');
    expect(argName('"; process.exit(1); "')).toBe('_process.exit_1_');
    expect(argName('日本')).toBe('value');
    expect(argName('a'.repeat(100))).toHaveLength(60);
  });
});
