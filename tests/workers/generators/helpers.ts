// Shared helpers for generator tests: a minimal valid description to vary per case, and the model
// of a fixture description.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeSpec, type AnalyzeResult } from '../../../workers/generators/analyze.ts';
import type { ApiModel } from '../../../workers/generators/model/types.ts';

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

/**
 * The model of the fixture `name`: `files` is its description file and flagship config file (or
 * none) under `dir`. A fixture that builds no model, or whose config has an error, throws.
 */
export async function fixtureModelOf(
  dir: string,
  name: string,
  files: readonly [string, string | undefined] | undefined,
): Promise<ApiModel> {
  if (!files) throw new Error(`no fixture ${name} in ${dir}`);
  const [spec, config] = files;
  const result = await analyzeSpec({
    openapiText: readFileSync(join(dir, spec), 'utf8'),
    ...(config ? { configText: readFileSync(join(dir, config), 'utf8') } : {}),
    mode: 'flagship',
  });
  const configErrors = result.diagnostics.filter((d) => d.document === 'config' && d.severity === 'error');
  if (!result.model || configErrors.length > 0)
    throw new Error(`fixture ${name} did not build: ${JSON.stringify(result.diagnostics.slice(0, 5))}`);
  return result.model;
}
