// Shared helpers for generator tests: a minimal valid description to vary per case.

import { analyzeSpec, type AnalyzeResult } from '../../../workers/generators/analyze.ts';

export type Json = Record<string, unknown>;

/** A small valid OpenAPI 3.0 document (no rule fires on it), deep-merged with `overrides`. */
export function baseSpec(overrides: Json = {}, version = '3.0.3'): Json {
  const base: Json = {
    openapi: version,
    info: { title: 'Test API', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    tags: [{ name: 'pets' }],
    paths: {
      '/pets/{petId}': {
        get: {
          operationId: 'getPet',
          tags: ['pets'],
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Pet: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
      },
    },
  };
  return merge(base, overrides);
}

function merge(target: Json, source: Json): Json {
  const out: Json = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    if (value === undefined) delete out[key];
    else if (isPlain(existing) && isPlain(value)) out[key] = merge(existing, value);
    else out[key] = value;
  }
  return out;
}

function isPlain(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export async function analyzeJson(
  doc: Json,
  extra: { configText?: string; mode?: string } = {},
): Promise<AnalyzeResult> {
  return analyzeSpec({
    openapiText: JSON.stringify(doc, null, 2),
    mode: extra.mode ?? 'flagship',
    ...(extra.configText !== undefined ? { configText: extra.configText } : {}),
  });
}

export function ruleIds(result: AnalyzeResult): string[] {
  return result.diagnostics.map((d) => d.ruleId);
}
