// Every key a real stainless.yml uses is applied or reported as not applied, in plain words
// (issue #29): on the migration triples' stainless.yml files, every key either feeds the model or
// has a `config/not-applied` note / `config/unsupported-key` warning at its pointer; none is an
// "unknown key"; a vendor's own key (`discriminator`) is a note that changes no SDK.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { impactOf } from '../../../../workers/generators/model/lint/rule-catalogue.ts';

const MIGRATION = path.resolve(import.meta.dirname, '../../../../../shared/corpus/migration');
const HAS_CORPUS = existsSync(MIGRATION);
if (!HAS_CORPUS) console.warn(`!!! The stainless.yml keys suite is SKIPPED: no corpus at ${MIGRATION}`);

/** Keys whose values feed the model (what the reader applies); everything else must be reported. */
const APPLIED = [
  /^\/edition$/,
  /^\/organization(\/name)?$/,
  /^\/targets(\/[^/]+(\/(package_name|project_name|binary_name|options))?)?$/,
  /^\/(environments|client_settings|security_schemes|security|pagination|resources|unspecified_endpoints|custom_casings)(\/.*)?$/,
  /^\/(openapi|settings)$/,
];

function keyPointers(value: unknown, pointer = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const p = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    return [p, ...keyPointers(child, p)];
  });
}

const OPENAPI = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Acme', version: '1.0.0' },
  paths: { '/pets': { get: { operationId: 'listPets', responses: { '200': { description: 'ok' } } } } },
});

describe('stainless.yml keys', () => {
  it("a vendor's own key is a note that it is not applied, not an SDK change", async () => {
    const result = await analyzeSpec({
      openapiText: OPENAPI,
      configText: [
        'organization:',
        '  name: acme',
        'discriminator:',
        '  property: kind',
        'resources:',
        '  pets:',
        '    methods:',
        '      list: get /pets',
        '      feed:',
        '        endpoint: get /pets',
        '        positional_params: [limit]',
        '',
      ].join('\n'),
      mode: 'partner_compatible',
    });
    const config = result.diagnostics.filter((d) => d.document === 'config');
    const vendor = config.find((d) => d.pointer === '/discriminator');
    expect(vendor).toMatchObject({ ruleId: 'config/not-applied', severity: 'info' });
    expect(vendor?.message).toContain('not applied');
    expect(impactOf(vendor as NonNullable<typeof vendor>)).toBe('style');
    expect(config.filter((d) => d.ruleId === 'config/unknown-key')).toEqual([]);
    // A method key that would change the generated code is a warning saying so.
    expect(config.find((d) => d.pointer === '/resources/pets/methods/feed/positional_params')).toMatchObject({
      ruleId: 'config/unsupported-key',
      severity: 'warning',
    });
  });

  it.skipIf(!HAS_CORPUS)('on the migration triples: every key is applied or reported, none unknown', async () => {
    for (const name of readdirSync(MIGRATION).sort()) {
      const dir = path.join(MIGRATION, name);
      const configText = readFileSync(path.join(dir, 'stainless.yml'), 'utf8');
      const description = ['openapi.yaml', 'openapi.json'].map((f) => path.join(dir, f)).find(existsSync) as string;
      const result = await analyzeSpec({
        openapiText: readFileSync(description, 'utf8'),
        configText,
        mode: 'partner_compatible',
      });
      const config = result.diagnostics.filter((d) => d.document === 'config');
      expect(
        config.filter((d) => d.ruleId === 'config/unknown-key'),
        name,
      ).toEqual([]);
      const reported = config
        .filter((d) => d.ruleId === 'config/not-applied' || d.ruleId === 'config/unsupported-key')
        .map((d) => d.pointer);
      const unaccounted = keyPointers(parse(configText)).filter(
        (p) => !APPLIED.some((re) => re.test(p)) && !reported.some((r) => p === r || p.startsWith(`${r}/`)),
      );
      expect(unaccounted, name).toEqual([]);
      for (const d of config.filter((x) => x.ruleId === 'config/not-applied')) expect(d.message).toMatch(/not applied/);
    }
  });
});
