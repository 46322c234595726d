import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

// The async client of our Python SDK on our own API, driven by python3 against the running service:
// start reports concurrently, poll, page with `async for`, a timeout and a cancellation. (Aborting
// a request in flight, a slow server and the pool's threads: tests/workers/generators/python/async-live.test.ts.)
const ROOT = join(import.meta.dirname, '..', '..');
const CONFIG = readFileSync(join(ROOT, 'tests/fixtures/self/report-service.config.yaml'), 'utf8');
const PYTHON = findExecutable('python3');
if (!PYTHON) console.warn('python3 not found: the async Python SDK live test is skipped');

const SCRIPT = String.raw`
import asyncio, json, sys
from typing import Dict, List
from report_service_sdk import AsyncReportService, NotFoundError

base_url, token, spec = sys.argv[1], sys.argv[2], sys.argv[3]


async def main() -> None:
    out: Dict[str, object] = {}
    async with AsyncReportService(bearer_token=token, base_url=base_url, max_workers=4) as owner:
        created = await owner.api_keys.create(name="python-async", scopes=["workspace:read", "runs:write", "projects:write"])
    async with AsyncReportService(bearer_token=created.token, base_url=base_url) as client:
        first = await client.reports.start(openapi_text=spec, project_name="From async Python")
        # Two more at once: both requests are in flight together on the pool.
        more = await asyncio.gather(*(client.reports.start(openapi_text=spec, project_id=first.project.id) for _ in range(2)))
        ids = [first.run.id] + [started.run.id for started in more]
        run = (await client.runs.retrieve(first.run.id)).run
        for _ in range(600):
            if run.status in ("complete", "ready", "failed", "blocked"):
                break
            await asyncio.sleep(0.1)
            run = (await client.runs.retrieve(first.run.id)).run
        out["ids"], out["status"] = ids, run.status
        out["paged"] = [item.id async for item in client.projects.runs.list(first.project.id, limit=1)]
        out["pages"] = len([page async for page in client.projects.runs.list(first.project.id, limit=1).iter_pages()])
        try:
            await client.runs.retrieve("run_missing")
        except NotFoundError as error:
            out["not_found"] = error.status_code
        # A timeout shorter than any round trip, then a cancelled call: the client keeps working.
        try:
            await asyncio.wait_for(client.runs.retrieve(first.run.id), timeout=0.0001)
        except asyncio.TimeoutError:
            out["timeout"] = "TimeoutError"
        task = asyncio.create_task(client.runs.retrieve(first.run.id))
        await asyncio.sleep(0)
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            out["cancelled"] = task.cancelled()
        out["after"] = (await client.runs.retrieve(first.run.id)).run.id
    print(json.dumps(out))


asyncio.run(main())
`;

let service: TestService;
let sdkDir: string;

beforeAll(async () => {
  if (!PYTHON) return;
  service = await startTestService({ ROLE: 'all' });
  const text = await (await fetch(`${service.url}/api/openapi.json`)).text();
  const analysis = await analyzeSpec({ openapiText: text, configText: CONFIG, mode: 'flagship' });
  sdkDir = await writeTree(emitPythonSdk(analysis.model!), 'report-service-py-async-');
  await writeFile(join(sdkDir, 'drive.py'), SCRIPT);
}, 60_000);
afterAll(async () => {
  await service?.stop();
  if (sdkDir) await rm(sdkDir, { recursive: true, force: true });
});

describe.skipIf(!PYTHON)('the async client of the generated Python SDK drives this service', () => {
  it('starts reports concurrently, polls, pages with async for, times out and cancels', async () => {
    const token = (await newWorkspace(service)).token;
    const { stdout } = await promisify(execFile)(
      PYTHON!,
      [join(sdkDir, 'drive.py'), `${service.url}/api`, token, PETSTORE],
      { cwd: sdkDir, env: { ...process.env, PYTHONPATH: join(sdkDir, 'src') }, timeout: 90_000 },
    );
    const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
      ids: string[];
      status: string;
      paged: string[];
      pages: number;
      not_found: number;
      timeout: string;
      cancelled: boolean;
      after: string;
    };
    expect(new Set(result.ids).size).toBe(3);
    expect(result.status).toBe('complete');
    expect([...result.paged].sort()).toEqual([...result.ids].sort());
    expect(result.pages).toBeGreaterThanOrEqual(3);
    expect(result.not_found).toBe(404);
    expect(result.timeout).toBe('TimeoutError');
    expect(result.cancelled).toBe(true);
    expect(result.after).toBe(result.ids[0]);
  }, 120_000);
});
