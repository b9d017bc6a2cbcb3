import { existsSync } from 'node:fs';

/**
 * Which suites this machine can run. Chromium, PostgreSQL and Redis are treated alike: a suite whose
 * service is missing is left out and named at the end of the run with the one step that brings it in.
 * `.ci/run` sets REQUIRE_EVERY_SUITE, and then anything left out or skipped fails the run.
 */
export interface MissingSuite {
  suite: string;
  reason: string;
  remedy: string;
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function missingSuites(env: NodeJS.ProcessEnv = process.env): MissingSuite[] {
  const missing: MissingSuite[] = [];
  if (!existsSync(env.CHROMIUM_PATH || CHROMIUM_PATH)) {
    missing.push({
      suite: 'the browser suite (e2e)',
      reason: `Chromium was not found at ${env.CHROMIUM_PATH || CHROMIUM_PATH}`,
      remedy: 'sudo apt-get install -y chromium fonts-noto-color-emoji (or set CHROMIUM_PATH)',
    });
  }
  if (!env.TEST_DATABASE_URL) {
    missing.push({
      suite: 'the API suite on PostgreSQL (api-postgres)',
      reason: 'TEST_DATABASE_URL is not set',
      remedy: 'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test',
    });
  }
  if (!env.TEST_REDIS_URL) {
    missing.push({
      suite: 'the Redis and two-instance cases',
      reason: 'TEST_REDIS_URL is not set',
      remedy: 'TEST_REDIS_URL=redis://127.0.0.1:6379 npm test',
    });
  }
  return missing;
}

export const requireEverySuite = (env: NodeJS.ProcessEnv = process.env) => env.REQUIRE_EVERY_SUITE === '1' || env.REQUIRE_EVERY_SUITE === 'true';
