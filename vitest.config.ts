import { defineConfig } from 'vitest/config';

const integrationFiles = ['server/**/*.test.ts'];
const unitFiles = ['shared/**/*.test.ts', 'server/**/*.unit.test.ts', 'web/**/*.test.ts'];
// isolate: false — each file starts its own app over its own database and nothing is mocked, so
// the files of a worker share their imported modules instead of importing the server per file.

/**
 * unit: pure code. integration: the real app over HTTP on PGlite; integration-pg: the same suite
 * on PostgreSQL, in databases the run creates and drops (only when TEST_DATABASE_URL is set).
 * scripts/*.test.ts drive the command-line tools against the embedded database.
 */
export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker; the integration files wait on
    // sockets and the database as much as they compute. Unit + integration on PGlite and
    // PostgreSQL, one run each: 2 workers 381–402 s, 3 workers 308 s, 4 workers 338 s
    // (BENCHMARKS.md, CI time).
    maxWorkers: 3,
    // Time limits (below) are safety nets for a hung test, never a measure of speed: a busier
    // machine must only make the suite slower, not fail a test that is right.
    projects: [
      {
        test: {
          name: 'unit',
          include: unitFiles,
          isolate: false,
          // Importing every screen of the route table takes seconds when the machine is busy.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: [...integrationFiles, 'scripts/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'integration-pg',
                include: integrationFiles,
                globalSetup: ['server/test/pg-template.global.ts'],
                exclude: ['server/**/*.unit.test.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                isolate: false,
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
