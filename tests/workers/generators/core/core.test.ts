// The emitter core (workers/generators/core): the choices every emitter shares are made once, and
// where the emitters' copies had drifted, both SDKs now agree (the pagination item through allOf).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleCopier, byPath, compareCodeUnits } from '../../../../workers/generators/core/files.ts';
import { isCycle, stronglyConnected } from '../../../../workers/generators/core/graph.ts';
import { mdCode, mdFence, mdText } from '../../../../workers/generators/core/markdown.ts';
import {
  methodPagination,
  pathTemplateParts,
  requestContent,
  responseContent,
} from '../../../../workers/generators/core/method.ts';
import { flattenResources, methodTargets } from '../../../../workers/generators/core/resources.ts';
import { objectShape, pageItemSchema, resolveSchema } from '../../../../workers/generators/core/schema.ts';
import type { ApiModel, Operation, SchemaNode } from '../../../../workers/generators/model/types.ts';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitCli } from '../../../../workers/generators/cli/index.ts';
import { SampleBuilder } from '../../../../workers/generators/docs/index.ts';

/** A paginated list whose response is an allOf of a page envelope and the `data` array. */
const ALLOF_PAGE = {
  openapi: '3.0.3',
  info: { title: 'Paged', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: [{ name: 'cursor', in: 'query', schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PetPage' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
      Page: { type: 'object', properties: { next_cursor: { type: 'string', nullable: true } } },
      PetPage: {
        allOf: [
          { $ref: '#/components/schemas/Page' },
          {
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
          },
        ],
      },
    },
  },
};

const PAGE_CONFIG = `
client_name: Paged
pagination:
  - name: cursor_page
    type: cursor
    request:
      cursor: { type: string, x-stainless-pagination-property: { purpose: next_cursor_param } }
    response:
      data: { type: array }
      next_cursor: { type: string, x-stainless-pagination-property: { purpose: next_cursor_field } }
resources:
  pets:
    methods:
      list: { endpoint: get /pets, pagination: cursor_page }
`;

async function pagedModel(): Promise<ApiModel> {
  const result = await analyzeSpec({
    openapiText: JSON.stringify(ALLOF_PAGE),
    configText: PAGE_CONFIG,
    mode: 'flagship',
  });
  if (!result.model) throw new Error(JSON.stringify(result.diagnostics.slice(0, 5)));
  return result.model;
}

const ref = (target: string): SchemaNode =>
  ({ kind: 'ref', target, source: { pointer: `#/components/schemas/${target}` } }) as unknown as SchemaNode;

describe('pagination item (the two SDKs used to disagree: TypeScript walked plain objects only)', () => {
  it('follows allOf to the items array', async () => {
    const model = await pagedModel();
    const op = model.operations[0] as Operation;
    expect(op.pagination).toBe('cursor_page');
    const pagination = methodPagination(model, op, responseContent(model, op));
    expect(pagination?.item).toMatchObject({ kind: 'ref', target: expect.stringContaining('Pet') });
    expect(pagination?.item).not.toMatchObject({ target: expect.stringContaining('PetPage') });
  });

  it('gives the same item type in the TypeScript and the Python SDK', async () => {
    const model = await pagedModel();
    const ts = emitTypeScriptSdk(model).find((f) => f.path === 'src/resources/pets.ts')?.content ?? '';
    const pyFile = emitPythonSdk(model).find((f) => f.path.endsWith('/resources/pets.py'))?.content ?? '';
    expect(ts).toContain('list(params: PetsListParams = {}, options?: RequestOptions): PagePromise<Pet>');
    expect(ts).not.toContain('PagePromise<unknown>');
    expect(pyFile).toMatch(/\) -> SyncPage\["Pet"\]:/);
  });
});

describe('reference resolution', () => {
  const model = (schemas: Record<string, SchemaNode>): ApiModel =>
    ({
      schemas: Object.fromEntries(Object.entries(schemas).map(([k, schema]) => [k, { name: k, schema }])),
    }) as unknown as ApiModel;
  it('ends a reference cycle with undefined and follows a long chain to its end (no hop limit)', () => {
    expect(resolveSchema(model({ A: ref('B'), B: ref('A') }), ref('A'))).toBeUndefined();
    const chain: Record<string, SchemaNode> = { S200: { kind: 'primitive', type: 'string' } as unknown as SchemaNode };
    for (let i = 0; i < 200; i++) chain[`S${i}`] = ref(`S${i + 1}`);
    expect(resolveSchema(model(chain), ref('S0'))).toMatchObject({ kind: 'primitive', type: 'string' });
  });

  it('merges allOf members into one object shape, first declaration winning', () => {
    const a = {
      kind: 'object',
      properties: [{ name: 'x', required: true, schema: { kind: 'primitive', type: 'string' } }],
    };
    const b = {
      kind: 'object',
      properties: [
        { name: 'x', required: false, schema: { kind: 'primitive', type: 'integer' } },
        { name: 'y', required: false, schema: { kind: 'primitive', type: 'string' } },
      ],
    };
    const m = model({ A: a as unknown as SchemaNode });
    const shape = objectShape(m, { kind: 'intersection', members: [ref('A'), b] } as unknown as SchemaNode);
    expect(shape?.properties.map((p) => p.name)).toEqual(['x', 'y']);
    expect([...(shape?.required ?? [])]).toEqual(['x']);
    expect(pageItemSchema(m, ref('A'), 'x')).toBeUndefined();
  });
});

describe('method shape', () => {
  const op = (kinds: string[]): Operation =>
    ({
      requestBody: { required: true, content: kinds.map((kind) => ({ kind, mediaType: `x/${kind}`, schema: {} })) },
    }) as unknown as Operation;
  it('prefers json, multipart, form, text, binary, else sends the first content as bytes', () => {
    expect(requestContent(op(['form', 'multipart']))?.kind).toBe('multipart');
    expect(requestContent(op(['text', 'json']))?.kind).toBe('json');
    expect(requestContent(op(['other', 'binary']))?.content.mediaType).toBe('x/binary');
    expect(requestContent(op(['other']))).toMatchObject({ kind: 'binary', content: { mediaType: 'x/other' } });
    expect(requestContent({} as Operation)).toBeUndefined();
  });

  // OpenAI's POST /skills declares a JSON and a multipart body of the same schema, whose `files`
  // are binary: sent as JSON, the Python SDK failed to encode the file (TypeError) and the
  // TypeScript SDK sent `{}` for it. With the model, the file goes in the multipart body.
  it('sends a body that carries a file as multipart when the operation declares one', async () => {
    const spec = `openapi: 3.1.0
info: { title: Files, version: 1.0.0 }
paths:
  /skills:
    post:
      requestBody:
        required: true
        content:
          application/json: { schema: { $ref: '#/components/schemas/Skill' } }
          multipart/form-data: { schema: { $ref: '#/components/schemas/Skill' } }
      responses: { '204': { description: ok } }
  /notes:
    post:
      requestBody:
        content:
          application/json: { schema: { type: object, properties: { text: { type: string } } } }
          multipart/form-data: { schema: { type: object, properties: { text: { type: string } } } }
      responses: { '204': { description: ok } }
components:
  schemas:
    Skill:
      type: object
      required: [files]
      properties:
        files: { oneOf: [{ type: array, items: { type: string, format: binary } }, { type: string, format: binary }] }
`;
    const { model } = await analyzeSpec({ openapiText: spec, mode: 'flagship' });
    const skills = model!.operations.find((o) => o.path === '/skills');
    const notes = model!.operations.find((o) => o.path === '/notes');
    expect(requestContent(skills!, model!)?.kind).toBe('multipart');
    expect(requestContent(notes!, model!)?.kind).toBe('json');
    // Without the model (no reference followed), the first by preference, as before.
    expect(requestContent(skills!)?.kind).toBe('json');
    const python = emitPythonSdk(model!).find((f) => f.path.endsWith('/resources/skills.py'));
    expect(python?.content).toContain('multipart=');
    expect(python?.content).not.toContain('json_body=');
  });
});

describe('cycle finding', () => {
  it('finds components, a self loop and the order Tarjan completes them in', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', []],
      ['d', ['d']],
      ['e', ['x']],
    ]);
    const components = stronglyConnected(edges);
    expect(components.map((c) => [...c].sort())).toEqual([['c'], ['a', 'b'], ['d'], ['x'], ['e']]);
    expect(components.map((c) => isCycle(c, edges))).toEqual([false, true, true, false, false]);
  });

  it('handles a chain far deeper than the call stack', () => {
    const edges = new Map<string, string[]>();
    for (let i = 0; i < 20_000; i++) edges.set(`n${i}`, [`n${i + 1}`]);
    edges.set('n20000', ['n0']);
    expect(stronglyConnected(edges)).toHaveLength(1);
  });
});

describe('Markdown for READMEs', () => {
  it('escapes prose once, for every README', () => {
    expect(mdText('  1. <b>A_b</b> & [x](y)\n\u202e  ')).toBe('1\\. &lt;b&gt;A_b&lt;/b&gt; &amp; \\[x\\](y)');
    // Only where Markdown would read markup: dates, versions and snake_case stay as written.
    expect(mdText('2025-10-13')).toBe('2025-10-13');
    expect(mdText('v1.2.3 (beta) client_id')).toBe('v1.2.3 (beta) client_id');
    expect(mdText('_x_ *y* `z` a|b ~c~ \\')).toBe('\\_x\\_ \\*y\\* \\`z\\` a\\|b \\~c\\~ \\\\');
    expect(['# h', '- a', '+ a', '=== ', '2) x', '> q'].map(mdText)).toEqual([
      '\\# h',
      '\\- a',
      '\\+ a',
      '\\===',
      '2\\) x',
      '&gt; q',
    ]);
  });
  it('keeps code spans literal (no backslashes inside them)', () => {
    expect(mdCode('MY_API_KEY')).toBe('`MY_API_KEY`');
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('`x')).toBe('`` `x ``');
    expect(mdFence('```', 'sh')).toBe('````sh\n```\n````');
  });
});

describe('files and resources', () => {
  it('orders paths by code unit, not locale', () => {
    expect([{ path: 'b' }, { path: 'B' }, { path: 'a/z' }, { path: 'a' }].sort(byPath).map((f) => f.path)).toEqual([
      'B',
      'a',
      'a/z',
      'b',
    ]);
    expect(compareCodeUnits('Z', 'a')).toBe(-1);
  });

  it('copies a bundle folder once per process, a fresh object per call', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
    try {
      writeFileSync(join(dir, 'b.ts'), 'b');
      writeFileSync(join(dir, 'a.ts'), 'a');
      writeFileSync(join(dir, 'skip.md'), 'no');
      const copy = bundleCopier(dir, (name) => name.endsWith('.ts'), 'src/core/');
      const first = copy();
      expect(first).toEqual([
        { path: 'src/core/a.ts', content: 'a' },
        { path: 'src/core/b.ts', content: 'b' },
      ]);
      (first[0] as { content: string }).content = 'changed';
      expect(copy()[0]?.content).toBe('a');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('walks resource trees depth first and finds each operation with its trail', () => {
    type R = { name: string; children: R[]; methods: { op: { key: string } }[] };
    const leaf: R = { name: 'runs', children: [], methods: [{ op: { key: 'get /runs' } }] };
    const root: R = { name: 'projects', children: [leaf], methods: [{ op: { key: 'get /projects' } }] };
    expect(flattenResources([root]).map((r) => r.name)).toEqual(['projects', 'runs']);
    expect(
      methodTargets([root])
        .get('get /runs')
        ?.trail.map((r) => r.name),
    ).toEqual(['projects', 'runs']);
  });
});

describe('docs CLI samples use the command plan of the CLI generator', () => {
  it('spells a flag that collides with a global flag, and the executable, as the generated CLI does', async () => {
    const spec = {
      openapi: '3.0.3',
      info: {
        title: 'A very long title that goes on and on well past the sixty four characters a binary may have',
        version: '1.0.0',
      },
      servers: [{ url: 'https://api.example.com' }],
      paths: {
        '/reports': {
          get: {
            operationId: 'getReport',
            tags: ['reports'],
            parameters: [{ name: 'format', in: 'query', required: true, schema: { type: 'string' } }],
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
            },
          },
        },
      },
    };
    const result = await analyzeSpec({ openapiText: JSON.stringify(spec), mode: 'flagship' });
    const model = result.model as ApiModel;
    const samples = new SampleBuilder(model).samples(model.operations[0] as Operation);
    const cli = emitCli(model);
    const bin = Object.keys(
      JSON.parse(cli.find((f) => f.path === 'package.json')?.content ?? '{}').bin as object,
    )[0] as string;
    expect(bin.length).toBeLessThanOrEqual(64);
    expect(samples.cliCommand?.[0]).toBe(bin);
    expect(samples.cliCommand).toContain('--query-format');
    expect(samples.cliCommand).not.toContain('--format');
    expect(cli.find((f) => f.path === 'src/commands.ts')?.content).toContain('query-format');
  });
});

describe('path templates', () => {
  it('splits declared placeholders from literal text the same way for every emitter', () => {
    const declared = (name: string): boolean => ['id', 'x'].includes(name);
    expect(pathTemplateParts('/a/{id}/b{x}{other}/{}', declared)).toEqual([
      { kind: 'literal', text: '/a/' },
      { kind: 'param', name: 'id' },
      { kind: 'literal', text: '/b' },
      { kind: 'param', name: 'x' },
      { kind: 'literal', text: '{other}/{}' },
    ]);
    expect(pathTemplateParts('/{{x}}', declared)).toEqual([
      { kind: 'literal', text: '/{' },
      { kind: 'param', name: 'x' },
      { kind: 'literal', text: '}' },
    ]);
    expect(pathTemplateParts('', declared)).toEqual([]);
  });
});

describe('what is a file (the emitters used three rules: TypeScript Blob for binary or octet-stream, Python and the CLI any content media type, the docs no base64 and no text)', () => {
  const UPLOADS = {
    openapi: '3.1.0',
    info: { title: 'Uploads', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/avatars': {
        post: {
          operationId: 'createAvatar',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['image'],
                  properties: {
                    image: { type: 'string', contentMediaType: 'image/png' },
                    legacy: { type: 'string', format: 'binary' },
                    note: { type: 'string', contentMediaType: 'text/plain' },
                    encoded: { type: 'string', contentMediaType: 'image/png', contentEncoding: 'base64' },
                  },
                },
              },
            },
          },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
  };

  it('every emitter takes a binary or non-text, unencoded media type as a file, and text or base64 as a string', async () => {
    const model = (await analyzeSpec({ openapiText: JSON.stringify(UPLOADS), mode: 'flagship' })).model as ApiModel;
    const ts = emitTypeScriptSdk(model).find((f) => f.path === 'src/resources/avatars.ts')?.content ?? '';
    expect(ts).toMatch(/image: Blob;/);
    expect(ts).toMatch(/legacy\?: Blob;/);
    expect(ts).toMatch(/note\?: string;/);
    expect(ts).toMatch(/encoded\?: string;/);
    const py = emitPythonSdk(model).find((f) => f.path.endsWith('/resources/avatars.py'))?.content ?? '';
    expect(py).toMatch(/image: FileTypes,/);
    expect(py).toMatch(/legacy: Union\[FileTypes, NotGiven\]/);
    expect(py).toMatch(/note: Union\[str, NotGiven\]/);
    expect(py).toMatch(/encoded: Union\[str, NotGiven\]/);
    const commands = emitCli(model).find((f) => f.path === 'src/commands.ts')?.content ?? '';
    for (const [name, type] of [
      ['image', 'file'],
      ['legacy', 'file'],
      ['note', 'string'],
      ['encoded', 'string'],
    ])
      expect(commands).toContain(`name: "${name}", key: "${name}", in: "body", type: "${type}"`);
    const samples = new SampleBuilder(model).samples(model.operations[0] as Operation);
    expect(samples.cliCommand).toEqual(['uploads', 'avatars', 'create', '--image', '@file.bin']);
    expect(samples.typescript).toContain('image: new Blob(["file contents"])');
    expect(samples.python).toContain('image=b"file contents"');
  });
});

describe("an allOf request body (TypeScript kept it under `body` while Python flattened it; the allOf sibling's `required` was lost)", () => {
  const GROUPS = {
    openapi: '3.0.3',
    info: { title: 'Groups', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/groups': {
        post: {
          operationId: 'createGroup',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/GroupInput' } } },
          },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
    components: {
      schemas: {
        Named: { type: 'object', properties: { name: { type: 'string' } } },
        GroupInput: {
          type: 'object',
          required: ['name'],
          allOf: [
            { $ref: '#/components/schemas/Named' },
            { type: 'object', properties: { size: { type: 'integer' } } },
          ],
        },
      },
    },
  };

  it('is flattened into the params in both SDKs and the CLI, with `name` required', async () => {
    const model = (await analyzeSpec({ openapiText: JSON.stringify(GROUPS), mode: 'flagship' })).model as ApiModel;
    const ts = emitTypeScriptSdk(model).find((f) => f.path === 'src/resources/groups.ts')?.content ?? '';
    expect(ts).toContain('create(params: GroupsCreateParams, options?: RequestOptions)');
    expect(ts).toContain('const { ...body } = params;');
    expect(ts).toContain('export type GroupsCreateParams = GroupInput;');
    const py = emitPythonSdk(model).find((f) => f.path.endsWith('/resources/groups.py'))?.content ?? '';
    expect(py).toMatch(/\n\s+name: str,\n\s+size: Union\[int, NotGiven\] = NOT_GIVEN,/);
    const commands = emitCli(model).find((f) => f.path === 'src/commands.ts')?.content ?? '';
    expect(commands).toContain('{ name: "name", key: "name", in: "body", type: "string", required: true }');
    expect(commands).toContain('{ name: "size", key: "size", in: "body", type: "integer" }');
  });
});
