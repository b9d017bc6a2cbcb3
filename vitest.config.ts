import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { missingSuites, requireEverySuite } from './scripts/test-suites.js';

/**
 * The cluster's failure tests (three instances, nginx, a PostgreSQL and a Redis of their own, traffic
 * throughout) keep both cores busy for a minute and a half, and the timings of a rolling restart are
 * what they test: they run alone (their project's groupOrder, 1), after the other API and unit files
 * and before the browser files (group 2).
 * Beside the browser suite, a loaded machine failed a sign-in in their rolling restart.
 */
const CLUSTER_FILES = ['apps/server/test/cluster-failures.test.ts'];

const api = (name: string, exclude: string[] = []) => ({
  test: {
    name,
    include: ['apps/server/test/**/*.test.ts'],
    // node_modules: a test peer's own packages (test/peers) are not test files.
    exclude: ['**/node_modules/**', ...exclude, ...CLUSTER_FILES],
    environment: 'node',
    // A worker's files share the modules they import (the app's whole graph) instead of each
    // loading it again: 236 s against 161 s for api-pglite on two cores. Each file builds its own
    // app and database, and no API test mocks a module or stubs a global.
    isolate: false,
    globalSetup: ['apps/server/test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// A suite whose service this machine lacks is left out and named at the end (scripts/summary-reporter.ts);
// CI (REQUIRE_EVERY_SUITE) refuses to start without all of them.
const missing = missingSuites();
if (requireEverySuite() && missing.length) {
  throw new Error(`REQUIRE_EVERY_SUITE: cannot run ${missing.map((m) => `${m.suite} (${m.reason})`).join('; ')}`);
}
const hasChromium = !missing.some((m) => m.suite.includes('e2e'));

/** The web test files that replace a module with vi.mock (see unit-web below), relative to apps/web. */
const WEB_MOCKING_FILES = fs
  .readdirSync('apps/web/src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.mock\(/.test(fs.readFileSync(path.join('apps/web/src', file), 'utf8')))
  .map((file) => path.posix.join('src', file.split(path.sep).join('/')));

const web = (name: string, files: { isolate: boolean; include?: string[]; exclude?: string[] }) => ({
  extends: './apps/web/vite.config.ts',
  test: {
    name,
    root: './apps/web',
    include: files.include ?? ['src/**/*.test.{ts,tsx}'],
    exclude: files.exclude ?? [],
    isolate: files.isolate,
    environment: 'jsdom',
    // A jsdom render with user events takes ~1 s alone and several on a loaded 2-core machine
    // (the API and browser suites run beside it); 5 s, Vitest's default, failed there.
    testTimeout: 20_000,
    // The browser APIs jsdom lacks (matchMedia, ResizeObserver, ...), stubbed once for every web test.
    setupFiles: ['./src/test/setup.ts'],
  },
});

const e2e = {
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    // Waits for the server global setup started (and does not wait for): see global-setup.ts.
    setupFiles: ['e2e/support/server-ready.ts'],
    // Two files side by side, as the last group (after the API files and the cluster's failure
    // tests): one file alone kept 0.67 of the two cores busy (user and system time over 989 s of
    // the browser suite), the rest of its time waiting on timers, polls and the server.
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { groupOrder: 2 },
    maxConcurrency: 2,
    // A journey of one test takes 45 to 60 s beside the other file on a loaded 2-core machine (documents,
    // line-up, event-lifecycle, going-invitation measured so on 2026-12-02), and one went past 60 s:
    // its polls have their own limits, so this bounds only a journey that hangs.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
};

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Vitest runs one file fewer than the cores at a time: a single one on a 2-core machine. API and
    // browser files spend most of their time waiting (timers, the database, the browser, password
    // hashing on libuv's threads), so at least two run side by side.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/scripts/**/*.test.mjs', 'tools/lint/rules/**/*.test.mjs'],
          environment: 'node',
        },
      },
      // A worker's web files share one jsdom window and the modules they import instead of each
      // making its own: 123 s against 20 s on two cores. setup.ts gives every file a clean window
      // (storage, cookies, stubs, timers); the files that replace a module with vi.mock keep a
      // module graph of their own, since a module cached by an earlier file would not see the mock.
      web('unit-web', { isolate: false, exclude: WEB_MOCKING_FILES }),
      web('unit-web-mocks', { isolate: true, include: WEB_MOCKING_FILES }),
      // activitypub.bot, the federation tests' peer written by others, keeps its data in PostgreSQL only:
      // its file runs in the PostgreSQL project.
      api('api-pglite', ['apps/server/test/federation-activitypub-bot.test.ts']),
      // PostgreSQL runs the same suite when TEST_DATABASE_URL names a server. The fuzzer (no input
      // gives a 5xx) tests the routes' validation and error mapping, which the two databases share
      // (PGlite is PostgreSQL's own engine): it runs once, on PGlite, as on any machine, and long with
      // `npm run fuzz`.
      ...(process.env.TEST_DATABASE_URL ? [api('api-postgres', ['apps/server/test/fuzz.test.ts'])] : []),
      ...(hasChromium ? [e2e] : []),
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-cluster',
                include: CLUSTER_FILES,
                environment: 'node',
                testTimeout: 30_000,
                hookTimeout: 60_000,
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
    ],
  },
});
