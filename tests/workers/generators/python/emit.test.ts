// Python SDK generator: golden files for our fixtures (UPDATE_GOLDEN=1 rewrites them),
// determinism, options, and the writer's guarantee that spec text cannot reach code unescaped.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitPythonSdk, resolveOptions } from '../../../../workers/generators/python/index.ts';
import { fwd, id, py, PyWriter, str } from '../../../../workers/generators/printers/python-writer.ts';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { expectGoldenFiles } from '../../../setup/golden.ts';
import { FIXTURE_FILES, FIXTURES, fixtureModel } from './helpers.ts';

const GOLDEN = join(FIXTURES, 'golden');

describe('golden packages', () => {
  for (const name of Object.keys(FIXTURE_FILES)) {
    it(`${name} matches tests/fixtures/python/golden/${name}`, async () => {
      const files = emitPythonSdk(await fixtureModel(name));
      const dir = join(GOLDEN, name);
      expectGoldenFiles(dir, files);
    });
  }

  it('is deterministic', async () => {
    const model = await fixtureModel('hostile');
    expect(emitPythonSdk(model)).toEqual(emitPythonSdk(model));
  });

  it('has the package layout', async () => {
    const paths = emitPythonSdk(await fixtureModel('live')).map((f) => f.path);
    for (const p of [
      'pyproject.toml',
      'README.md',
      'src/live_pets/__init__.py',
      'src/live_pets/_client.py',
      'src/live_pets/_errors.py',
      'src/live_pets/py.typed',
      'src/live_pets/resources/pets.py',
      'src/live_pets/resources/diagnostics/__init__.py',
      'src/live_pets/resources/diagnostics/ticks.py',
      'src/live_pets/types/models.py',
      'src/live_pets/types/__init__.py',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('copies the bundle verbatim', async () => {
    const files = emitPythonSdk(await fixtureModel('live'));
    const bundle = join(import.meta.dirname, '../../../../workers/generators/python/bundle/_base_client.py');
    expect(files.find((f) => f.path === 'src/live_pets/_base_client.py')?.content).toBe(readFileSync(bundle, 'utf8'));
  });
});

describe('options', () => {
  it('defaults from model.client and honours overrides', async () => {
    const model = await fixtureModel('live');
    expect(resolveOptions(model)).toMatchObject({
      packageName: 'live-pets',
      moduleName: 'live_pets',
      clientClass: 'LivePets',
      envPrefix: 'LIVE_PETS',
      idempotencyHeader: 'Idempotency-Key',
      version: '1.2.0',
    });
    const files = emitPythonSdk(model, {
      packageName: 'acme-pets',
      moduleName: 'acme',
      version: '2.0.0rc1',
      clientName: 'Acme',
      envPrefix: 'ACME',
      idempotencyHeader: null,
    });
    const pyproject = files.find((f) => f.path === 'pyproject.toml')?.content ?? '';
    expect(pyproject).toContain('name = "acme-pets"');
    expect(pyproject).toContain('version = "2.0.0rc1"');
    expect(pyproject).toContain('requires-python = ">=3.10"');
    expect(pyproject).toContain('dependencies = []');
    const client = files.find((f) => f.path === 'src/acme/_client.py')?.content ?? '';
    expect(client).toContain('class Acme(BaseClient):');
    expect(client).toContain('os.environ.get("ACME_BASE_URL")');
    expect(client).toContain('idempotency_header: Optional[str] = None,');
  });

  it('rejects a version that is not PEP 440', async () => {
    const model = await fixtureModel('live');
    expect(() => emitPythonSdk(model, { version: '1.0; rm -rf' })).toThrow(/PEP 440/);
  });
});

describe('the writer', () => {
  it('refuses raw strings and unsafe identifiers', () => {
    const hostile = 'x"); import os #';
    expect(() => py`a = ${hostile as never}`).toThrow(/not Py code/);
    expect(() => id(hostile)).toThrow(/not a safe Python identifier/);
    expect(() => id('class')).toThrow();
    expect(() => id('1abc')).toThrow();
    expect(() => fwd('a b')).toThrow();
    expect(id('match').text).toBe('match');
  });

  it('escapes string literals and docstrings', () => {
    expect(str('a"b\\c\n\u2028').text).toBe('"a\\"b\\\\c\\n\\u2028"');
    const w = new PyWriter();
    w.doc('ends with """ and \\');
    expect(w.toString()).toBe('"""ends with \\"\\"\\" and \\\\"""\n');
  });
});

describe('hostile fixtures', () => {
  it.each(['hostile', 'hostile-hooks'])(
    '%s: never emits spec text outside escaped literals, comments and docstrings',
    async (name) => {
      const files = emitPythonSdk(await fixtureModel(name));
      for (const file of files.filter((f) => f.path.endsWith('.py') && !/\/_[a-z_]+\.py$/.test(f.path))) {
        // Strip string literals, docstrings and comments; what remains must not contain injected code.
        const code = file.content
          .replace(/"""(?:[^"\\]|\\[\s\S]|"(?!""))*"""/g, '""')
          .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
          .replace(/#.*$/gm, '');
        expect(code, file.path).not.toMatch(/os\.system|__import__|globalThis|__pwned|import os/);
        expect(code, file.path).not.toMatch(/[\u2028\u2029]/);
      }
    },
  );
});

describe('OAuth2, webhooks and raw responses', () => {
  const build = async (extraConfig: string) => {
    const result = await analyzeSpec({
      openapiText: readFileSync(join(FIXTURES, 'oauth-hooks.openapi.yaml'), 'utf8'),
      configText: readFileSync(join(FIXTURES, 'oauth-hooks.config.yaml'), 'utf8') + extraConfig,
      mode: 'flagship',
    });
    if (!result.model) throw new Error('oauth-hooks did not build');
    return emitPythonSdk(result.model);
  };
  const file = (files: { path: string; content: string }[], path: string): string =>
    files.find((f) => f.path === path)?.content ?? '';

  it('verifies the scheme the config names (webhooks.scheme), Standard Webhooks by default', async () => {
    const standard = await build('');
    expect(file(standard, 'src/hooked_pets/resources/webhooks.py')).toContain('scheme="standard"');
    for (const scheme of ['github', 'stripe']) {
      const files = await build(`webhooks: { scheme: ${scheme} }\n`);
      expect(file(files, 'src/hooked_pets/resources/webhooks.py')).toContain(`scheme="${scheme}"`);
      expect(file(files, 'README.md')).toContain(`the ${scheme === 'github' ? 'GitHub' : 'Stripe'} way`);
    }
  });

  it('takes client credentials only for a clientCredentials flow, and gives every resource a raw twin', async () => {
    const client = file(await build(''), 'src/hooked_pets/_client.py');
    expect(client).toContain('os.environ.get("HOOKED_PETS_CLIENT_ID")');
    expect(client).toContain('token_url=resolve_token_url(self.base_url, "/oauth/token")');
    expect(client).toContain('scopes=["pets:read", "pets:write"]');
    expect(client).toContain('self.pets = PetsResourceWithRawResponse(client.pets)');
    const live = emitPythonSdk(await fixtureModel('live'));
    expect(file(live, 'src/live_pets/_client.py')).not.toContain('client_id');
    expect(file(live, 'src/live_pets/resources/diagnostics/__init__.py')).toContain(
      'self.ticks = TicksResourceWithRawResponse(resource.ticks)',
    );
  });
});

describe('Accept of a paginated call', () => {
  it('is the vendor JSON type the response declares, as for a one-response call', async () => {
    const spec = readFileSync(join(FIXTURES, 'live.openapi.yaml'), 'utf8');
    const listed = "content: { application/json: { schema: { $ref: '#/components/schemas/PetList' } } }";
    expect(spec).toContain(listed);
    const result = await analyzeSpec({
      openapiText: spec.replace(listed, listed.replace('application/json', 'application/vnd.pets+json')),
      configText: readFileSync(join(FIXTURES, 'live.config.yaml'), 'utf8'),
      mode: 'flagship',
    });
    if (!result.model) throw new Error('live did not build');
    const files = emitPythonSdk(result.model);
    const pets = files.find((f) => f.path === 'src/live_pets/resources/pets.py')?.content ?? '';
    const paged = pets.slice(pets.indexOf('return SyncPage('));
    expect(paged.slice(0, paged.indexOf('\n        )'))).toContain(
      'accept="application/vnd.pets+json, application/json",',
    );
    const runtime = files.find((f) => f.path === 'src/live_pets/_pagination.py')?.content ?? '';
    expect(runtime).toContain('accept=self._accept,');
  });
});
