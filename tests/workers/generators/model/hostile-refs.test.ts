// Hostile descriptions end as diagnostics within seconds: cyclic refs, external refs that must
// never be fetched or read, deep $ref chains.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyzeJson, baseSpec } from '../helpers.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hostile references', () => {
  it('reports external refs to a metadata URL and to /etc/passwd without fetching or reading them', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('network must not be used'));
    const started = performance.now();
    const result = await analyzeJson(
      baseSpec({
        components: {
          schemas: {
            Pet: {
              type: 'object',
              properties: {
                secrets: { $ref: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/' },
                passwd: { $ref: '/etc/passwd' },
                relative: { $ref: '../../../../etc/passwd#/root' },
              },
            },
          },
        },
      }),
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    const external = result.diagnostics.filter((d) => d.ruleId === 'ref/external');
    expect(external.map((d) => d.pointer).sort()).toEqual([
      '/components/schemas/Pet/properties/passwd/$ref',
      '/components/schemas/Pet/properties/relative/$ref',
      '/components/schemas/Pet/properties/secrets/$ref',
    ]);
    expect(external.every((d) => d.severity === 'error' && /never fetched or read/.test(d.message))).toBe(true);
    // Nothing from the targets leaks into the report or the model.
    expect(JSON.stringify(result)).not.toMatch(/root:x:0:0|AccessKeyId/);
    const pet = result.model?.schemas.Pet?.schema;
    expect(pet?.kind).toBe('object');
    if (pet?.kind === 'object') {
      const hostile = pet.properties.filter((p) => ['secrets', 'passwd', 'relative'].includes(p.name));
      expect(hostile.map((p) => p.schema)).toEqual(
        hostile.map(() => expect.objectContaining({ kind: 'unknown', reason: 'external' })),
      );
      expect(hostile).toHaveLength(3);
    }
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('handles ref cycles: pure ref loops are errors, recursive schemas are fine, nothing hangs', async () => {
    const result = await analyzeJson(
      baseSpec({
        components: {
          schemas: {
            A: { $ref: '#/components/schemas/B' },
            B: { $ref: '#/components/schemas/C' },
            C: { $ref: '#/components/schemas/A' },
            Node: {
              type: 'object',
              properties: {
                next: { $ref: '#/components/schemas/Node' },
                other: { $ref: '#/components/schemas/Other' },
              },
            },
            Other: { type: 'object', properties: { back: { $ref: '#/components/schemas/Node' } } },
          },
        },
        paths: {
          '/pets/{petId}': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } },
                },
              },
            },
          },
        },
      }),
    );
    expect(result.diagnostics.filter((d) => d.ruleId === 'ref/cycle').length).toBeGreaterThanOrEqual(3);
    const node = result.model?.schemas.Node?.schema;
    expect(node?.kind).toBe('object');
    if (node?.kind === 'object') expect(node.properties[0]?.schema).toMatchObject({ kind: 'ref', target: 'Node' });
    expect(result.model?.schemas.Other?.schema).toMatchObject({ kind: 'object' });
  });

  it('survives a long chain of $refs and a schema nested 200 levels deep (400 JSON levels)', async () => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++) schemas[`S${i}`] = { $ref: `#/components/schemas/S${i + 1}` };
    schemas.S2000 = { type: 'string' };
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 200; i++) deep = { type: 'object', properties: { x: deep } };
    schemas.Deep = deep;
    const started = performance.now();
    const result = await analyzeJson(baseSpec({ components: { schemas } }));
    // The chain of bare refs is collapsed: every link names its end (one alias deep for the compilers).
    expect(result.model?.schemas.S0?.schema).toMatchObject({ kind: 'ref', target: 'S2000' });
    expect(result.model?.schemas.Deep?.schema.kind).toBe('object');
    expect(result.diagnostics.some((d) => d.ruleId.startsWith('internal/'))).toBe(false);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('does not hang on a catastrophic-backtracking pattern in an example check', async () => {
    const started = performance.now();
    const result = await analyzeJson(
      baseSpec({
        components: { schemas: { Pet: { type: 'string', pattern: '^(a+)+$', example: 'a'.repeat(40) + '!' } } },
      }),
    );
    expect(result.model).toBeDefined();
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('stops between phases when the signal is aborted', async () => {
    const { analyzeSpec } = await import('../../../../workers/generators/analyze.ts');
    const controller = new AbortController();
    controller.abort(new Error('canceled by user'));
    await expect(
      analyzeSpec({ openapiText: JSON.stringify(baseSpec()), mode: 'flagship', signal: controller.signal }),
    ).rejects.toThrow('canceled by user');
  });
});
