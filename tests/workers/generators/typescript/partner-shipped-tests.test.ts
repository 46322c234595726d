// The shipped Stainless SDK's own tests pass against our partner SDK (issue #29). For each
// migration triple: a `partner_compatible` generation from its description and stainless.yml,
// built by tsc, installed under the shipped package name; Prism mocking the description; the
// shipped tests (`sdk-typescript-tests/`, per method in `api-resources/`, client options in
// `index.test.ts`) run unchanged but for `test.skip` → `test` (shipped-tests-harness.ts). A test
// that fails against the shipped SDK in the same harness is excluded with its reason. The bar:
// at least 95% of all of them overall, the per-method tests and `index.test.ts` (the client's
// options and internals: `buildRequest`, `buildURL`, logging, retries, `withOptions`) together;
// both figures are printed, with every failure.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import {
  descriptionOf,
  MIGRATION,
  runShippedTests,
  scoreAgainst,
  startPrism,
  type TestOutcome,
} from './shipped-tests-harness.ts';
import { runTsc, writeFiles } from './helpers.ts';

const HAS_CORPUS = existsSync(MIGRATION);
if (!HAS_CORPUS) console.warn(`!!! The shipped Stainless tests suite is SKIPPED: no corpus at ${MIGRATION}`);

const root = mkdtempSync(join(tmpdir(), 'partner-shipped-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const perMethod = (outcomes: TestOutcome[]): TestOutcome[] => outcomes.filter((o) => o.id.startsWith('api-resources/'));
const clientTests = (outcomes: TestOutcome[]): TestOutcome[] =>
  outcomes.filter((o) => o.id.startsWith('index.test.ts'));

describe.skipIf(!HAS_CORPUS)('the shipped Stainless SDK tests against our partner SDK', () => {
  it('pass for at least 95% of the tests the shipped SDK passes (per method and index.test.ts), over the triples', async () => {
    const triples = readdirSync(MIGRATION)
      .filter((name) => existsSync(join(MIGRATION, name, 'sdk-typescript-tests')))
      .sort();
    expect(triples.length).toBeGreaterThan(0);
    const total = { passed: 0, total: 0, clientPassed: 0, clientTotal: 0 };
    const lines: string[] = [];
    for (const name of triples) {
      const dir = join(MIGRATION, name);
      const description = descriptionOf(dir);
      const result = await analyzeSpec({
        openapiText: readFileSync(description, 'utf8'),
        configText: readFileSync(join(dir, 'stainless.yml'), 'utf8'),
        mode: 'partner_compatible',
      });
      expect(result.model, name).toBeDefined();
      const packageDir = join(root, name, 'package');
      mkdirSync(packageDir, { recursive: true });
      writeFiles(packageDir, emitTypeScriptSdk(result.model as NonNullable<typeof result.model>));
      const build = await runTsc(join(packageDir, 'tsconfig.json'));
      expect(build.output, name).toBe('');
      const prism = await startPrism(description);
      try {
        const shipped = await runShippedTests({
          tripleDir: dir,
          runDir: join(root, name, 'shipped'),
          baseURL: prism.baseURL,
          shippedSrc: join(dir, 'sdk-typescript/src'),
        });
        const ours = await runShippedTests({
          tripleDir: dir,
          runDir: join(root, name, 'ours'),
          baseURL: prism.baseURL,
          packageDir,
        });
        const methods = scoreAgainst(perMethod(ours), perMethod(shipped));
        const client = scoreAgainst(clientTests(ours), clientTests(shipped));
        total.passed += methods.passed;
        total.total += methods.total;
        total.clientPassed += client.passed;
        total.clientTotal += client.total;
        lines.push(
          `${name}: per-method ${methods.passed}/${methods.total} (${methods.excluded.size} excluded), index.test.ts ${client.passed}/${client.total} (${client.excluded.size} excluded)`,
        );
        for (const [id, reason] of methods.excluded)
          lines.push(`  excluded (fails against the shipped SDK too): ${id}: ${reason}`);
        for (const [id, reason] of client.excluded)
          lines.push(`  excluded (fails against the shipped SDK too): ${id}: ${reason}`);
        for (const failure of [...methods.failures, ...client.failures])
          lines.push(`  FAILED ${failure.id}: ${failure.message}`);
      } finally {
        prism.stop();
      }
    }
    const percent = (passed: number, of: number): string => `${((passed / of) * 100).toFixed(1)}%`;
    const passed = total.passed + total.clientPassed;
    const all = total.total + total.clientTotal;
    console.log(
      [
        ...lines,
        `overall: per-method ${total.passed}/${total.total} (${percent(total.passed, total.total)}), index.test.ts ${total.clientPassed}/${total.clientTotal} (${percent(total.clientPassed, total.clientTotal)}), together ${passed}/${all} (${percent(passed, all)})`,
      ].join('\n'),
    );
    expect(passed / all).toBeGreaterThanOrEqual(0.95);
    // Neither part may hide behind the other.
    expect(total.passed / total.total).toBeGreaterThanOrEqual(0.95);
    expect(total.clientPassed / total.clientTotal).toBeGreaterThanOrEqual(0.95);
  }, 900_000);
});
