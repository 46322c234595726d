// The async client's files and names: schemas and resources named like the async classes and the
// async runtime's exports get other names, and the package still passes mypy --strict and pyright
// strict. (Behaviour against a server: async-live.test.ts.)

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { FIXTURE_FILES, fixtureModel, MYPY, runMypy, runPyright, writeFiles } from './helpers.ts';

/** The parameter lines of the first `def __init__(` in a module (`name: type = default,`). */
function initParams(module: string): string[] {
  const start = module.indexOf('    def __init__(\n');
  const end = module.indexOf(') -> None:', start);
  return module
    .slice(start, end)
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter((l) => l !== '' && l !== 'self,' && l !== '*,');
}

const ok = (schema: string) => ({
  '200': { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } },
});

/** A schema named like the async resource class, one like a runtime export, a resource named `close`. */
const CLASHING = {
  openapi: '3.0.3',
  info: { title: 'Names', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/pets': { get: { operationId: 'listPets', tags: ['pets'], responses: ok('AsyncPetsResource') } },
    '/close/{id}': {
      post: {
        operationId: 'closeThing',
        tags: ['close'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: ok('AsyncPage'),
      },
    },
  },
  components: {
    schemas: {
      AsyncPetsResource: { type: 'object', properties: { id: { type: 'string' } } },
      AsyncPage: { type: 'object', properties: { n: { type: 'integer' } } },
    },
  },
};

describe('the async client of the Python SDK', () => {
  const root = mkdtempSync(join(tmpdir(), 'py-sdk-async-names-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('mirrors resources/ in _async_resources/ and exports the async client', async () => {
    const files = emitPythonSdk(await fixtureModel('live'));
    const paths = files.map((f) => f.path);
    for (const p of [
      'src/live_pets/_async_base.py',
      'src/live_pets/_async_client.py',
      'src/live_pets/_async_resources/__init__.py',
      'src/live_pets/_async_resources/pets.py',
      'src/live_pets/_async_resources/diagnostics/__init__.py',
      'src/live_pets/_async_resources/diagnostics/ticks.py',
    ])
      expect(paths).toContain(p);
    const init = files.find((f) => f.path === 'src/live_pets/__init__.py')?.content ?? '';
    expect(init).toContain('from ._async_client import AsyncLivePets');
    expect(init).toMatch(/"AsyncLivePets",/);
  });

  it('takes every argument of the sync client (plus max_workers) and passes each on', async () => {
    for (const name of Object.keys(FIXTURE_FILES)) {
      const files = emitPythonSdk(await fixtureModel(name));
      const text = (suffix: string): string => files.find((f) => f.path.endsWith(suffix))?.content ?? '';
      const sync = initParams(text('/_client.py'));
      const async_ = initParams(text('/_async_client.py'));
      expect(sync.length, name).toBeGreaterThan(5);
      expect(async_, name).toEqual([...sync, 'max_workers: int = DEFAULT_MAX_WORKERS,']);
      for (const param of sync) {
        const ident = param.split(':')[0] as string;
        expect(text('/_async_client.py'), `${name}: ${ident}`).toContain(`            ${ident}=${ident},\n`);
      }
    }
  });

  it('gives clashing schema and resource names other names, and type-checks', async () => {
    const result = await analyzeSpec({ openapiText: JSON.stringify(CLASHING), mode: 'flagship' });
    const files = emitPythonSdk(result.model!);
    const text = (path: string): string => files.find((f) => f.path === `src/names/${path}`)?.content ?? '';
    expect(text('_async_resources/pets.py')).toContain('class AsyncPetsResource(AsyncAPIResource):');
    expect(text('types/models.py')).toMatch(/class AsyncPetsResource2\(BaseModel\)/);
    expect(text('types/models.py')).toMatch(/class AsyncPage2\(BaseModel\)/);
    expect(text('_async_resources/pets.py')).toContain('def list(');
    expect(text('_async_resources/close.py')).toContain('-> "AsyncPage2":');
    // `close` is the async client's method: the resource is an attribute of another name on both clients.
    expect(text('_client.py')).toContain('self.close2 = CloseResource(self)');
    expect(text('_async_client.py')).toContain('self.close2 = AsyncCloseResource(');
    // The package alone (its shipped wire tests import it as installed; python_sdk checks those).
    writeFiles(
      join(root, 'names'),
      files.filter((f) => !f.path.startsWith('tests/')),
    );
    const src = join(root, 'names', 'src');
    if (MYPY !== undefined) {
      const mypy = await runMypy([src], join(root, '.mypy_cache'));
      expect(mypy.output).toBe('');
    }
    const pyright = await runPyright(root, [src]);
    expect(pyright.output).toMatch(/0 errors/);
  }, 180_000);
});
