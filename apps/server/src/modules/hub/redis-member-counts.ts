import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MemberCounts } from './member-counts.js';
import { closeRedis, redisConnection, withTimeout, CLOSE_WAIT_MS } from './redis-connection.js';

const COUNTS_PREFIX = 'hubbub:watchers:';
const INSTANCE_PREFIX = 'hubbub:instance:';
/** An instance that stops refreshing its key for this long no longer counts (a crash, a lost network). */
const INSTANCE_TTL_MS = 30_000;
/** Abandoned groups' hashes go away on their own. */
const COUNTS_TTL_S = 24 * 3600;

/**
 * Stores this instance's member count of a group (its own field of the group's hash)
 * and returns the sum over instances that are still alive; fields of instances whose
 * liveness key expired are dropped on the way. Absolute counts rather than HINCRBY
 * deltas: a lost or repeated command cannot make the count drift, and the calls of one
 * instance reach Redis in the order they were made (one connection), so the newest wins.
 * KEYS[1] the group's hash; ARGV: instance id, local count, liveness prefix, hash TTL.
 */
const TOTAL_SCRIPT = `
if tonumber(ARGV[2]) > 0 then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) else redis.call('HDEL', KEYS[1], ARGV[1]) end
local total = 0
local entries = redis.call('HGETALL', KEYS[1])
for i = 1, #entries, 2 do
  if redis.call('EXISTS', ARGV[3] .. entries[i]) == 1 then total = total + tonumber(entries[i + 1])
  else redis.call('HDEL', KEYS[1], entries[i]) end
end
if total > 0 then redis.call('EXPIRE', KEYS[1], ARGV[4]) end
return total
`;

/** As TOTAL_SCRIPT, read only, with this instance's field replaced by its count now. ARGV: instance id, local count, liveness prefix. */
const PEEK_SCRIPT = `
local total = tonumber(ARGV[2])
local entries = redis.call('HGETALL', KEYS[1])
for i = 1, #entries, 2 do
  if entries[i] ~= ARGV[1] and redis.call('EXISTS', ARGV[3] .. entries[i]) == 1 then total = total + tonumber(entries[i + 1]) end
end
return total
`;

export interface RedisMemberCounts extends MemberCounts {
  readonly instanceId: string;
}

/** Member counts shared by every instance on one Redis, each instance's share kept alive by a heartbeat. */
export function createRedisMemberCounts(opts: { url: string; log?: FastifyBaseLogger }): RedisMemberCounts {
  const instanceId = randomUUID();
  const instanceKey = `${INSTANCE_PREFIX}${instanceId}`;
  const redis = redisConnection(opts.url, 'member counts', opts.log);
  /** Groups whose hash holds a field of this instance, to remove it on close. */
  const counted = new Set<string>();
  const inflight = new Set<Promise<unknown>>();
  let closed = false;

  const alive = () => redis.set(instanceKey, '1', 'PX', INSTANCE_TTL_MS).catch(() => {});
  void alive();
  const heartbeat = setInterval(() => void alive(), INSTANCE_TTL_MS / 3);
  heartbeat.unref();

  return {
    instanceId,

    total(group, local) {
      if (closed) return Promise.resolve(local);
      if (local > 0) counted.add(group);
      else counted.delete(group);
      const result = redis.eval(TOTAL_SCRIPT, 1, COUNTS_PREFIX + group, instanceId, local, INSTANCE_PREFIX, COUNTS_TTL_S).then(Number);
      inflight.add(result);
      const done = () => inflight.delete(result);
      result.then(done, done);
      return result;
    },

    peek(group, local) {
      if (closed) return Promise.resolve(local);
      return redis.eval(PEEK_SCRIPT, 1, COUNTS_PREFIX + group, instanceId, local, INSTANCE_PREFIX).then(Number);
    },

    async close() {
      if (closed) return;
      clearInterval(heartbeat);
      await withTimeout(Promise.allSettled([...inflight]), CLOSE_WAIT_MS);
      closed = true;
      // Take this instance out of every count now rather than waiting for its liveness key to expire.
      const cleanup = redis.multi();
      for (const group of counted) cleanup.hdel(COUNTS_PREFIX + group, instanceId);
      cleanup.del(instanceKey);
      await withTimeout(cleanup.exec().catch(() => {}), CLOSE_WAIT_MS);
      counted.clear();
      await closeRedis(redis);
    },
  };
}
