import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that measure the service under stress (a stalled event loop, a PostgreSQL restart, killed
 * processes, many starts at once): they run last, one at a time, on an otherwise idle machine, so
 * what they measure is the service and not a neighbouring test file's compiler run.
 */
const QUIET = ['tests/reliability/**/*.test.ts', 'tests/workers/pipeline/isolation.test.ts'];

/**
 * Every other file runs with one worker per core, at least two: most files wait on a child
 * process, a browser or PostgreSQL, and one worker (vitest's default on 2 cores) left a core idle
 * through much of the run (docs/testing.md has the figures).
 */
const WORKERS = Math.max(2, availableParallelism());

/**
 * The corpus shards (each compiles hundreds of packages in one checker run, 2–3 minutes) and the
 * web app's browser suite start first: vitest's default order on a fresh clone (largest file
 * first) left them to the end, two at a time, a tail of several minutes with one core idle.
 */
const HEAVY = [/\/corpus-slice-\d+-of-\d+\.test\.ts$/, /\/e2e\/web-app\.test\.ts$/];

class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const heavy = (spec: TestSpecification): boolean => HEAVY.some((re) => re.test(spec.moduleId));
    return [...sorted.filter(heavy), ...sorted.filter((spec) => !heavy(spec))];
  }
}

// One PostgreSQL server per project (tests/setup/global-setup.ts); each test file creates its own
// database on it (tests/setup/database.ts), so files run in parallel.
export default defineConfig({
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    pool: 'forks',
    sequence: { sequencer: HeavyFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-results.json' }]] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: ['tests/**/*.test.ts'],
          exclude: QUIET,
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'quiet', include: QUIET, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
