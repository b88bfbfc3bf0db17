import { defineConfig } from 'vitest/config';

const integrationFiles = ['server/**/*.test.ts'];
const unitFiles = ['shared/**/*.test.ts', 'server/**/*.unit.test.ts', 'web/**/*.test.ts'];

/**
 * unit: pure code. integration: the real app over HTTP on PGlite; integration-pg: the same suite
 * on PostgreSQL, in databases the run creates and drops (only when TEST_DATABASE_URL is set).
 * scripts/*.test.ts drive the command-line tools against the embedded database.
 */
export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker; the integration files wait on
    // sockets and the database as much as they compute, and two run side by side in about
    // two thirds of the time (BENCHMARKS.md, CI time).
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: unitFiles } },
      {
        test: {
          name: 'integration',
          include: [...integrationFiles, 'scripts/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
