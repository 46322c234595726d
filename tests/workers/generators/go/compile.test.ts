// The generated Go modules of every fixture, and the README's programs (each a `package main`
// placed under the module's examples/), pass the real tools in ONE run each over all of them:
// gofmt -l lists nothing, go vet (which type-checks the generated _test.go files too) and
// the pinned staticcheck pass (the go_sdk step also runs go build and go test). The bundled runtime is checked as its own module too.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../../../workers/generators/core/files.ts';
import { BUNDLE_DIR } from '../../../../workers/generators/go/bundle-files.ts';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitGoSdk } from '../../../../workers/generators/go/index.ts';
import { checkModules, FIXTURE_FILES, fixtureModel, GO_MISSING, GO_TOOLS, runTool } from './helpers.ts';
import { goEnv } from '../../../../workers/pipeline/go-tools.ts';

if (GO_TOOLS === undefined) console.warn(`\n!!! Go SDK compile suite SKIPPED: ${GO_MISSING.join(', ')} not found.\n`);

const root = mkdtempSync(join(tmpdir(), 'go-sdk-compile-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A multipart body holding a list of files: the generated test and README write `[]io.Reader{…}`,
 * so they must import `io` (the corpus's file-uploads.yaml found them without it).
 */
const FILE_LIST = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Files', version: '1.0.0' },
  paths: {
    '/uploads': {
      post: {
        operationId: 'upload',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['files'],
                properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } },
              },
            },
          },
        },
        responses: { '204': { description: 'stored' } },
      },
    },
  },
});

/** The README's ```go blocks. */
export function readmeGoBlocks(readme: string): string[] {
  return [...readme.matchAll(/^(`{3,})go\n([\s\S]*?)\n\1$/gm)].map((m) => m[2] as string);
}

describe.skipIf(GO_TOOLS === undefined)('generated Go modules pass gofmt, vet and staticcheck', () => {
  it('for every fixture, with the README programs built against each module', async () => {
    const modules = new Map<string, GeneratedFile[]>();
    let programCount = 0;
    for (const name of Object.keys(FIXTURE_FILES)) {
      const files = emitGoSdk(await fixtureModel(name));
      const readme = files.find((f) => f.path === 'README.md')?.content ?? '';
      const programs = readmeGoBlocks(readme);
      programCount += programs.length;
      programs.forEach((code, i) => files.push({ path: `examples/readme${i}/main.go`, content: `${code}\n` }));
      modules.set(name, files);
    }
    const fileList = await analyzeSpec({ openapiText: FILE_LIST, mode: 'flagship' });
    const fileListFiles = emitGoSdk(fileList.model as NonNullable<typeof fileList.model>);
    expect(fileListFiles.some((f) => f.path.endsWith('_test.go') && String(f.content).includes('[]io.Reader{'))).toBe(
      true,
    );
    modules.set('file-list', fileListFiles);
    expect(programCount).toBeGreaterThanOrEqual(12);
    const findings = await checkModules(root, modules);
    expect(findings).toEqual({});
  }, 600_000);

  it('the bundled runtime is a module that vets on its own', async () => {
    const dir = join(root, 'bundle');
    cpSync(BUNDLE_DIR, dir, { recursive: true });
    const vet = await runTool((GO_TOOLS as { go: string }).go, ['vet', './...'], dir, goEnv());
    expect(vet.output.trim()).toBe('');
    expect(vet.code).toBe(0);
  }, 300_000);
});
