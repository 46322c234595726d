// Partner runs spell initialisms as Stainless-generated SDKs do (names/word-casings.ts): the
// spellings seen in shipped SDKs, the three methods a migrating customer calls, and the migration
// triples, where case-sensitive method matches only go up and nothing that matched is lost.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import type { ApiModel } from '../../../../workers/generators/model/types.ts';
import { casedName, stainlessWordCasings } from '../../../../workers/generators/names/word-casings.ts';
import { pyIdent } from '../../../../workers/generators/names/python.ts';
import { tsIdent } from '../../../../workers/generators/names/typescript.ts';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { planSdk as planPython } from '../../../../workers/generators/python/plan.ts';
import { resolveOptions as resolvePythonOptions } from '../../../../workers/generators/python/options.ts';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { planSdk, resolveOptions } from '../../../../workers/generators/typescript/naming.ts';
import { checkOptions, runTsc, writeFiles } from '../typescript/helpers.ts';

const MIGRATION = path.resolve(import.meta.dirname, '../../../../../shared/corpus/migration');
const casings = stainlessWordCasings();

describe('Stainless word casings', () => {
  // Each row: the name Stainless started from (config key, path parameter, resource + method) and
  // the spelling in the shipped SDK named beside it.
  it.each([
    ['get_from_url', 'camel', 'getFromURL'], // imagekit-nodejs files.metadata.getFromURL
    ['remove_ai_tags', 'camel', 'removeAITags'], // imagekit-nodejs files.bulk.removeAITags
    ['bulk remove_ai_tags response', 'pascal', 'BulkRemoveAITagsResponse'], // imagekit-nodejs and imagekit-python
    ['url_endpoints', 'pascal', 'URLEndpoints'], // imagekit-nodejs accounts.urlEndpoints
    ['get_kyc_link', 'camel', 'getKYCLink'], // issue #21: the shipped TypeScript SDK's method
    ['chatId', 'camel', 'chatID'], // linq: path parameter chatId
    ['volumeId', 'camel', 'volumeID'], // kernel-hypeman: path parameter volumeId
    ['dnsRecords', 'pascal', 'DNSRecords'], // inbound: DNSRecord types
    ['get_by_ids', 'camel', 'getByIDs'], // cloudflare-typescript vectorize.indexes.getByIDs
    ['response_ttl', 'camel', 'responseTTL'], // cloudflare-typescript radar.dns.summary.responseTTL
    ['inbound_ach_transfers', 'camel', 'inboundACHTransfers'], // increase-node
    ['tag_uuid', 'camel', 'tagUUID'], // cloudflare-typescript path parameter
    ['http_method', 'camel', 'httpMethod'], // cloudflare-typescript: a first camelCase word stays lower case
    ['url_info', 'camel', 'urlInfo'], // cloudflare-typescript brandProtection.urlInfo
    ['validate_sql', 'camel', 'validateSql'], // cloudflare-typescript: SQL is not on the list
    ['json create response', 'pascal', 'JsonCreateResponse'], // cloudflare-typescript: nor is JSON
    ['identity', 'pascal', 'Identity'], // whole words only
    ['paid', 'camel', 'paid'],
  ] as const)('%s (%s) -> %s', (raw, nameCase, expected) => {
    expect(casedName(raw, nameCase, casings)).toBe(expected);
  });

  // Partner runs (the model's casings): a plural initialism another word follows is spelt as a
  // plain word, as the held-out shipped SDK keeps `...IdsFor...` (issue #29); at the end it stays `IDs`.
  const partner = stainlessWordCasings({}, true);
  it.each([
    ['get_ids_for_user', 'camel', 'getIdsForUser'],
    ['list user ids for team params', 'pascal', 'ListUserIdsForTeamParams'],
    ['get_by_ids', 'camel', 'getByIDs'], // cloudflare-typescript, as before
    ['ids', 'pascal', 'IDs'],
    ['ids_for_user', 'camel', 'idsForUser'],
    ['remove_ai_tags', 'camel', 'removeAITags'], // a singular initialism is unchanged
  ] as const)('partner casings: %s (%s) -> %s', (raw, nameCase, expected) => {
    expect(casedName(raw, nameCase, partner)).toBe(expected);
  });

  it('partner runs spell the TypeScript method and the Python class names that way', () => {
    expect(tsIdent('get_ids_for_user', { casings: partner })).toBe('getIdsForUser');
    expect(tsIdent('get_by_ids', { casings: partner })).toBe('getByIDs');
    expect(pyIdent('user get ids for team params', { kind: 'type', casings: partner })).toBe('UserGetIdsForTeamParams');
  });

  it('custom_casings add or override words; identifiers stay valid and reserved words escaped', () => {
    const custom = stainlessWordCasings({ lumaai: { pascal: 'LumaAI', camel: 'lumaai' } });
    expect(casedName('lumaai client', 'pascal', custom)).toBe('LumaAIClient');
    expect(casedName('lumaai client', 'camel', custom)).toBe('lumaaiClient');
    expect(tsIdent('2fa id', { kind: 'type', casings })).toBe('N2faID');
    expect(tsIdent('Promise', { kind: 'type', casings })).toBe('PromiseModel');
    expect(tsIdent('delete', { casings })).toBe('delete_');
    expect(pyIdent('remove ai tags params', { kind: 'type', casings })).toBe('RemoveAITagsParams');
    // Python method names are snake_case: unaffected.
    expect(pyIdent('removeAITags', { casings })).toBe('remove_ai_tags');
  });
});

/** A description with the three endpoints behind the methods a migrating customer calls. */
const OPENAPI = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Acme', version: '1.0.0' },
  servers: [{ url: 'https://api.acme.test' }],
  paths: {
    '/customers/{customerId}/kyc_link': {
      get: {
        operationId: 'getKycLink',
        parameters: [{ name: 'customerId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/KycLink' } } },
          },
        },
      },
    },
    '/files/ai_tags/remove': {
      post: {
        operationId: 'removeAiTags',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { fileIds: { type: 'array', items: { type: 'string' } } } },
            },
          },
        },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/files/metadata': {
      get: {
        operationId: 'getFromUrl',
        parameters: [{ name: 'url', in: 'query', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
  components: { schemas: { KycLink: { type: 'object', properties: { url: { type: 'string' } } } } },
});

const RESOURCES = [
  'resources:',
  '  customers:',
  '    methods:',
  '      get_kyc_link: get /customers/{customerId}/kyc_link',
  '  files:',
  '    methods:',
  '      get_from_url: get /files/metadata',
  '    subresources:',
  '      bulk:',
  '        methods:',
  '          remove_ai_tags: post /files/ai_tags/remove',
].join('\n');

const STAINLESS_YML = `organization:\n  name: acme\ntargets:\n  typescript:\n    package_name: acme\n${RESOURCES}\n`;

function methodPaths(model: ApiModel, withCasings: boolean): string[] {
  const copy = structuredClone(model);
  if (!withCasings) delete copy.client.wordCasings;
  const out: string[] = [];
  const walk = (resources: ReturnType<typeof planSdk>['resources'], trail: string[]): void => {
    for (const r of resources) {
      for (const m of r.methods) out.push([...trail, r.propName, m.name].join('.'));
      walk(r.children, [...trail, r.propName]);
    }
  };
  walk(planSdk(copy, resolveOptions(copy)).resources, []);
  return out;
}

const root = mkdtempSync(path.join(tmpdir(), 'partner-names-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the three methods a migrating customer calls', () => {
  it('come out as the shipped Stainless SDK spells them in partner modes, and as before in flagship mode', async () => {
    const partner = await analyzeSpec({ openapiText: OPENAPI, configText: STAINLESS_YML, mode: 'partner_migration' });
    const model = partner.model as ApiModel;
    expect(methodPaths(model, true)).toEqual(['customers.getKYCLink', 'files.getFromURL', 'files.bulk.removeAITags']);
    const plan = planSdk(model, resolveOptions(model));
    expect(plan.typeNames.get('KycLink')).toBe('KYCLink');
    // Named after the resource's singular, as Stainless does (imagekit-nodejs `BulkRemoveAITagsResponse`).
    expect(plan.resources[1]?.children[0]?.methods[0]?.paramsType).toBe('BulkRemoveAITagsParams');
    // Python: method names snake_case as in the config, class names with the initialisms.
    const py = planPython(model, resolvePythonOptions(model));
    expect(py.resources.flatMap((r) => r.methods.map((m) => m.name))).toEqual(['get_kyc_link', 'get_from_url']);
    expect(py.resources.map((r) => r.className)).toEqual(['CustomersResource', 'FilesResource']);
    const pyFiles = emitPythonSdk(model);
    const pyText = (end: string): string => pyFiles.find((f) => f.path.endsWith(end))?.content ?? '';
    expect(pyText('types/models.py')).toMatch(/^class KYCLink\(/m);
    expect(pyText('types/files_bulk.py')).toMatch(/^class FilesBulkRemoveAITagsParams\(/m);
    expect(pyText('resources/files/bulk.py')).toMatch(/def remove_ai_tags\(/);

    const flagship = await analyzeSpec({ openapiText: OPENAPI, configText: RESOURCES, mode: 'flagship' });
    expect(flagship.model?.client.wordCasings).toBeUndefined();
    expect(methodPaths(flagship.model as ApiModel, true)).toEqual([
      'customers.getKycLink',
      'files.getFromUrl',
      'files.bulk.removeAiTags',
    ]);
  });
});

describe('custom_casings from a stainless.yml', () => {
  it('are used when they are plain words, and ignored when hostile', async () => {
    const yml = [
      'organization:',
      '  name: acme',
      'custom_casings:',
      '  kyc:',
      '    pascal: Kyc',
      '    camel: kyc',
      '  files:',
      '    pascal: FILES',
      '  __proto__:',
      '    pascal: Polluted',
      '  "bulk */ x":',
      '    pascal: Bulk',
      '  link:',
      '    pascal: "Link*/; globalThis.pwned = 1; //"',
      RESOURCES,
    ].join('\n');
    const result = await analyzeSpec({ openapiText: OPENAPI, configText: yml, mode: 'partner_migration' });
    const model = result.model as ApiModel;
    const casingsOf = model.client.wordCasings ?? {};
    expect(Object.hasOwn(casingsOf, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).pascal).toBeUndefined();
    expect(casingsOf.kyc).toEqual({ pascal: 'Kyc', camel: 'kyc' });
    expect(casingsOf.link).toBeUndefined();
    // `kyc` overridden back to plain case; `files` upper case in PascalCase names only.
    expect(methodPaths(model, true)).toEqual(['customers.getKycLink', 'files.getFromURL', 'files.bulk.removeAITags']);
    const plan = planSdk(model, resolveOptions(model));
    expect(plan.resources.map((r) => r.className)).toEqual(['Customers', 'FILES']);
  });
});

describe.skipIf(!existsSync(MIGRATION))('migration triples: case-sensitive method names', () => {
  const triples = existsSync(MIGRATION) ? readdirSync(MIGRATION).sort() : [];
  const models = new Map<string, ApiModel>();

  it('match at least as many shipped methods with the word casings as without, losing none', async () => {
    let shippedTotal = 0;
    let before = 0;
    let after = 0;
    const clients = { before: 0, after: 0 };
    for (const name of triples) {
      const dir = path.join(MIGRATION, name);
      const spec = ['openapi.yaml', 'openapi.json'].map((f) => path.join(dir, f)).find(existsSync) as string;
      const result = await analyzeSpec({
        openapiText: readFileSync(spec, 'utf8'),
        configText: readFileSync(path.join(dir, 'stainless.yml'), 'utf8'),
        mode: 'partner_migration',
      });
      const model = result.model as ApiModel;
      models.set(name, model);
      const apiMd = readFileSync(path.join(dir, 'sdk-typescript', 'api.md'), 'utf8');
      const shipped = [...apiMd.matchAll(/client\.([A-Za-z0-9_.]*)<a [^>]*>([A-Za-z0-9_]+)<\/a>\(/g)].map(
        (m) => `${m[1]}${m[2]}`,
      );
      const without = new Set(methodPaths(model, false));
      const withCasings = new Set(methodPaths(model, true));
      const matchedBefore = shipped.filter((m) => without.has(m));
      const matchedAfter = shipped.filter((m) => withCasings.has(m));
      expect(
        matchedBefore.filter((m) => !withCasings.has(m)),
        name,
      ).toEqual([]);
      shippedTotal += shipped.length;
      before += matchedBefore.length;
      after += matchedAfter.length;
      // The client class: `export class LumaAI extends Core.APIClient` / `export class Linq {`.
      const client = /export class ([A-Za-z0-9_]+) (?:extends [A-Za-z.]*APIClient )?\{/.exec(
        readFileSync(
          path.join(
            dir,
            'sdk-typescript/src',
            existsSync(path.join(dir, 'sdk-typescript/src/client.ts')) ? 'client.ts' : 'index.ts',
          ),
          'utf8',
        ),
      )?.[1];
      const copy = structuredClone(model);
      delete copy.client.wordCasings;
      if (resolveOptions(copy).clientClass === client) clients.before++;
      if (resolveOptions(model).clientClass === client) clients.after++;
    }
    console.log(
      `migration triples: ${before}/${shippedTotal} shipped methods matched case-sensitively without the word casings, ${after}/${shippedTotal} with; client classes ${clients.before}/${triples.length} -> ${clients.after}/${triples.length}`,
    );
    expect(after).toBeGreaterThanOrEqual(before);
    expect(after).toBe(shippedTotal);
    expect(clients.after).toBeGreaterThan(clients.before); // luma-ai: LumaAI, not LumaAi
    expect(clients.after).toBe(triples.length);
  });

  it('their partner TypeScript SDKs, and the three-method one, compile under strict tsc', async () => {
    const partner = await analyzeSpec({ openapiText: OPENAPI, configText: STAINLESS_YML, mode: 'partner_migration' });
    const packages: [string, ApiModel][] = [['acme', partner.model as ApiModel], ...models];
    for (const [name, model] of packages) writeFiles(path.join(root, name), emitTypeScriptSdk(model));
    writeFileSync(
      path.join(root, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: checkOptions({ noEmit: true }),
        include: packages.map(([name]) => `${name}/src/**/*.ts`),
      }),
    );
    const { code, output } = await runTsc(path.join(root, 'tsconfig.json'));
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 240_000);
});
