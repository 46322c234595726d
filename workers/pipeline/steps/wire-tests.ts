import { writeFile } from 'node:fs/promises';
import type { PipelineStep } from '../../../shared/enums.ts';
import { join } from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { methodTargets } from '../../generators/core/resources.ts';
import type { ApiModel, Diagnostic, Operation } from '../../generators/model/types.ts';
import { mockDescription } from '../mock-description.ts';
import { startMockServer, type MockServer } from '../mock-server.ts';
import { scratchDir } from '../scratch-dir.ts';
import { defineStep, type StepContext, type StepOutcome } from '../step.ts';
import { wireSuites, type SuiteOrReason } from '../wire-suites.ts';
import { operationVerdicts, runSuite, type OperationVerdict, type WireSdk } from '../wire-run.ts';
import { wirePlan } from '../wire-plan.ts';
import { planSdk, resolveOptions } from '../../generators/typescript/naming.ts';

/** The step that builds each SDK the wire tests run. */
const SDK_STEPS: Record<WireSdk, PipelineStep> = {
  typescript: 'typescript_sdk',
  cli: 'cli',
  mcp: 'mcp_server',
  python: 'python_sdk',
  go: 'go_sdk',
};

/** How long the mock may take to read the description; Prism's limit is documented in docs/wire-tests.md. */
const MOCK_START_MS = Number(process.env.WIRE_MOCK_START_MS ?? 30_000);

/** From this many operations two suites run at once against the mock (`runAll`'s lanes); read per run. */
const mockLanesFrom = (): number => Number(process.env.WIRE_MOCK_LANES_FROM ?? 200);

interface SdkReport {
  sdk: WireSdk;
  /** Absent when the SDK's tests ran. */
  notRun?: string;
  passed: number;
  failed: number;
  notServable: number;
  durationMs: number;
}

/**
 * wire_tests: the SDKs' generated tests (shipped in each package) run against a validating mock of
 * the run's description (Prism, workers/pipeline/mock-server.ts) at `TEST_API_BASE_URL`. Per SDK:
 * operations passed / failed / not servable (with the reason, worded by its cause: the mock cannot
 * answer, the SDK's runtime cannot send it, or the description leaves nothing to test, planned
 * before the run by wire-plan.ts). Each failure is an
 * error diagnostic (`wire/refused`: the mock refused the request, naming each violation;
 * `wire/failed`: anything else, e.g. a body that failed to decode) at the operation; a failure
 * fails the step, so the run is `needs_review` (docs/wire-tests.md). A description the mock cannot
 * start on is not applicable (skipped, said so in the summary); an SDK whose tests cannot run here
 * (no python3, a package that does not compile) is reported as not run, which fails nothing but
 * leaves the step `skipped` when no SDK ran.
 */
export const wireTestsStep = defineStep({
  name: 'wire_tests',
  run: (context) => runWireTests(context, wireSuites),
});

/** The step with the SDK suites it runs given (a test plants a bug in one of them). */
export async function runWireTests(
  context: StepContext,
  suitesOf: (model: ApiModel, signal: AbortSignal, skip: ReadonlySet<WireSdk>) => Promise<SuiteOrReason>[],
): Promise<StepOutcome> {
  const { model } = await context.model();
  if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
  // Over a limit (limits/enum-members: a million-member enum, say) the SDKs were built from a
  // simplified model, while Prism serves the whole description: on a 1,000,000-member enum it
  // listened after 4 s and then timed out every request (tests/workers/pipeline/isolation.test.ts).
  const limit = (await context.analysis()).diagnostics.find((d) => d.ruleId.startsWith('limits/'));
  if (limit)
    return {
      status: 'skipped',
      summary: `not applicable: the description is over the model's limits (${limit.ruleId} at ${limit.pointer}); the SDKs were built from the simplified model, and the mock, given the whole description, does not answer in time at such sizes; the SDKs' tests were not run`,
      counts: { notApplicable: 1 },
    };
  const tsPlan = planSdk(model, resolveOptions(model));
  const methods = methodTargets(tsPlan.resources);
  const operations = model.operations.filter((op) => methods.has(op.key));
  if (operations.length === 0)
    return {
      status: 'skipped',
      summary: 'no operation is a method of the SDKs: nothing to call',
      counts: { notApplicable: 1 },
    };

  const stepStart = Date.now();
  const dir = await mkdtemp(join(scratchDir(), 'wire-description-'));
  // Prism is given our parse of the description, without callbacks or externalValue (mock-description.ts).
  const description = mockDescription(context.inputs.openapiText);
  const file = join(dir, 'openapi.json');
  // The suites (emit + compile) are built while Prism reads the description.
  // A description that reaches outside itself ($ref to files or URLs) is not mocked at all: its mock
  // would differ from what the SDKs were built from, and its tests would run with the outside
  // references in reach.
  const starting = (
    !description
      ? Promise.reject(new Error('the description did not parse'))
      : description.external > 0
        ? Promise.reject(new Error(`it has ${description.external} external references, which the mock is never given`))
        : description.tooLarge
          ? Promise.reject(
              new Error(
                `its schema tree, with every reference written out as Prism does before it listens, is over ${description.nodes.toLocaleString('en')} nodes even with response schemas cut at their top level, so Prism was not started`,
              ),
            )
          : writeFile(file, description.json)
  )
    .then(() => startMockServer(file, context.signal, MOCK_START_MS))
    .then(
      (mock) => ({ mock }),
      (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
    );
  try {
    // An SDK whose step is turned off in this run (project settings, the stainless.yml's targets) is not tested.
    const off = (await context.turnedOff?.()) ?? new Set();
    const skip = new Set(
      (Object.entries(SDK_STEPS) as [WireSdk, PipelineStep][]).filter(([, step]) => off.has(step)).map(([sdk]) => sdk),
    );
    // Each suite runs as soon as it is built and a mock is free (runAll); a build's failure
    // surfaces there, or is dropped with the step when the mock does not start.
    const suites = suitesOf(model, context.signal, skip);
    for (const suite of suites) suite.catch(() => {});
    const started = await starting;
    if ('error' in started)
      return {
        status: 'skipped',
        summary: `not applicable: the mock server (Prism) could not serve this description (${started.error.slice(0, 300)}); the SDKs' tests were not run`,
        counts: { notApplicable: 1, operations: operations.length },
      };
    const run = await runAll(
      context.signal,
      started.mock,
      operations.length >= mockLanesFrom() ? 2 : 1,
      operations,
      model.operations,
      suites,
      wirePlan(model, operations),
      stepStart,
    );
    const cut = description?.cut;
    const outcome = cut
      ? {
          ...run,
          summary: `${run.summary}; the mock was given the description bounded (docs/wire-tests.md): response schemas written out ${cut.responseRefDepth} reference${cut.responseRefDepth === 1 ? '' : 's'} deep (deeper parts of responses are not checked), requests exactly${cut.requestCycleCuts > 0 ? `, but below ${cut.requestCycleCuts} reference${cut.requestCycleCuts === 1 ? '' : 's'} closing a cycle` : ''}`,
          counts: { ...run.counts, mockNodes: description?.nodes ?? 0, mockResponseRefDepth: cut.responseRefDepth },
        }
      : run;
    return skip.size === 0
      ? outcome
      : { ...outcome, summary: `${outcome.summary}; not tested, not built in this run: ${[...skip].join(', ')}` };
  } finally {
    const started = await starting;
    if ('mock' in started) await started.mock.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function runAll(
  signal: AbortSignal,
  mock: MockServer,
  lanes: number,
  methodOps: Operation[],
  allOps: Operation[],
  suites: Promise<SuiteOrReason>[],
  plan: ReadonlyMap<number, string>,
  stepStart: number,
): Promise<StepOutcome> {
  const reports: SdkReport[] = [];
  // Of each SDK's not servable operations, those whose reason is no limit of the mock (summary only).
  const notTestable = new Map<WireSdk, number>();
  const diagnostics: (Diagnostic & { sdk: WireSdk; operation: string })[] = [];
  const startMs = mock.startMs;
  const counts: Record<string, number> = { operations: methodOps.length, mockStartMs: startMs, mocks: 1, lanes };
  // `lanes` suites at a time against the one mock (more would only compete for the CPU), each
  // suite as soon as it is built and a lane is free: the Python suite, emitted only, does not wait
  // for the TypeScript packages' compiles. The report keeps the SDKs' order.
  let free = lanes;
  const waiting: (() => void)[] = [];
  const settled = await Promise.all(
    suites.map(async (pending) => {
      const entry = await pending;
      if (!('suite' in entry)) return { entry, ran: undefined };
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      // When each suite started, from the step's start (a profile reads which one ran last, and why).
      counts[`${entry.sdk}StartMs`] = Date.now() - stepStart;
      try {
        return { entry, ran: await runSuite(entry.suite, mock.url, signal) };
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free++;
      }
    }),
  );
  for (const { entry, ran } of settled) {
    if ('reason' in entry || ran === undefined) {
      const reason = 'reason' in entry ? entry.reason : 'not run';
      reports.push({ sdk: entry.sdk, notRun: reason, passed: 0, failed: 0, notServable: 0, durationMs: 0 });
      continue;
    }
    const verdicts = operationVerdicts(ran.outcomes);
    const report: SdkReport = { sdk: entry.sdk, passed: 0, failed: 0, notServable: 0, durationMs: ran.durationMs };
    for (const tested of verdicts) {
      const op = allOps[tested.operation];
      if (op === undefined) continue;
      // An operation the description leaves nothing to test in is counted with its planned reason,
      // whatever its tests did.
      const planned = plan.get(tested.operation);
      const verdict: OperationVerdict =
        planned === undefined
          ? tested
          : {
              operation: tested.operation,
              status: 'not_servable',
              kind: 'kind' in tested ? tested.kind : 'required',
              reason: planned,
            };
      if (verdict.status === 'passed') report.passed++;
      else if (verdict.status === 'not_servable') {
        report.notServable++;
        if (verdict.reason.startsWith('not testable'))
          notTestable.set(entry.sdk, (notTestable.get(entry.sdk) ?? 0) + 1);
      } else report.failed++;
      if (verdict.status !== 'passed') diagnostics.push(diagnosticOf(entry.sdk, op, verdict, planned !== undefined));
    }
    // Tests that never reported (the runner crashed before them): failures of the run as a whole.
    if (verdicts.length === 0)
      reports.push({
        ...report,
        notRun: `its test command reported no test (exit ${ran.exitCode}): ${ran.output.trim().slice(-400)}`,
      });
    else reports.push(report);
    counts[`${entry.sdk}Ms`] = ran.durationMs;
    Object.assign(counts, entry.suite.counts);
    counts[`${entry.sdk}Passed`] = report.passed;
    counts[`${entry.sdk}Failed`] = report.failed;
    counts[`${entry.sdk}NotServable`] = report.notServable;
  }
  const failed =
    reports.reduce((n, r) => n + r.failed, 0) + reports.filter((r) => r.notRun?.startsWith('its test command')).length;
  const ran = reports.filter((r) => r.notRun === undefined);
  counts.failed = failed;
  const line = (r: SdkReport): string =>
    r.notRun !== undefined
      ? `${r.sdk}: not run (${r.notRun.slice(0, 200)})`
      : `${r.sdk}: ${r.passed} passed, ${r.failed} failed, ${r.notServable} not servable${notServableCauses(r.notServable, notTestable.get(r.sdk) ?? 0)}`;
  const status = failed > 0 ? 'failed' : ran.length === 0 ? 'skipped' : 'passed';
  return {
    status,
    summary: `${methodOps.length} operations against a Prism mock (started in ${startMs} ms${lanes > 1 ? `, ${lanes} suites at a time` : ''}): ${reports.map(line).join('; ')}`,
    counts,
    artifacts: [
      {
        kind: 'wire_tests',
        name: 'wire-tests',
        // Timings stay in the summary and counts: the artifact holds only what the same inputs decide,
        // so it is byte-identical across runs (tests/workers/pipeline/artifacts-deterministic.test.ts).
        json: { mock: { tool: 'prism' }, sdks: reports.map(({ durationMs: _, ...report }) => report), diagnostics },
      },
    ],
  };
}

/** Whose limit the not servable operations are, when any: `(2 by the mock, 1 not testable)`. */
function notServableCauses(notServable: number, notTestable: number): string {
  if (notServable === 0) return '';
  const byMock = notServable - notTestable;
  return ` (${[byMock > 0 ? `${byMock} by the mock` : '', notTestable > 0 ? `${notTestable} not testable` : ''].filter(Boolean).join(', ')})`;
}

/**
 * The violations Prism lists in a 422 (`validation[].message`), else the failure as the runner
 * printed it; a not servable operation's reason, which says whose limit it is. A planned operation
 * names no test case: the reason is the whole operation's.
 */
function diagnosticOf(
  sdk: WireSdk,
  op: Operation,
  verdict: Exclude<OperationVerdict, { status: 'passed' }>,
  planned: boolean,
): Diagnostic & { sdk: WireSdk; operation: string } {
  const testCase = planned ? '' : ` (${verdict.kind === 'required' ? 'required parameters' : 'all parameters'})`;
  const where = `${sdk === 'cli' ? 'CLI' : sdk === 'mcp' ? 'MCP server' : `${sdk} SDK`}, ${op.method.toUpperCase()} ${op.path}${testCase}`;
  const violations = [...verdict.reason.matchAll(/"message":\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
  // The SDKs' tests print `HTTP 4xx: <body>`; the CLI prints `error: 4xx <title>` then `status: 4xx`.
  const refused = /UNPROCESSABLE_ENTITY|HTTP 4\d\d|status: 4\d\d|API error 4\d\d/.test(verdict.reason);
  const message =
    verdict.status === 'not_servable'
      ? `${where}: ${verdict.reason}`
      : refused
        ? `${where}: the mock refused the request${violations.length > 0 ? `: ${violations.join('; ')}` : `: ${verdict.reason}`}`
        : `${where}: ${verdict.reason}`;
  return {
    ruleId: verdict.status === 'not_servable' ? 'wire/not-servable' : refused ? 'wire/refused' : 'wire/failed',
    severity: verdict.status === 'not_servable' ? 'info' : 'error',
    message,
    pointer: op.source.pointer,
    line: op.source.line,
    column: op.source.column,
    sdk,
    operation: op.key,
  };
}
