/**
 * Redis for the suites that need it, as TEST_DATABASE_URL is for PostgreSQL: they run only
 * when TEST_REDIS_URL names a server (.ci/run sets redis://127.0.0.1:6379) and are skipped,
 * saying so, otherwise. The server may be shared with other runs: suites use names unique to their run.
 *
 *   describe.skipIf(!REDIS_URL)(needsRedis('Redis group bus'), () => { ... createRedisBus({ url: REDIS_URL }) ... });
 */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? '';

export const REDIS_SKIPPED = '(skipped: set TEST_REDIS_URL to run)';

let noted = false;

/** A Redis suite's title: as it is when Redis is there, else with why it was skipped (also said once on the console). */
export function needsRedis(title: string): string {
  if (REDIS_URL) return title;
  if (!noted) {
    noted = true;
    console.info(`Redis suites not run: TEST_REDIS_URL is not set (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379).`);
  }
  return `${title} ${REDIS_SKIPPED}`;
}
