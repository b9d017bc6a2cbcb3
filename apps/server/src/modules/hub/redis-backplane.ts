import type { FastifyBaseLogger } from 'fastify';
import type { Backplane } from './backplane.js';
import { closeRedis, redisConnection, withTimeout, CLOSE_WAIT_MS } from './redis-connection.js';

const CHANNEL_PREFIX = 'hubbub:group:';

/**
 * A Backplane over Redis pub/sub: one channel per group (`hubbub:group:<group>`), each
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
export function createRedisBackplane(opts: { url: string; log?: FastifyBaseLogger }): Backplane {
  // A subscribed connection cannot run other commands: one to publish, one to listen.
  const pub = redisConnection(opts.url, 'backplane publisher', opts.log);
  const sub = redisConnection(opts.url, 'backplane subscriber', opts.log);

  interface Channel {
    listeners: Set<(frame: Buffer) => void>;
    /** Settles once Redis confirmed the subscription. */
    ready: Promise<void>;
  }
  const channels = new Map<string, Channel>();
  /** Publishes under way, so close lets the last frames land before quitting. */
  const inflight = new Set<Promise<unknown>>();
  let closed = false;

  sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
    const group = channel.toString().slice(CHANNEL_PREFIX.length);
    for (const listener of channels.get(group)?.listeners ?? []) listener(message);
  });

  return {
    async publish(group, frame) {
      if (closed) return;
      // A member who just joined on this instance must not miss a frame published right after the join:
      // wait for the subscription to be confirmed (a joining client's JoinEventSession answers after it).
      await channels.get(group)?.ready;
      const sent = pub.publish(CHANNEL_PREFIX + group, frame);
      inflight.add(sent);
      const done = () => inflight.delete(sent);
      sent.then(done, done);
      await sent;
    },

    subscribe(group, listener) {
      let channel = channels.get(group);
      if (!channel) {
        const ready = closed
          ? Promise.resolve()
          : sub.subscribe(CHANNEL_PREFIX + group).then(
              () => {},
              (error: Error) => opts.log?.warn({ group, err: error.message }, 'redis backplane subscribe failed'),
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

    async close() {
      if (closed) return;
      await withTimeout(Promise.allSettled([...inflight]), CLOSE_WAIT_MS);
      closed = true;
      channels.clear();
      await closeRedis(pub, sub);
    },
  };
}
