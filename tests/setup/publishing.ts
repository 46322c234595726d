import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import { emitTypeScriptSdk } from '../../workers/generators/typescript/index.ts';
import { PETSTORE, type rest } from './http.ts';
import { waitForRun } from './runs.ts';

/** PETSTORE with one more operation: its SDK has `pets.retrieve` as well. */
export const PETSTORE_PLUS = `${PETSTORE}  /pets/{petId}:
    get:
      operationId: getPet
      parameters:
        - name: petId
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: ok
`;

/** A TypeScript SDK as a customer sends it in oldSdkText (our generator's output for `description`, `// File:` headers) declaring `version` in src/version.ts. */
export async function shippedSdkText(description: string, version: string): Promise<string> {
  const model = (await analyzeSpec({ openapiText: description, mode: 'flagship' })).model!;
  const files = emitTypeScriptSdk(model).filter((f) => f.path.endsWith('.ts'));
  return [
    ...files.map((f) => `// File: ${f.path}\n${String(f.content)}`),
    `// File: src/version.ts\nexport const VERSION = '${version}'; // x-release-please-version\n`,
  ].join('\n');
}

/** git with no user or system configuration (HOME is `cwd`), its stdout. */
export async function git(args: string[], cwd: string): Promise<string> {
  return (
    await promisify(execFile)('git', args, {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
      timeout: 30_000,
    })
  ).stdout;
}

type Api = ReturnType<typeof rest>;

export interface ActionBody {
  id: string;
  status: string;
  action: string;
  registry: string;
  version?: string;
  checklist: Array<{ id: string; status: string; detail?: string }>;
  providerResult?: {
    state?: string;
    summary?: string;
    target?: Record<string, unknown>;
    registryResponse?: { status?: number; code?: string; message?: string };
    error?: { code: string; message: string; status?: number };
    attempts?: number;
  };
}

/** Starts a report and waits (through the real worker) until its run is finished. */
export async function finishedRun(
  api: Api,
  openapiText: string,
  projectName: string,
  projectId?: string,
  extra: Record<string, unknown> = {},
): Promise<{ runId: string; projectId: string }> {
  const started = await api.post('/reports/start', {
    openapiText,
    ...(projectId ? { projectId } : { projectName }),
    ...extra,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const run = await waitForRun(started.body.run.id as string, 120_000);
  expect(['ready', 'complete']).toContain(run.status);
  return { runId: run.id, projectId: run.projectId };
}

/** Polls GET /runs/{runId}/publish/actions (real HTTP) until the action is published, failed or rolled back. */
export async function waitForAction(
  api: Api,
  runId: string,
  actionId: string,
  timeoutMs = 120_000,
): Promise<ActionBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.get(`/runs/${runId}/publish/actions`);
    expect(res.status).toBe(200);
    const action = (res.body.publishActions as ActionBody[]).find((a) => a.id === actionId);
    const state = action?.providerResult?.state;
    if (action && state && state !== 'queued' && state !== 'publishing') return action;
    if (Date.now() > deadline) throw new Error(`action ${actionId} is still ${state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
