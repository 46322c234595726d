import { defineConfig } from 'vitest/config';

// One PostgreSQL server for the whole run (tests/setup/global-setup.ts); each test file
// creates its own database on it (tests/setup/database.ts), so files run in parallel.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-results.json' }]] : ['default'],
  },
});
