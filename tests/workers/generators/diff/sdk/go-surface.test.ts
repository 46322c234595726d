// The compatibility diff of a Go SDK: the shipped module's exported surface read with go/parser by
// a program of ours (workers/generators/diff/sdk/bundle/go_surface, built once, parse only) against
// the module we generate, through the compat_diff step as the worker runs it. One `go build` of the
// reader per machine (cached by the hash of its source), then one run of it per surface.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../../workers/generators/analyze.ts';
import type { CompatReport, SdkDiffReport } from '../../../../../workers/generators/diff/index.ts';
import { emitGoSdk } from '../../../../../workers/generators/go/index.ts';
import type { ApiModel } from '../../../../../workers/generators/model/types.ts';
import { findExecutable } from '../../../../../workers/pipeline/check-with-tool.ts';
import { NO_CARRY_SOURCES } from '../../../../../workers/pipeline/custom-code/carry-sources.ts';
import type { StepContext } from '../../../../../workers/pipeline/step.ts';
import { compatDiffStep, looksLikeGo } from '../../../../../workers/pipeline/steps/compat-diff.ts';

const HAS_GO = findExecutable('go') !== undefined;
if (!HAS_GO) console.warn('\n!!! Go SDK compatibility diff SKIPPED: go is not installed.\n');

const OLD = `openapi: 3.0.3
info: { title: Petstore, version: 1.0.0 }
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } }
    post:
      operationId: createPet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties: { name: { type: string }, tag: { type: string } }
      responses:
        '201': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
  /pets/{petId}:
    get:
      operationId: getPet
      parameters: [{ name: petId, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
    delete:
      operationId: deletePet
      parameters: [{ name: petId, in: path, required: true, schema: { type: string } }]
      responses:
        '204': { description: gone }
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties: { id: { type: string }, name: { type: string }, tag: { type: string } }
`;

/** The next description: `delete` is gone, `tag` became an integer, `age` a new required field. */
const NEW = OLD.replace(/ {4}delete:\n(?: {6}.*\n)+/, '')
  .replace(
    'required: [name]\n              properties: { name: { type: string }, tag: { type: string } }',
    'required: [name, age]\n              properties: { name: { type: string }, tag: { type: integer }, age: { type: integer } }',
  )
  .replace(
    'properties: { id: { type: string }, name: { type: string }, tag: { type: string } }',
    'properties: { id: { type: string }, name: { type: integer } }',
  );

async function model(openapiText: string, configText?: string): Promise<ApiModel> {
  const result = await analyzeSpec({
    openapiText,
    ...(configText ? { configText, mode: 'partner_migration' } : { mode: 'flagship' }),
  });
  return result.model!;
}

/** A Go module as a customer sends it in oldSdkText: its files joined with `// File: <path>` headers. */
function sdkText(files: Array<{ path: string; content: string }>): string {
  return files.map((f) => `// File: ${f.path}\n${f.content}`).join('\n');
}

/** The compat_diff step, as the worker runs it, on these inputs. */
async function compatDiff(oldSdkText: string, newModel: ApiModel): Promise<{ summary: string; sdk: SdkDiffReport }> {
  const context = {
    runId: 'run_test',
    mode: 'flagship',
    inputs: { openapiText: '', configText: null, oldSdkText, docsSourceText: null },
    signal: new AbortController().signal,
    model: async () => ({ model: newModel }),
    previousDescription: async () => undefined,
    carry: NO_CARRY_SOURCES,
  } as unknown as StepContext;
  const outcome = await compatDiffStep.run(context);
  expect(outcome.status, outcome.summary).toBe('passed');
  const json = outcome.artifacts?.[0] && 'files' in outcome.artifacts[0] ? outcome.artifacts[0].files[0] : undefined;
  const report = JSON.parse(String(json?.content)) as CompatReport;
  return { summary: outcome.summary, sdk: report.sdk! };
}

describe.skipIf(!HAS_GO)('Go SDK compatibility diff (go/parser, through the compat_diff step)', () => {
  it('finds a removed method, a changed parameter type, a new required field and a changed model field', async () => {
    const oldFiles = emitGoSdk(await model(OLD))
      .filter((f) => f.path.endsWith('.go'))
      .map((f) => ({ path: f.path, content: String(f.content) }));
    const text = sdkText(oldFiles);
    expect(looksLikeGo(text)).toBe(true);
    const { summary, sdk } = await compatDiff(text, await model(NEW));
    expect(sdk.oldLanguage).toBe('go');
    expect(sdk.problems).toEqual([]);
    expect(summary).toMatch(/^SDK: 2 kept, 0 renamed, 1 changed, 1 removed, 0 added;/);
    const removed = sdk.methods.find((m) => m.status === 'removed');
    expect(removed).toMatchObject({
      oldId: 'Pets.Delete',
      endpoint: 'delete /pets/{}',
      reason: 'The endpoint delete /pets/{} is not in the new description.',
    });
    expect(removed?.oldCall).toBe('client.Pets.Delete(ctx, petID)');
    const changed = sdk.methods.find((m) => m.status === 'changed');
    expect(changed?.oldId).toBe('Pets.New');
    expect(changed?.changes.map((c) => [c.kind, c.breaking, c.message])).toEqual([
      [
        'param-type-changed',
        true,
        'Parameter `Tag` changed type: string (param.Opt[string]) → number (param.Opt[int64]).',
      ],
      ['required-param-added', true, 'New required parameter `Age`.'],
    ]);
    expect(sdk.counts.breakingChanges).toBe(2);
    expect(sdk.models.changed).toEqual([
      {
        name: 'Pet',
        changes: [
          expect.objectContaining({
            kind: 'param-type-changed',
            message: 'Field `Name` changed type: string (string) → number (int64).',
          }),
          expect.objectContaining({ kind: 'param-removed', message: 'Field `Tag` is gone.' }),
        ],
      },
    ]);
    expect(sdk.errors.kept).toEqual(['Error']);
    expect(sdk.clientOptions.removed).toEqual([]);
    expect(sdk.clientOptions.kept).toContain('WithBaseURL');
  });

  // The shipped Go SDK of the kernel-hypeman triple (onkernel/hypeman-go v0.7.0, commit b16f378):
  // the corpus keeps the TypeScript SDK only, so the module is read from `sdk-go/` beside it when a
  // corpus carries it, or from HYPEMAN_GO_SDK_DIR (a checkout of that tag).
  const HYPEMAN = path.join(import.meta.dirname, '../../../../../../shared/corpus/migration/kernel-hypeman');
  const HYPEMAN_GO = process.env.HYPEMAN_GO_SDK_DIR ?? path.join(HYPEMAN, 'sdk-go');
  const hasHypeman = existsSync(path.join(HYPEMAN, 'openapi.yaml')) && existsSync(path.join(HYPEMAN_GO, 'go.mod'));
  if (!hasHypeman)
    console.warn(
      `\n!!! kernel-hypeman Go SDK diff SKIPPED: no shipped Go module at ${HYPEMAN_GO} (set HYPEMAN_GO_SDK_DIR to a checkout of onkernel/hypeman-go v0.7.0).\n`,
    );
  it.skipIf(!hasHypeman)('diffs our partner Go module against the shipped onkernel/hypeman-go v0.7.0', async () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const p = path.join(dir, name);
        return statSync(p).isDirectory() ? walk(p) : [p];
      });
    const shipped = walk(HYPEMAN_GO)
      .filter((p) => p.endsWith('.go'))
      .map((p) => ({ path: path.relative(HYPEMAN_GO, p), content: readFileSync(p, 'utf8') }));
    const ours = await model(
      readFileSync(path.join(HYPEMAN, 'openapi.yaml'), 'utf8'),
      readFileSync(path.join(HYPEMAN, 'stainless.yml'), 'utf8'),
    );
    const { sdk } = await compatDiff(sdkText(shipped), ours);
    expect(sdk.problems).toEqual([]);
    expect(sdk.counts).toEqual({
      oldMethods: 24,
      newMethods: 30,
      kept: 23,
      renamed: 0,
      changed: 1,
      removed: 0,
      added: 6,
      breakingChanges: 0,
    });
    // No breaking change. (Before partner runs put a nested resource's parent id in the params
    // struct, as Stainless does (`InstanceVolumeAttachParams.ID`, tag `path:"id,required"`), there
    // were two: `Instances.Volumes.Attach` and `Detach` took `(id, volumeID)`.) The one change is
    // the description's: two new optional fields of `Instances.New`.
    const changed = sdk.methods.filter((m) => m.status === 'changed');
    expect(changed.map((m) => [m.oldId, m.changes.map((c) => [c.kind, c.breaking, c.message])])).toEqual([
      [
        'Instances.New',
        [
          ['optional-param-added', false, 'New optional parameter `Devices`.'],
          ['optional-param-added', false, 'New optional parameter `Hypervisor`.'],
        ],
      ],
    ]);
    // Additions the newer description forces (devices, stat) and its new optional fields.
    expect(sdk.methods.filter((m) => m.status === 'added').map((m) => m.newId)).toEqual([
      'Devices.Delete',
      'Devices.Get',
      'Devices.List',
      'Devices.ListAvailable',
      'Devices.New',
      'Instances.Stat',
    ]);
    // Every client option and model of the shipped module is ours too (WithMiddleware, WithDebugLog,
    // WithJSONSet, …: tests/workers/generators/go/live.test.ts; HealthCheckResponse, an alias of Health).
    expect(sdk.clientOptions.removed).toEqual([]);
    expect(sdk.models.removed).toEqual([]);
    expect(sdk.models.changed).toEqual([]);
    expect(sdk.errors.removed).toEqual([]);
  });
});
