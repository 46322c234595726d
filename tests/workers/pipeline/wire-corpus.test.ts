// wire_tests over a batch of corpus descriptions (../shared/corpus), each with a real Prism mock:
// every operation of every SDK passes or is reported as not servable with its reason, never
// failed. tomtom's operations need a value generated from a `pattern` (all pass); 1password's
// events take a oneOf no body can satisfy (planned as not testable, a fault of the description).
// The whole corpus figure is bench/wire-corpus.ts (docs/wire-tests.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wireTestsStep } from '../../../workers/pipeline/steps/wire-tests.ts';
import { CORPUS, HAS_CORPUS } from '../generators/corpus-helpers.ts';
import { stepContext } from '../../setup/step-context.ts';

if (!HAS_CORPUS) console.warn(`!!! The wire_tests corpus suite is SKIPPED: no corpus at ${CORPUS}`);

const BATCH = [
  'oai-examples/v3.0/petstore-expanded.yaml',
  'oai-examples/v3.0/link-example.yaml',
  'oai-examples/v3.1/tictactoe.yaml',
  'apis-guru/googleapis.com/youtubeAnalytics/v2/openapi.yaml',
  'apis-guru/tomtom.com/routing/1.0.0/openapi.yaml',
  'apis-guru/1password.com/events/1.0.0/openapi.yaml',
  'apis-guru/xkcd.com/1.0.0/openapi.yaml',
];

describe.skipIf(!HAS_CORPUS)('wire_tests over corpus descriptions', { timeout: 300_000 }, () => {
  it('no operation of any SDK fails against the mock', async () => {
    const results: string[] = [];
    for (const name of BATCH) {
      const outcome = await wireTestsStep.run(stepContext(readFileSync(join(CORPUS, name), 'utf8')));
      results.push(`${name}: ${outcome.status}: ${outcome.summary}`);
      expect(outcome.status, outcome.summary).toBe('passed');
      expect(outcome.counts).toMatchObject({ failed: 0 });
    }
    // tomtom: the 4 routing operations pass, with a string generated from the `locations` pattern.
    expect(results.at(-3)).toMatch(
      /typescript: 4 passed, 0 failed, 0 not servable;.*python: 4 passed, 0 failed, 0 not servable/,
    );
    // 1password: the two operations with the oneOf body are not testable, the third passes.
    expect(results.at(-2)).toMatch(/typescript: 1 passed, 0 failed, 2 not servable \(2 not testable\)/);
    // xkcd's responses are objects served as text/plain: not servable, said so, not a failure.
    expect(results.at(-1)).toMatch(/typescript: 0 passed, 0 failed, 2 not servable \(2 by the mock\)/);
  });
});
