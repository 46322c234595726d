import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import { emitPythonSdk } from '../../workers/generators/python/index.ts';
import { findExecutable, writeTree } from '../../workers/pipeline/check-with-tool.ts';
import { PETSTORE } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

// Our Python SDK generator on our own API, driven by python3 against the running service.
const ROOT = join(import.meta.dirname, '..', '..');
const CONFIG = readFileSync(join(ROOT, 'tests/fixtures/self/report-service.config.yaml'), 'utf8');
const PYTHON = findExecutable('python3');
if (!PYTHON) console.warn('python3 not found: the Python SDK live test is skipped');

const SCRIPT = String.raw`
import json, sys, time
from report_service_sdk import ReportService, NotFoundError, RateLimitError

base_url, token, spec = sys.argv[1], sys.argv[2], sys.argv[3]
owner = ReportService(bearer_token=token, base_url=base_url)
created = owner.api_keys.create(name="python", scopes=["workspace:read", "runs:write", "projects:write", "api_keys:write"])
client = ReportService(bearer_token=created.token, base_url=base_url)

first = client.reports.start(openapi_text=spec, project_name="From Python")
ids = [first.run.id]
for _ in range(2):
    ids.append(client.reports.start(openapi_text=spec, project_id=first.project.id).run.id)
run = client.runs.retrieve(first.run.id).run
for _ in range(600):
    if run.status in ("complete", "ready", "failed", "blocked"):
        break
    time.sleep(0.1)
    run = client.runs.retrieve(first.run.id).run

paged = [item.id for item in client.projects.runs.list(first.project.id, limit=1)]
# Responses are model classes; model["key"] still reads the value under a wire key.
legacy = [first["run"] == first.run.to_dict(), type(first.run).__name__]

try:
    client.runs.retrieve("run_missing")
    not_found = None
except NotFoundError as error:
    not_found = {"status": error.status_code, "body": error.body}

# 429: the workspace may start 4 reports per 2 s. Without retries the fifth is a RateLimitError;
# with retries the client waits for Retry-After and the start succeeds.
eager = ReportService(bearer_token=token, base_url=base_url, max_retries=0)
rate_limited = None
for _ in range(6):
    try:
        eager.reports.start(openapi_text=spec)
    except RateLimitError as error:
        rate_limited = {"status": error.status_code, "retry_after": error.headers.get("retry-after")}
        break
patient = ReportService(bearer_token=token, base_url=base_url, max_retries=3)
after_wait = patient.reports.start(openapi_text=spec).run.status
print(json.dumps({"ids": ids, "legacy": legacy, "status": run.status, "paged": paged, "not_found": not_found, "rate_limited": rate_limited, "after_wait": after_wait}))
`;

let service: TestService;
let sdkDir: string;

beforeAll(async () => {
  if (!PYTHON) return;
  service = await startTestService({ ROLE: 'all', REPORT_RATE_LIMIT: '4', REPORT_RATE_WINDOW_SECONDS: '2' });
  const text = await (await fetch(`${service.url}/api/openapi.json`)).text();
  const analysis = await analyzeSpec({ openapiText: text, configText: CONFIG, mode: 'flagship' });
  sdkDir = await writeTree(emitPythonSdk(analysis.model!), 'report-service-py-');
  await writeFile(join(sdkDir, 'drive.py'), SCRIPT);
}, 60_000);
afterAll(async () => {
  await service?.stop();
  if (sdkDir) await rm(sdkDir, { recursive: true, force: true });
});

describe.skipIf(!PYTHON)('the generated Python SDK drives this service', () => {
  it('creates a key, starts reports, polls, pages, gets a typed 404, and rides out a 429', async () => {
    const token = (await newWorkspace(service)).token;
    expect(existsSync(join(sdkDir, 'src', 'report_service_sdk', '__init__.py'))).toBe(true);
    const { stdout } = await promisify(execFile)(
      PYTHON!,
      [join(sdkDir, 'drive.py'), `${service.url}/api`, token, PETSTORE],
      {
        cwd: sdkDir,
        env: { ...process.env, PYTHONPATH: join(sdkDir, 'src') },
        timeout: 90_000,
      },
    );
    const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
      ids: string[];
      legacy: [boolean, string];
      status: string;
      paged: string[];
      not_found: { status: number; body: { error: string } };
      rate_limited: { status: number; retry_after: string } | null;
      after_wait: string;
    };
    expect(result.status).toBe('complete');
    expect(result.legacy[0]).toBe(true);
    expect([...result.paged].sort()).toEqual([...result.ids].sort());
    expect(result.not_found).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(result.rate_limited).toMatchObject({ status: 429 });
    expect(Number(result.rate_limited!.retry_after)).toBeGreaterThan(0);
    expect(result.after_wait).toBe('queued');
  }, 120_000);
});
