import { defineConfig } from 'vitest/config';

const api = (name: string) => ({
  test: {
    name,
    include: ['apps/server/test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['apps/server/test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

if (!process.env.TEST_DATABASE_URL) {
  // Said once per run, like the Redis suites do: a skipped suite is never silent.
  console.info('PostgreSQL suites not run: TEST_DATABASE_URL is not set (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres).');
}

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'unit-web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The browser APIs jsdom lacks (matchMedia, ResizeObserver, ...), stubbed once for every web test.
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      api('api-pglite'),
      // PostgreSQL runs the same suite when TEST_DATABASE_URL names a server.
      ...(process.env.TEST_DATABASE_URL ? [api('api-postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
