import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { GroupBus } from './groups.js';

const CHANNEL_PREFIX = 'hubbub:group:';
const WATCHERS_PREFIX = 'hubbub:watchers:';
const INSTANCE_PREFIX = 'hubbub:instance:';
/** An instance that stops refreshing its key for this long no longer counts (a crash, a lost network). */
const INSTANCE_TTL_MS = 30_000;
/** Abandoned groups' hashes go away on their own. */
const WATCHERS_TTL_S = 24 * 3600;

/**
 * Stores this instance's member count of a group (its own field of the group's hash)
 * and returns the sum over instances that are still alive; fields of instances whose
 * liveness key expired are dropped on the way. Absolute counts rather than HINCRBY
 * deltas: a lost or repeated command cannot make the count drift, and the calls of one
 * instance reach Redis in the order they were made (one connection), so the newest wins.
 * KEYS[1] the group's hash; ARGV: instance id, local count, liveness prefix, hash TTL.
 */
const WATCHERS_SCRIPT = `
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

const CLOSE_WAIT_MS = 2000;

function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface RedisBus extends GroupBus {
  readonly instanceId: string;
  watchers(group: string, local: number): Promise<number>;
}

/**
 * A GroupBus over Redis pub/sub: one channel per group (`hubbub:group:<group>`), each
 * frame published exactly as serialised. An instance subscribes to a group's channel
 * only while it has local members (Groups calls subscribe on the first join and the
 * returned function on the last leave), and hands what arrives to its local members.
 *
 * Own frames: publish does NOT deliver locally; local members get the frame from the
 * Redis echo of the instance's own subscription, like everyone else. So the frame goes
 * out untouched (no instance tag to add or strip), there is exactly one delivery path,
 * and every member on every instance sees a group's frames in the same (Redis) order.
 * The cost is one Redis round trip for local members too.
 */
export function createRedisBus(opts: { url: string; log?: FastifyBaseLogger }): RedisBus {
  const instanceId = randomUUID();
  const instanceKey = `${INSTANCE_PREFIX}${instanceId}`;
  // A subscribed connection cannot run other commands: one to publish and count, one to listen.
  const pub = new Redis(opts.url, { lazyConnect: false });
  const sub = new Redis(opts.url, { lazyConnect: false });
  for (const [role, client] of [['publisher', pub], ['subscriber', sub]] as const) {
    // Without a listener ioredis prints every reconnect error; the URL may hold a password, so log only the message.
    client.on('error', (error: Error) => opts.log?.warn({ role, err: error.message }, 'redis bus connection error'));
  }

  interface Channel {
    listeners: Set<(frame: Buffer) => void>;
    /** Settles once Redis confirmed the subscription. */
    ready: Promise<void>;
  }
  const channels = new Map<string, Channel>();
  /** Groups whose hash holds a field of this instance, to remove it on close. */
  const counted = new Set<string>();
  /** Commands under way, so close lets the last announcements land before quitting. */
  const inflight = new Set<Promise<unknown>>();
  let closed = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inflight.add(promise);
    const done = () => inflight.delete(promise);
    promise.then(done, done);
    return promise;
  };

  // The liveness key: counted fields of an instance that vanished stop counting after INSTANCE_TTL_MS.
  const alive = () => pub.set(instanceKey, '1', 'PX', INSTANCE_TTL_MS).catch(() => {});
  void alive();
  const heartbeat = setInterval(() => void alive(), INSTANCE_TTL_MS / 3);
  heartbeat.unref();

  sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
    const group = channel.toString().slice(CHANNEL_PREFIX.length);
    for (const listener of channels.get(group)?.listeners ?? []) listener(message);
  });

  return {
    instanceId,

    async publish(group, frame) {
      if (closed) return;
      // A member who just joined on this instance must not miss a frame published right after the join:
      // wait for the subscription to be confirmed (a joining client's JoinEventSession answers after it).
      await channels.get(group)?.ready;
      await track(pub.publish(CHANNEL_PREFIX + group, frame));
    },

    subscribe(group, listener) {
      let channel = channels.get(group);
      if (!channel) {
        const ready = closed
          ? Promise.resolve()
          : sub.subscribe(CHANNEL_PREFIX + group).then(
              () => {},
              (error: Error) => opts.log?.warn({ group, err: error.message }, 'redis bus subscribe failed'),
            );
        channel = { listeners: new Set(), ready };
        channels.set(group, channel);
      }
      const current = channel;
      current.listeners.add(listener);
      return () => {
        if (!current.listeners.delete(listener) || current.listeners.size || channels.get(group) !== current) return;
        channels.delete(group);
        if (!closed) void sub.unsubscribe(CHANNEL_PREFIX + group).catch(() => {});
      };
    },

    watchers(group, local) {
      if (closed) return Promise.resolve(local);
      if (local > 0) counted.add(group);
      else counted.delete(group);
      const key = WATCHERS_PREFIX + group;
      return track(pub.eval(WATCHERS_SCRIPT, 1, key, instanceId, local, INSTANCE_PREFIX, WATCHERS_TTL_S).then(Number));
    },

    async close() {
      if (closed) return;
      clearInterval(heartbeat);
      await withTimeout(Promise.allSettled([...inflight]), CLOSE_WAIT_MS);
      closed = true;
      channels.clear();
      // Take this instance out of every count now rather than waiting for its liveness key to expire.
      const cleanup = pub.multi();
      for (const group of counted) cleanup.hdel(WATCHERS_PREFIX + group, instanceId);
      cleanup.del(instanceKey);
      // Redis may be gone: bounded waits, then the sockets are cut whatever happened.
      await withTimeout(cleanup.exec().catch(() => {}), CLOSE_WAIT_MS);
      counted.clear();
      await withTimeout(Promise.allSettled([pub.quit(), sub.quit()]), CLOSE_WAIT_MS);
      pub.disconnect();
      sub.disconnect();
    },
  };
}
