// Peer validators' own fixtures: what they reject we report as errors; what they accept we accept.

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS, HAS_CORPUS, analyzeCorpusFile } from '../corpus-helpers.ts';

const list = (dir: string): string[] =>
  existsSync(path.join(CORPUS, dir))
    ? readdirSync(path.join(CORPUS, dir))
        .filter((f) => /\.(ya?ml|json)$/.test(f))
        .sort()
        .map((f) => `${dir}/${f}`)
    : [];
const errorsOf = async (file: string): Promise<string[]> =>
  (await analyzeCorpusFile(file)).diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.ruleId} ${d.pointer} ${d.message}`);

describe.skipIf(!HAS_CORPUS)('OAI schema tests v3.1', () => {
  const pass = list('oai-schema-tests/v3.1/pass');
  const fail = list('oai-schema-tests/v3.1/fail');
  it('has the suite', () => {
    expect(pass.length).toBe(35);
    expect(fail.length).toBe(11);
  });
  for (const file of pass) {
    it(`accepts ${path.basename(file)}`, async () => {
      const errors = (await errorsOf(file)).filter((e) => e.startsWith('oas/') || e.startsWith('parse/'));
      expect(errors).toEqual([]);
    });
  }
  for (const file of fail) {
    it(`rejects ${path.basename(file)}`, async () => {
      expect((await errorsOf(file)).length).toBeGreaterThan(0);
    });
  }
});

describe.skipIf(!HAS_CORPUS)('swagger-parser fixtures', () => {
  const base = 'edge-cases/swagger-parser/specs';
  it.each([
    ['invalid/newer-version.yaml', 'oas/unsupported-version'],
    ['invalid/numeric-version.yaml', 'oas/unsupported-version'],
    ['invalid/old-version.yaml', 'oas/unsupported-version'],
    ['invalid/not-swagger.yaml', 'oas/unsupported-version'],
    ['invalid/no-paths-or-webhooks.yaml', 'oas/'],
    ['validate-spec/invalid/duplicate-operation-ids.yaml', 'oas/unsupported-version'],
  ])('rejects %s with %s', async (file, rule) => {
    const errors = await errorsOf(`${base}/${file}`);
    expect(errors.some((e) => e.startsWith(rule))).toBe(true);
  });

  it('rejects every Swagger 2.0 fixture (valid or not) with one clear unsupported-version error', async () => {
    for (const dir of [
      'validate-spec/invalid',
      'validate-spec/valid',
      'validate-schema/invalid',
      'validate-schema/valid',
    ]) {
      for (const file of list(`${base}/${dir}`)) {
        const errors = await errorsOf(file);
        expect(errors, file).toHaveLength(1);
        expect(errors[0]).toMatch(/^oas\/unsupported-version \/swagger .*Swagger 2\.0/);
      }
    }
  });

  it.each(['v3-non-relative-server.json', 'v3-relative-server.json', 'v3-relative-server-paths-ops.json'])(
    'accepts oas-relative-servers/%s',
    async (file) => {
      expect(await errorsOf(`${base}/oas-relative-servers/${file}`)).toEqual([]);
    },
  );
});

describe.skipIf(!HAS_CORPUS)('seriousme/openapi-schema-validator fixtures', () => {
  const base = 'edge-cases/seriousme';
  it.each([
    ['validation/invalid-spec.json', 'oas/schema'],
    ['validation/invalid-refs.yaml', 'ref/unresolved'],
    ['validation/petstore-swagger.v2.json', 'oas/unsupported-version'],
    ['validation/main-spec.v3.yaml', 'ref/external'],
  ])('rejects %s with %s', async (file, rule) => {
    const errors = await errorsOf(`${base}/${file}`);
    expect(
      errors.some((e) => e.startsWith(rule)),
      errors.join('\n'),
    ).toBe(true);
  });

  it('rejects validation/dummy.json (not JSON; read as YAML it is no OpenAPI document)', async () => {
    const result = await analyzeCorpusFile(`${base}/validation/dummy.json`);
    expect(result.diagnostics.map((d) => d.ruleId).sort()).toEqual(['oas/unsupported-version', 'parse/invalid-json']);
    expect(result.model).toBeUndefined();
  });

  it('bundle/bundle.v3.json (their expected bundle output) still holds external refs, which we report and never follow', async () => {
    const errors = await errorsOf(`${base}/bundle/bundle.v3.json`);
    expect(errors.length).toBe(2);
    expect(errors.every((e) => e.startsWith('ref/external'))).toBe(true);
  });

  it.each([
    'validation/petstore-openapi.v3.yaml',
    'validation/petstore-openapi.v3.1.json',
    'validation/openapi-recursive.v3.json',
    'v3.0/petstore.json',
  ])('accepts %s', async (file) => {
    expect(await errorsOf(`${base}/${file}`)).toEqual([]);
  });
});

// oasdiff's validator is stricter than the OpenAPI specification in a few places; where we differ
// on purpose the case says why, and we still assert what we do report.
const OASDIFF_DIFFERENCES: Record<string, { reason: string; expect: string | undefined }> = {
  'valid.yaml': { reason: 'valid', expect: undefined },
  'schema-pattern-regex-invalid.yaml': {
    reason: 'lookahead is valid ECMA-262 (and Python re); only Go RE2 rejects it',
    expect: undefined,
  },
  'missing-required-info.yaml': {
    reason: 'an empty info.version string is allowed by the OAS schema',
    expect: undefined,
  },
  'extra-sibling-fields.yaml': {
    reason: 'OAS 3.0 says siblings of $ref are ignored, not invalid',
    expect: 'ref/sibling-ignored',
  },
  'shared-schema-bad-example.yaml': {
    reason: 'example mismatches are warnings (the description still works)',
    expect: 'schema/example-valid',
  },
};

describe.skipIf(!HAS_CORPUS)('oasdiff data/validate (deliberately invalid)', () => {
  const files = list('breaking-changes/oasdiff/data/validate');
  it('has the suite', () => {
    expect(files.length).toBeGreaterThanOrEqual(19);
  });
  for (const file of files) {
    const difference = OASDIFF_DIFFERENCES[path.basename(file)];
    if (difference === undefined) {
      it(`rejects ${path.basename(file)}`, async () => {
        expect((await errorsOf(file)).length).toBeGreaterThan(0);
      });
    } else {
      it(`${path.basename(file)}: no error (${difference.reason})`, async () => {
        const result = await analyzeCorpusFile(file);
        expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        if (difference.expect !== undefined)
          expect(result.diagnostics.map((d) => d.ruleId)).toContain(difference.expect);
      });
    }
  }
});
