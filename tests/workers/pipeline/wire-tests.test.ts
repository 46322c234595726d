// wire_tests end to end with a real Prism on 127.0.0.1: the SDKs' generated tests pass against a
// mock of a fixture, and a serialisation bug planted in the emitted SDK (a query array sent as
// `ids=1,2` where the description says `explode: true`) fails the step with a diagnostic naming the
// operation and Prism's violation. The bug is planted by patching the generated package's source,
// never by replacing our code with a mock.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWireTests, wireTestsStep } from '../../../workers/pipeline/steps/wire-tests.ts';
import type { StepOutcome } from '../../../workers/pipeline/step.ts';
import { wireSuites, type SuiteOrReason } from '../../../workers/pipeline/wire-suites.ts';
import { runSuite, type TestOutcome } from '../../../workers/pipeline/wire-run.ts';
import { analyzeSpec } from '../../../workers/generators/analyze.ts';
import { pythonTools } from '../../../workers/pipeline/python-tools.ts';
import { stepContext } from '../../setup/step-context.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

// `ids` is an exploded form array of at least two integers: `ids=1&ids=1` is right, `ids=1,1` is not.
// `getItem` answers only a vendor JSON type: Prism answers 406 to an SDK whose Accept is
// `application/json` alone (amadeus in the corpus), so each SDK must accept the declared type.
const ARRAYS = `openapi: 3.1.0
info: { title: Arrays, version: 1.0.0 }
servers: [{ url: 'https://api.example.com/v1' }]
paths:
  /items:
    get:
      operationId: listItems
      parameters:
        - name: ids
          in: query
          required: true
          style: form
          explode: true
          schema: { type: array, minItems: 2, items: { type: integer } }
        - { name: q, in: query, schema: { type: string, maxLength: 10 } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [count]
                properties: { count: { type: integer } }
  /items/{itemId}:
    get:
      operationId: getItem
      parameters:
        - { name: itemId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: ok
          content: { application/vnd.example.item+json: { schema: { type: object, properties: { id: { type: string } } } } }
`;

// A cursor-paginated list behind an API key: Prism answers every page with the example, whose
// `next_cursor` says another page follows, so a walk must ask for a second page. The page is a
// vendor JSON type only, so every page's request must ask for it (Prism answers 406 otherwise).
const PAGED = `openapi: 3.1.0
info: { title: Paged, version: 1.0.0 }
servers: [{ url: 'https://api.example.com/v1' }]
security: [{ key: [] }]
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-API-Key }
paths:
  /items:
    get:
      operationId: listItems
      parameters:
        - { name: cursor, in: query, schema: { type: string } }
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 10 } }
      responses:
        '200':
          description: ok
          content:
            application/vnd.example.page+json:
              schema:
                type: object
                required: [data]
                properties:
                  data: { type: array, items: { type: object, required: [id], properties: { id: { type: string } } } }
                  next_cursor: { type: [string, 'null'] }
              example: { data: [{ id: a }, { id: b }], next_cursor: c2 }
`;
// What makes `listItems` paginated (detection needs a scheme from the config).
const PAGED_CONFIG = `pagination:
  - name: cursor_page
    type: cursor
    request:
      cursor: { type: string, x-stainless-pagination-property: { purpose: next_cursor_param } }
      limit: { type: integer }
    response:
      data: { type: array }
      next_cursor: { type: string, x-stainless-pagination-property: { purpose: next_cursor_field } }
`;

interface Report {
  sdks: { sdk: string; passed: number; failed: number; notServable: number; notRun?: string }[];
  diagnostics: { ruleId: string; severity: string; message: string; operation: string; sdk: string; pointer: string }[];
}
function reportOf(outcome: StepOutcome): Report {
  const artifact = outcome.artifacts?.find((a) => a.kind === 'wire_tests');
  if (artifact === undefined || !('json' in artifact)) throw new Error(`no wire_tests report: ${outcome.summary}`);
  return artifact.json as Report;
}

type Bug = [sdk: 'typescript' | 'cli' | 'mcp' | 'python' | 'go', path: RegExp, from: string, to: string];

/** The suites as the step builds them, with one file of an SDK rewritten per bug (the planted bugs). */
function planted(...bug: Bug) {
  return plantedAll([bug]);
}
function plantedAll(bugs: Bug[]) {
  return (...args: Parameters<typeof wireSuites>): Promise<SuiteOrReason>[] =>
    wireSuites(...args).map(async (pending) => {
      let entry = await pending;
      for (const [sdk, path, from, to] of bugs) {
        if (entry.sdk !== sdk || !('suite' in entry)) continue;
        let patched = 0;
        const files = entry.suite.files.map((file) => {
          if (!path.test(file.path)) return file;
          const text = String(file.content);
          if (!text.includes(from)) return file;
          patched++;
          return { ...file, content: text.replace(from, to) };
        });
        expect(patched, `the planted bug found its line in ${sdk}`).toBeGreaterThan(0);
        entry = { ...entry, suite: { ...entry.suite, files } };
      }
      return entry;
    });
}

describe('wire_tests with a real Prism mock', { timeout: 120_000 }, () => {
  it('is not applicable on a description over the model limits, and says which limit', async () => {
    const members = Array.from({ length: 2_001 }, (_, i) => i);
    const outcome = await wireTestsStep.run(
      stepContext(
        JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'Wide enum', version: '1' },
          paths: {
            '/things': {
              get: {
                operationId: 'listThings',
                responses: {
                  '200': { description: 'ok', content: { 'application/json': { schema: { enum: members } } } },
                },
              },
            },
          },
        }),
      ),
    );
    expect(outcome.status).toBe('skipped');
    expect(outcome.summary).toMatch(/over the model's limits \(limits\/enum-members at \/paths\/.*\/enum\)/);
  });

  it("the Node suites leave nothing in the worker's compile cache: everything they load is this run's own code", async () => {
    const cache = mkdtempSync(join(tmpdir(), 'wire-compile-cache-'));
    const before = process.env.NODE_COMPILE_CACHE;
    process.env.NODE_COMPILE_CACHE = cache;
    try {
      const { model } = await analyzeSpec({ openapiText: ARRAYS, mode: 'flagship' });
      const signal = new AbortController().signal;
      const built = await Promise.all(wireSuites(model!, signal, new Set(['python', 'go'])));
      expect(built.map((b) => b.sdk)).toEqual(['typescript', 'cli', 'mcp']);
      // Nothing listens at port 1: the tests fail, after loading the package and its tests.
      for (const entry of built) {
        if (!('suite' in entry)) throw new Error(`${entry.sdk}: ${entry.reason}`);
        const ran = await runSuite(entry.suite, 'http://127.0.0.1:1', signal);
        expect(ran.outcomes.length, ran.output).toBeGreaterThan(0);
      }
      // What is cached names its module: only the pinned tools' launchers (tsc's) may be there.
      const cached = readdirSync(cache, { recursive: true })
        .map((f) => join(cache, String(f)))
        .filter((f) => statSync(f).isFile())
        .map((f) => /file:\/\/[\w./@+-]+/.exec(readFileSync(f, 'latin1'))?.[0] ?? f);
      expect(cached.filter((url) => !url.startsWith(`file://${ROOT}/node_modules/`))).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.NODE_COMPILE_CACHE;
      else process.env.NODE_COMPILE_CACHE = before;
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it("the Python suite runs on the pinned environment's interpreter, not whatever python3 PATH finds", async () => {
    const path = process.env.PATH;
    process.env.PATH = join(tmpdir(), 'no-python-here');
    try {
      const { model } = await analyzeSpec({ openapiText: ARRAYS, mode: 'flagship' });
      const signal = new AbortController().signal;
      const [entry] = await Promise.all(wireSuites(model!, signal, new Set(['typescript', 'cli', 'mcp', 'go'])));
      if (!entry || !('suite' in entry)) throw new Error(`no Python suite: ${JSON.stringify(entry)}`);
      expect(entry.suite.command).toBe(pythonTools().python);
      // Nothing listens at port 1: each of its three tests runs, and fails to connect.
      const ran = await runSuite(entry.suite, 'http://127.0.0.1:1', signal);
      expect(ran.outcomes.map((o) => o.ok)).toEqual([false, false, false]);
    } finally {
      process.env.PATH = path;
    }
  });

  it('passes on a correct SDK: every operation of both SDKs passes against the mock', async () => {
    const outcome = await wireTestsStep.run(stepContext(ARRAYS));
    expect(outcome.status, outcome.summary).toBe('passed');
    const report = reportOf(outcome);
    expect(report.sdks).toEqual([
      expect.objectContaining({ sdk: 'typescript', passed: 2, failed: 0, notServable: 0 }),
      expect.objectContaining({ sdk: 'cli', passed: 2, failed: 0, notServable: 0 }),
      expect.objectContaining({ sdk: 'mcp', passed: 2, failed: 0, notServable: 0 }),
      expect.objectContaining({ sdk: 'python', passed: 2, failed: 0, notServable: 0 }),
      expect.objectContaining({ sdk: 'go', passed: 2, failed: 0, notServable: 0 }),
    ]);
    expect(report.diagnostics).toEqual([]);
    expect(outcome.counts).toMatchObject({
      typescriptPassed: 2,
      cliPassed: 2,
      mcpPassed: 2,
      pythonPassed: 2,
      goPassed: 2,
      failed: 0,
    });
  });

  it('runs each suite once it is built: Python is not held up by a TypeScript package still building', async () => {
    // The TypeScript suite is ready only once the Python suite has run: waiting for every suite
    // before running any (as the step once did) never ends. The report keeps the SDKs' order.
    let pythonRan: () => void = () => {};
    const ran = new Promise<void>((resolve) => {
      pythonRan = resolve;
    });
    const context = {
      ...stepContext(ARRAYS),
      turnedOff: async () => new Set(['cli', 'mcp_server', 'go_sdk'] as const),
    };
    const outcome = await runWireTests(context, (...args) =>
      wireSuites(...args).map(async (pending) => {
        const entry = await pending;
        if (!('suite' in entry)) return entry;
        if (entry.sdk === 'typescript') await ran;
        if (entry.sdk !== 'python') return entry;
        const parse = (output: string): TestOutcome[] => {
          pythonRan();
          return entry.suite.parse(output);
        };
        return { ...entry, suite: { ...entry.suite, parse } };
      }),
    );
    expect(outcome.status, outcome.summary).toBe('passed');
    expect(outcome.summary).toMatch(/typescript: 2 passed.*python: 2 passed/);
    // Each suite's start, from the step's start, is in the counts (a profile reads which suite ran
    // last): here TypeScript's is after the Python suite ended.
    const counts = outcome.counts ?? {};
    expect(counts.pythonStartMs).toBeGreaterThanOrEqual(0);
    expect(counts.typescriptStartMs).toBeGreaterThanOrEqual((counts.pythonStartMs ?? 0) + (counts.pythonMs ?? 0));
  });

  it('fails on a query array sent as ids=1,1 where the description says explode: true (TypeScript, CLI, MCP, Python and Go)', async () => {
    // The TypeScript core's form serialisation: never explode (`ids=1%2C1`).
    const ts = await runWireTests(
      stepContext(ARRAYS),
      planted('typescript', /^dist\/core\/query\.js$/, 'if (explode)', 'if (false)'),
    );
    expect(ts.status).toBe('failed');
    const tsReport = reportOf(ts);
    expect(tsReport.sdks[0]).toMatchObject({ sdk: 'typescript', passed: 1, failed: 1 });
    // The CLI carries its own build of the SDK: the bug planted in the SDK package is not in it.
    expect(tsReport.sdks[1]).toMatchObject({ sdk: 'cli', passed: 2, failed: 0 });
    expect(tsReport.sdks[3]).toMatchObject({ sdk: 'python', passed: 2, failed: 0 });
    expect(tsReport.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'wire/refused',
        severity: 'error',
        sdk: 'typescript',
        operation: 'get /items',
        pointer: '/paths/~1items/get',
        message: expect.stringMatching(/GET \/items .*the mock refused the request: .*ids\.0 must be integer/),
      }),
    ]);
    // The same bug in the SDK the CLI carries (dist/sdk/): the command a user types is refused.
    const cli = await runWireTests(
      stepContext(ARRAYS),
      planted('cli', /^dist\/sdk\/core\/query\.js$/, 'if (explode)', 'if (false)'),
    );
    expect(cli.status).toBe('failed');
    expect(reportOf(cli).sdks[1]).toMatchObject({ sdk: 'cli', passed: 1, failed: 1 });
    expect(reportOf(cli).diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'wire/refused',
        sdk: 'cli',
        operation: 'get /items',
        message: expect.stringMatching(/^CLI, GET \/items .*the mock refused the request/),
      }),
    ]);
    // And in the SDK the MCP server carries: the tool call is refused.
    const mcp = await runWireTests(
      stepContext(ARRAYS),
      planted('mcp', /^dist\/main\.js$/, 'if (explode)', 'if (false)'),
    );
    expect(mcp.status).toBe('failed');
    expect(reportOf(mcp).sdks[2]).toMatchObject({ sdk: 'mcp', passed: 1, failed: 1 });
    expect(reportOf(mcp).diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'wire/refused',
        sdk: 'mcp',
        operation: 'get /items',
        message: expect.stringMatching(
          /^MCP server, GET \/items .*the mock refused the request: Request query parameter ids/,
        ),
      }),
    ]);
    // And in the Go runtime: every list joined with commas.
    const go = await runWireTests(
      stepContext(ARRAYS),
      planted('go', /^internal\/requestconfig\/encode\.go$/, 'if strings.Contains(options, "comma") {', 'if true {'),
    );
    expect(go.status).toBe('failed');
    expect(reportOf(go).sdks[4]).toMatchObject({ sdk: 'go', passed: 1, failed: 1 });
    expect(reportOf(go).diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'wire/refused', sdk: 'go', operation: 'get /items' }),
    ]);
    // The same bug in the Python runtime.
    const py = await runWireTests(
      stepContext(ARRAYS),
      planted('python', /_base_client\.py$/, 'if explode and style == "form":', 'if False:'),
    );
    expect(py.status).toBe('failed');
    expect(reportOf(py).sdks[3]).toMatchObject({ sdk: 'python', passed: 1, failed: 1 });
    expect(reportOf(py).diagnostics[0]).toMatchObject({
      ruleId: 'wire/refused',
      sdk: 'python',
      operation: 'get /items',
    });
  });

  it('walks pages and sends request options; a walk stopping after one page (Go, MCP) or a dropped --api-key (CLI) fails', async () => {
    const outcome = await wireTestsStep.run(stepContext(PAGED, { configText: PAGED_CONFIG }));
    expect(outcome.status, outcome.summary).toBe('passed');
    expect(reportOf(outcome).sdks.map((s) => [s.sdk, s.passed, s.failed])).toEqual([
      ['typescript', 1, 0],
      ['cli', 1, 0],
      ['mcp', 1, 0],
      ['python', 1, 0],
      ['go', 1, 0],
    ]);
    const broken = await runWireTests(
      stepContext(PAGED, { configText: PAGED_CONFIG }),
      plantedAll([
        // Go's auto-pager never fetches the next page.
        [
          'go',
          /^packages\/pagination\/pagination\.go$/,
          'a.page, a.err = a.page.GetNextPage()',
          'a.page, a.err = nil, nil',
        ],
        // The MCP server's max_pages follows no page.
        ['mcp', /^dist\/main\.js$/, 'pages < maxPages && page.hasNextPage()', 'pages < 1 && page.hasNextPage()'],
        // The CLI drops --api-key (the request goes without the credential).
        ['cli', /^dist\/cli\/main\.js$/, 'if (i === 0 && globals.apiKey !== undefined)', 'if (false)'],
      ]),
    );
    expect(broken.status).toBe('failed');
    const report = reportOf(broken);
    expect(report.sdks.map((s) => [s.sdk, s.passed, s.failed])).toEqual([
      ['typescript', 1, 0],
      ['cli', 0, 1],
      ['mcp', 0, 1],
      ['python', 1, 0],
      ['go', 0, 1],
    ]);
    const bySdk = new Map(report.diagnostics.map((d) => [d.sdk, d]));
    expect(bySdk.get('go')).toMatchObject({
      operation: 'get /items',
      message: expect.stringMatching(
        /the walk stopped after the first page, which says another follows \(1 requests\)/,
      ),
    });
    expect(bySdk.get('mcp')).toMatchObject({
      operation: 'get /items',
      message: expect.stringMatching(/max_pages=2 stopped after 1 page\(s\), has_more true/),
    });
    // Prism refuses the request without the credential (401); the message is the CLI's error, not its --verbose log.
    expect(bySdk.get('cli')).toMatchObject({
      ruleId: 'wire/refused',
      operation: 'get /items',
      message: expect.stringMatching(/the mock refused the request: exit 1: error: 401 /),
    });
  });

  it('passes on the live fixture; a streaming operation Prism cannot produce is reported as not servable', async () => {
    const text = readFileSync(join(ROOT, 'tests/fixtures/typescript/live.openapi.yaml'), 'utf8');
    const outcome = await wireTestsStep.run(stepContext(text));
    expect(outcome.status, outcome.summary).toBe('passed');
    const report = reportOf(outcome);
    for (const sdk of report.sdks) expect(sdk, sdk.sdk).toMatchObject({ failed: 0, notServable: 1 });
    expect(report.sdks.map((s) => s.passed)).toEqual([7, 7, 7, 7, 7]);
    expect(report.diagnostics.map((d) => [d.ruleId, d.severity, d.operation])).toEqual([
      ['wire/not-servable', 'info', 'get /ticks'],
      ['wire/not-servable', 'info', 'get /ticks'],
      ['wire/not-servable', 'info', 'get /ticks'],
      ['wire/not-servable', 'info', 'get /ticks'],
      ['wire/not-servable', 'info', 'get /ticks'],
    ]);
  });
});
