// The generated MCP server, end to end on fixtures: the pets and hostile packages compiled with
// one TypeScript 7 run, started with node, driven by the official MCP SDK client over stdio and
// Streamable HTTP against a real API server on 127.0.0.1: tools listed with valid JSON Schema
// 2020-12 input schemas, calls that return the API's JSON, pages followed, a file uploaded, API
// errors as tool errors, the dynamic mode, and hostile text that stays data.

import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DYNAMIC_THRESHOLD, emitMcpServer } from '../../../../workers/generators/mcp/index.ts';
import { cliFixtureModel, runCli } from '../cli/helpers.ts';
import { compileMcpPackages, connectHttp, connectStdio, resultText, schemaProblems } from './helpers.ts';
import { PETS, startShelterServer, type ShelterServer } from '../../../fakes/shelter-server.ts';

let root: string;
let shelter: ShelterServer;
let baseURL: string;
const KEY = 'sk-test';
const petsMain = (): string => join(root, 'out/pets/src/main.js');
const hostileMain = (): string => join(root, 'out/hostile/src/main.js');

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'mcp-run-'));
  const packages = new Map([
    ['pets', emitMcpServer(await cliFixtureModel('pets'))],
    ['hostile', emitMcpServer(await cliFixtureModel('hostile'))],
  ]);
  const compiled = await compileMcpPackages(root, packages);
  expect(compiled.output).toBe('');
  expect(compiled.code).toBe(0);
  shelter = await startShelterServer(KEY);
  baseURL = shelter.baseURL;
}, 120_000);

afterAll(async () => {
  await shelter?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the generated MCP server package', () => {
  it('has a bin, no runtime dependency (dist/main.js is bundled with the MCP SDK), a README with a client configuration', async () => {
    const files = emitMcpServer(await cliFixtureModel('pets'));
    const pkg = JSON.parse(files.find((f) => f.path === 'package.json')?.content ?? '{}') as Record<string, unknown>;
    expect(pkg).toMatchObject({
      name: 'shelter-mcp',
      bin: { 'shelter-mcp': './dist/main.js' },
      scripts: { build: 'tsc -p tsconfig.json && node scripts/bundle.mjs' },
      devDependencies: { '@modelcontextprotocol/sdk': expect.stringMatching(/^\^1\./) },
    });
    expect(pkg.dependencies).toBeUndefined();
    const readme = files.find((f) => f.path === 'README.md')?.content ?? '';
    const snippet = /```json\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(JSON.parse(snippet ?? 'null')).toEqual({
      mcpServers: {
        'shelter-mcp': { command: 'npx', args: ['-y', 'shelter-mcp'], env: { SHELTER_API_KEY: '<your API key>' } },
      },
    });
    expect(readme).toContain(`more than ${DYNAMIC_THRESHOLD} endpoints`);
  });
});

describe('over stdio', () => {
  it('lists one tool per operation, named resource_method, with valid 2020-12 input schemas', async () => {
    const { client, close } = await connectStdio(petsMain());
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([
        'health_check',
        'pets_create',
        'pets_delete',
        'pets_list',
        'pets_notes_replace',
        'pets_photos_upload',
        'pets_retrieve',
      ]);
      for (const tool of tools) expect(schemaProblems(tool.inputSchema), tool.name).toEqual([]);
      const create = tools.find((t) => t.name === 'pets_create');
      expect(create?.description).toContain('Registers a new pet.');
      expect(create?.inputSchema).toMatchObject({
        type: 'object',
        required: ['name', 'species'],
        properties: {
          species: { enum: ['cat', 'dog', 'rabbit'] },
          owner: { type: 'object', properties: { name: { type: 'string' } } },
        },
      });
      const list = tools.find((t) => t.name === 'pets_list');
      expect(Object.keys(list?.inputSchema.properties ?? {})).toEqual(
        expect.arrayContaining(['cursor', 'limit', 'species', 'X-Request-Tag', 'max_pages']),
      );
      const retrieve = tools.find((t) => t.name === 'pets_retrieve');
      expect(retrieve?.inputSchema.required).toEqual(['petId']);
    } finally {
      await close();
    }
  });

  it('calls the API with the key from the environment and --base-url; results are the API JSON', async () => {
    const { client, close } = await connectStdio(petsMain(), ['--base-url', baseURL], { SHELTER_API_KEY: KEY });
    try {
      const got = await client.callTool({ name: 'pets_retrieve', arguments: { petId: 'p2' } });
      expect(got.isError).toBeFalsy();
      expect(JSON.parse(resultText(got))).toEqual(PETS[1]);
      expect(got.structuredContent).toEqual(PETS[1]);
      const created = await client.callTool({
        name: 'pets_create',
        arguments: { name: 'Ada', species: 'cat', tags: ['a', 'b'], owner: { name: 'Lin' } },
      });
      expect(JSON.parse(resultText(created))).toEqual({
        id: 'p9',
        name: 'Ada',
        species: 'cat',
        tags: ['a', 'b'],
        owner: { name: 'Lin' },
      });
      expect(shelter.seen.at(-1)?.headers['x-shelter-key']).toBe(KEY);
      const notes = await client.callTool({
        name: 'pets_notes_replace',
        arguments: { petId: 'p1', body: ['x', 'y'], user_id: 'u1' },
      });
      expect(JSON.parse(resultText(notes))).toEqual(['x', 'y']);
      expect(shelter.seen.at(-1)?.url).toBe('/v2/pets/p1/notes?user_id=u1');
      const health = await client.callTool({ name: 'health_check', arguments: {} });
      expect(resultText(health)).toBe('all good');
    } finally {
      await close();
    }
  });

  it('retries a 503 twice by default, as many times as --max-retries says, and not at all with 0', async () => {
    const tries = async (args: string[]): Promise<number> => {
      const { client, close } = await connectStdio(petsMain(), ['--base-url', baseURL, ...args], {
        SHELTER_API_KEY: KEY,
      });
      try {
        const before = shelter.seen.filter((r) => r.url === '/v2/pets/busy').length;
        const got = await client.callTool({ name: 'pets_retrieve', arguments: { petId: 'busy' } });
        expect(got.isError, args.join(' ')).toBe(true);
        expect(resultText(got), args.join(' ')).toMatch(/503/);
        return shelter.seen.filter((r) => r.url === '/v2/pets/busy').length - before;
      } finally {
        await close();
      }
    };
    expect(await tries([])).toBe(3);
    expect(await tries(['--max-retries', '0'])).toBe(1);
    expect(await tries(['--max-retries=1'])).toBe(2);
  });

  it('follows pages up to max_pages; one page is the API body as is', async () => {
    const { client, close } = await connectStdio(petsMain(), ['--base-url', baseURL], { SHELTER_API_KEY: KEY });
    try {
      const first = await client.callTool({ name: 'pets_list', arguments: { limit: 1 } });
      expect(JSON.parse(resultText(first))).toEqual({ data: [PETS[0]], next_cursor: '1' });
      const two = await client.callTool({ name: 'pets_list', arguments: { limit: 1, max_pages: 2 } });
      expect(JSON.parse(resultText(two))).toEqual({ items: [PETS[0], PETS[1]], pages: 2, has_more: true });
      const all = await client.callTool({ name: 'pets_list', arguments: { limit: 2, max_pages: 10 } });
      expect(JSON.parse(resultText(all))).toEqual({ items: PETS, pages: 2, has_more: false });
      const bad = await client.callTool({ name: 'pets_list', arguments: { max_pages: 0 } });
      expect(bad.isError).toBe(true);
    } finally {
      await close();
    }
  });

  it('uploads a file given as base64, as the SDK sends it (multipart)', async () => {
    const { client, close } = await connectStdio(petsMain(), ['--base-url', baseURL], { SHELTER_API_KEY: KEY });
    try {
      const content = Buffer.from('PNG-bytes-here').toString('base64');
      const got = await client.callTool({
        name: 'pets_photos_upload',
        arguments: {
          petId: 'p1',
          file: { content_base64: content, filename: 'rex.png', content_type: 'image/png' },
          caption: 'hi',
        },
      });
      expect(got.isError).toBeFalsy();
      const request = shelter.seen.at(-1);
      expect(request?.url).toBe('/v2/pets/p1/photos');
      expect(String(request?.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
      expect(request?.body).toContain('filename="rex.png"');
      expect(request?.body).toContain('PNG-bytes-here');
      expect(request?.body).toContain('Content-Type: image/png');
    } finally {
      await close();
    }
  });

  it('returns API errors as tool errors with status and message; bad arguments as tool errors', async () => {
    const { client, close } = await connectStdio(petsMain(), ['--base-url', baseURL], { SHELTER_API_KEY: KEY });
    try {
      const missing = await client.callTool({ name: 'pets_retrieve', arguments: { petId: 'nope' } });
      expect(missing.isError).toBe(true);
      expect(resultText(missing)).toMatch(/^API error 404: 404 Pet not found/);
      expect(JSON.parse(resultText(missing).split('\n').slice(1).join('\n'))).toMatchObject({
        status: 404,
        body: { error: 'not_found', message: 'Pet not found' },
      });
      const noArg = await client.callTool({ name: 'pets_retrieve', arguments: {} });
      expect(noArg.isError).toBe(true);
      expect(resultText(noArg)).toBe('Missing required argument: "petId".');
      const extra = await client.callTool({ name: 'pets_retrieve', arguments: { petId: 'p1', colour: 'red' } });
      expect(extra.isError).toBe(true);
      expect(resultText(extra)).toContain('Unknown argument "colour"');
      const unknown = await client.callTool({ name: 'pets_fly', arguments: {} });
      expect(unknown.isError).toBe(true);
    } finally {
      await close();
    }
    // Without the key: the API's 401 comes back as a tool error.
    const anonymous = await connectStdio(petsMain(), ['--base-url', baseURL]);
    try {
      const denied = await anonymous.client.callTool({ name: 'pets_retrieve', arguments: { petId: 'p1' } });
      expect(denied.isError).toBe(true);
      expect(resultText(denied)).toMatch(/^API error 401: 401 Bad key/);
    } finally {
      await anonymous.close();
    }
  });

  it('in dynamic mode lists three tools: list endpoints (filtered), get a schema, invoke', async () => {
    const { client, close } = await connectStdio(petsMain(), ['--tools', 'dynamic', '--base-url', baseURL], {
      SHELTER_API_KEY: KEY,
    });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['list_endpoints', 'get_endpoint_schema', 'invoke_endpoint']);
      expect(tools[0]?.description).toMatch(/^Lists the endpoints of the Pet Shelter API: /);
      for (const tool of tools) expect(schemaProblems(tool.inputSchema), tool.name).toEqual([]);
      const listed = JSON.parse(
        resultText(await client.callTool({ name: 'list_endpoints', arguments: { filter: 'photo' } })),
      );
      expect(listed).toEqual({
        endpoints: [{ name: 'pets_photos_upload', http: 'POST /pets/{petId}/photos', summary: 'Upload a photo' }],
        count: 1,
      });
      const all = JSON.parse(resultText(await client.callTool({ name: 'list_endpoints', arguments: {} })));
      expect(all.count).toBe(7);
      const schema = JSON.parse(
        resultText(await client.callTool({ name: 'get_endpoint_schema', arguments: { endpoint: 'pets_retrieve' } })),
      );
      expect(schema.inputSchema.required).toEqual(['petId']);
      expect(schemaProblems(schema.inputSchema)).toEqual([]);
      const got = await client.callTool({
        name: 'invoke_endpoint',
        arguments: { endpoint: 'pets_retrieve', arguments: { petId: 'p3' } },
      });
      expect(JSON.parse(resultText(got))).toEqual(PETS[2]);
      const missing = await client.callTool({
        name: 'invoke_endpoint',
        arguments: { endpoint: 'pets_retrieve', arguments: { petId: 'zz' } },
      });
      expect(missing.isError).toBe(true);
      expect(resultText(missing)).toMatch(/^API error 404/);
      const nothing = await client.callTool({ name: 'get_endpoint_schema', arguments: { endpoint: 'nope' } });
      expect(nothing.isError).toBe(true);
    } finally {
      await close();
    }
  });

  it('refuses unknown flags with exit code 2 and prints help', async () => {
    const bad = await runCli(petsMain(), ['--transport', 'carrier-pigeon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--transport must be stdio or http');
    const retries = await runCli(petsMain(), ['--max-retries', 'many']);
    expect(retries.code).toBe(2);
    expect(retries.stderr).toContain('--max-retries must be a whole number from 0 to 999, not "many"');
    const help = await runCli(petsMain(), ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: shelter-mcp');
    expect(help.stdout).toContain('$SHELTER_API_KEY');
    // The title already says API: not "the Pet Shelter API API".
    expect(help.stdout).toContain('The MCP server for the Pet Shelter API.\n');
    expect(help.stdout).toMatch(/--max-retries N +retries on connection errors, 408, 409, 429 and 5xx \(default 2\)/);
  });
});

describe('over Streamable HTTP', () => {
  it('serves the same tools and calls at /mcp', async () => {
    const { client, url, close } = await connectHttp(petsMain(), ['--base-url', baseURL], { SHELTER_API_KEY: KEY });
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(7);
      const got = await client.callTool({ name: 'pets_retrieve', arguments: { petId: 'p1' } });
      expect(JSON.parse(resultText(got))).toEqual(PETS[0]);
      const missing = await client.callTool({ name: 'pets_retrieve', arguments: { petId: 'zz' } });
      expect(missing.isError).toBe(true);
      const wrongPath = await fetch(url.replace(/\/mcp$/, '/other'), { method: 'POST', body: '{}' });
      expect(wrongPath.status).toBe(404);
    } finally {
      await close();
    }
  });
});

describe('a hostile description', () => {
  it('gives tool metadata that carries its text as data, and nothing of it runs at start', async () => {
    const before = readdirSync(root).sort();
    const { client, close, stderr } = await connectStdio(hostileMain(), ['--base-url', baseURL], {}, root);
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      for (const tool of tools) {
        expect(tool.name).toMatch(/^[a-z0-9_]{1,64}$/);
        expect(schemaProblems(tool.inputSchema), tool.name).toEqual([]);
        for (const name of Object.keys(tool.inputSchema.properties ?? {}))
          expect(name).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
      }
      const text = JSON.stringify(tools);
      // The description's code, quotes and control characters are in the metadata, verbatim.
      expect(text).toContain(JSON.stringify("\"); require('node:fs').writeFileSync('PWNED-1', 'x'); (\"").slice(1, -1));
      expect(text).toContain(JSON.stringify('\u001b[2K\rFAKE OUTPUT */').slice(1, -1));
      const getItem = tools.find((t) => t.description?.includes('FAKE OUTPUT'));
      expect(getItem?.description).toContain("Summary \u001b[2K\rFAKE OUTPUT */ \"); require('node:fs')");
      expect(text).toContain(JSON.stringify("b'; touch PWNED-4; '").slice(1, -1));
      // A call maps the sanitised argument name back to the path parameter (percent-encoded by the SDK).
      const call = await client.callTool({ name: getItem?.name ?? '', arguments: { id_reboot_x: 'a/b' } });
      expect(call.isError).toBe(true);
      expect(resultText(call)).toMatch(/^API error 401: 401 Bad key/);
      expect(shelter.seen.at(-1)?.url).toBe('/v2/items/a%2Fb');
    } finally {
      await close();
    }
    expect(stderr()).not.toMatch(/PWNED|owned/);
    // Help goes to a terminal: the description's title is there without its control characters.
    const help = await runCli(hostileMain(), ['--help'], { cwd: root });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('The MCP server for the Hostile ]0;owned */');
    expect(help.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(readdirSync(root).sort()).toEqual(before);
    for (const marker of ['PWNED-1', 'PWNED-2', 'PWNED-3', 'PWNED-4'])
      expect(existsSync(join(root, marker))).toBe(false);
  });
});
