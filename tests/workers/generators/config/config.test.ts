// Config: the derived starter config round-trips; the flagship format maps names; real Stainless
// configs from the migration corpus map onto the model with the SDK's method names.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveResources } from '../../../../workers/generators/model/derive-resources.ts';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import type { ApiModel, Resource } from '../../../../workers/generators/model/types.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/specs');
const CORPUS = path.resolve(import.meta.dirname, '../../../../../shared/corpus');
const MIGRATION = path.join(CORPUS, 'migration');
if (!existsSync(MIGRATION)) console.warn(`corpus not found at ${MIGRATION}, migration config suites skipped`);

/** The model without source locations (those differ between a spec-derived and a sent-back config). */
function shape(model: ApiModel | undefined): unknown {
  return JSON.parse(JSON.stringify(model ?? null, (key, value: unknown) => (key === 'source' ? undefined : value)));
}

function flatten(resources: Resource[]): string[] {
  return resources.flatMap((r) => [
    ...r.methods.map((m) => `${r.path.join('.')}.${m.name} = ${m.operation}`),
    ...flatten(r.subresources),
  ]);
}

describe('starter config', () => {
  it('is derived when no config is sent, and sending it back unchanged gives the same model', async () => {
    const openapiText = readFileSync(path.join(FIXTURES, 'zoo-3.1.yaml'), 'utf8');
    const first = await analyzeSpec({ openapiText, mode: 'flagship' });
    expect(first.configKind).toBe('none');
    expect(first.starterConfigYaml).toContain('resources:');
    const second = await analyzeSpec({ openapiText, mode: 'flagship', configText: first.starterConfigYaml as string });
    expect(second.configKind).toBe('flagship');
    expect(second.starterConfigYaml).toBeUndefined();
    expect(second.diagnostics.filter((d) => d.document === 'config')).toEqual([]);
    expect(shape(second.model)).toEqual(shape(first.model));
  });

  it.each([
    'real-world/twilio/twilio_messaging_v1.yaml',
    'oai-examples/v3.0/petstore-expanded.yaml',
    'edge-cases/hey-api/3.0.x/full.yaml',
  ])('round-trips on corpus description %s', async (file) => {
    const full = path.join(CORPUS, file);
    if (!existsSync(full)) return void console.warn(`corpus file ${full} not found; skipped`);
    const openapiText = readFileSync(full, 'utf8');
    const first = await analyzeSpec({ openapiText, mode: 'flagship' });
    const second = await analyzeSpec({ openapiText, mode: 'flagship', configText: first.starterConfigYaml as string });
    expect(shape(second.model)).toEqual(shape(first.model));
    // Every operation is reachable from the resources tree exactly once.
    const listed = flatten(second.model?.resources ?? []).map((l) => l.split(' = ')[1]);
    expect([...listed].sort()).toEqual(second.model?.operations.map((o) => o.key).sort());
  });
});

describe('derived names', () => {
  const derive = (endpoints: string[]): Record<string, string> => {
    const source = { pointer: '', line: 0, column: 0 };
    const { names } = deriveResources(
      endpoints.map((e) => {
        const [method, path] = e.split(' ') as ['get' | 'post', string];
        return { method, path, source };
      }),
    );
    return Object.fromEntries([...names].map(([key, n]) => [key, `${n.resourcePath.join('.')}.${n.methodName}`]));
  };

  it('names RPC-style paths by their verb on the resource before them, and keeps REST nouns as resources', () => {
    expect(
      derive([
        'post /accounts/get',
        'post /accounts/balance/get',
        'post /item/public_token/exchange',
        'post /sandbox/item/fire_webhook',
        'post /v1/audio/speech',
        'post /reports/create',
        'post /reports/create/preview',
        'get /tokens/list',
        'post /runs/{id}/cancel',
        'post /pets',
        'get /pets/{id}',
      ]),
    ).toEqual({
      'post /accounts/get': 'accounts.get',
      'post /accounts/balance/get': 'accounts.balance.get',
      'post /item/public_token/exchange': 'item.public_token.exchange',
      'post /sandbox/item/fire_webhook': 'sandbox.item.fire_webhook',
      // A noun stays a resource; a verb with paths below it is a resource; GET is REST, not RPC.
      'post /v1/audio/speech': 'audio.speech.create',
      'post /reports/create': 'reports.create.create',
      'post /reports/create/preview': 'reports.create.preview.create',
      'get /tokens/list': 'tokens.list.list',
      'post /runs/{id}/cancel': 'runs.cancel',
      'post /pets': 'pets.create',
      'get /pets/{id}': 'pets.retrieve',
    });
  });

  it('does not fold a verb into a method when another spelling of it is a resource there', () => {
    expect(derive(['post /a/Get', 'get /a/get'])).toEqual({
      'post /a/Get': 'a.get.create',
      'get /a/get': 'a.get.list',
    });
    // A top-level verb has no resource before it.
    expect(derive(['post /get'])).toEqual({ 'post /get': 'get.create' });
  });
});

describe('flagship config', () => {
  const openapiText = readFileSync(path.join(FIXTURES, 'zoo-3.1.yaml'), 'utf8');
  it('maps names, nests subresources, reports unknown keys and bad endpoints without failing', async () => {
    const configText = [
      'client_name: ZooClient',
      'packages: { typescript: "@zoo/sdk", python: zoo-sdk }',
      'environments:',
      '  production: https://api.zoo.example.com',
      '  sandbox: https://sandbox.zoo.example.com',
      'colour: blue',
      'pagination:',
      '  - name: cursor_page',
      '    type: cursor',
      '    request: { after: { type: string }, limit: { type: integer } }',
      '    response: { data: { type: array, items: {} }, has_more: { type: boolean } }',
      'resources:',
      '  animals:',
      '    methods:',
      '      list: get /animals',
      '      add: post /animals',
      '      get:',
      '        endpoint: get /animals/{animalId}',
      '        deprecated: Use retrieve',
      '      fly: get /birds',
      '      bad: fetch animals',
      '    subresources:',
      '      photos:',
      '        methods:',
      '          upload: post /animals/{animalId}/photos',
    ].join('\n');
    const result = await analyzeSpec({ openapiText, mode: 'flagship', configText });
    const model = result.model as ApiModel;
    expect(model.client).toMatchObject({
      name: 'ZooClient',
      packages: { typescript: '@zoo/sdk', python: 'zoo-sdk', pythonModule: 'zoo_sdk' },
    });
    expect(model.environments.map((e) => e.name)).toEqual(['production', 'sandbox']);
    expect(flatten(model.resources)).toEqual(
      expect.arrayContaining([
        'animals.list = get /animals',
        'animals.add = post /animals',
        'animals.get = get /animals/{animalId}',
        'animals.photos.upload = post /animals/{animalId}/photos',
      ]),
    );
    const get = model.operations.find((o) => o.key === 'get /animals/{animalId}');
    expect(get).toMatchObject({ methodName: 'get', deprecated: true, deprecationMessage: 'Use retrieve' });
    expect(model.operations.find((o) => o.key === 'get /animals')?.pagination).toBe('cursor_page');
    const configDiags = result.diagnostics.filter((d) => d.document === 'config');
    expect(configDiags.map((d) => d.ruleId).sort()).toEqual([
      'config/endpoint-not-found',
      'config/endpoint-unmapped',
      'config/invalid-endpoint',
      'config/unknown-key',
    ]);
    const unknown = configDiags.find((d) => d.ruleId === 'config/unknown-key');
    expect(unknown).toMatchObject({ pointer: '/colour', line: 6, column: 1 });
    // Unmapped endpoints still get methods (derived names) in flagship mode.
    expect(flatten(model.resources).some((l) => l.endsWith('= delete /animals/{animalId}'))).toBe(true);
  });
});

/** `resource.sub.method` names listed in a Stainless api.md: `client.chats.participants.<a href="...">add</a>(`. */
function apiMdMethods(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/client\.([A-Za-z0-9_.]*)<a [^>]*>([A-Za-z0-9_]+)<\/a>\(/g)) {
    out.add(((m[1] as string) + (m[2] as string)).replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase());
  }
  return out;
}

describe.skipIf(!existsSync(MIGRATION))('partner config: real Stainless triples', () => {
  const triples = existsSync(MIGRATION) ? readdirSync(MIGRATION).sort() : [];
  it('finds the triples', () => {
    expect(triples.length).toBeGreaterThanOrEqual(5);
  });
  for (const name of triples) {
    it(`${name}: maps stainless.yml onto the model with the shipped SDK's method names`, async () => {
      const dir = path.join(MIGRATION, name);
      const specFile = ['openapi.yaml', 'openapi.json', 'openapi.yml']
        .map((f) => path.join(dir, f))
        .find(existsSync) as string;
      const result = await analyzeSpec({
        openapiText: readFileSync(specFile, 'utf8'),
        configText: readFileSync(path.join(dir, 'stainless.yml'), 'utf8'),
        mode: 'partner_migration',
      });
      expect(result.configKind).toBe('stainless');
      expect(result.needsSetup).toEqual([]);
      const model = result.model as ApiModel;
      expect(model).toBeDefined();
      const configErrors = result.diagnostics.filter((d) => d.document === 'config' && d.severity === 'error');
      expect(configErrors).toEqual([]);
      // Every method of the shipped TypeScript SDK (api.md) is in the model under the same path.
      const apiMd = path.join(dir, 'sdk-typescript', 'api.md');
      const modelMethods = new Set(flatten(model.resources).map((l) => (l.split(' = ')[0] as string).toLowerCase()));
      const shipped = apiMdMethods(readFileSync(apiMd, 'utf8'));
      expect(shipped.size).toBeGreaterThan(0);
      const missing = [...shipped].filter((m) => !modelMethods.has(m));
      expect(missing).toEqual([]);
      expect(model.client.packages.typescript).toBe(
        JSON.parse(readFileSync(path.join(dir, 'sdk-typescript', 'package.json'), 'utf8')).name,
      );
    });
  }

  it('a partner run without resources is blocked with needs_setup, and unknown keys are reported', async () => {
    const dir = path.join(MIGRATION, triples[0] as string);
    const specFile = ['openapi.yaml', 'openapi.json'].map((f) => path.join(dir, f)).find(existsSync) as string;
    const result = await analyzeSpec({
      openapiText: readFileSync(specFile, 'utf8'),
      configText: 'organization:\n  name: acme\ntargets:\n  typescript:\n    package_name: acme\nfrobnicate: true\n',
      mode: 'partner_compatible',
    });
    expect(result.needsSetup.length).toBeGreaterThan(0);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ ruleId: 'config/missing-resources', severity: 'error', document: 'config' }),
    );
    // A key this service does not know is reported as not applied, a note (not a claimed SDK change).
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ ruleId: 'config/not-applied', severity: 'info', pointer: '/frobnicate', line: 6 }),
    );
    const none = await analyzeSpec({ openapiText: readFileSync(specFile, 'utf8'), mode: 'partner_compatible' });
    expect(none.needsSetup.length).toBeGreaterThan(0);
  });
});
