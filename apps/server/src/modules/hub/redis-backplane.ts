import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Backplane } from './backplane.js';
import { closeRedis, redisConnection, withTimeout, CLOSE_WAIT_MS } from './redis-connection.js';

const CHANNEL_PREFIX = 'hubbub:group:';
/** How often an instance sends itself a probe through Redis to measure the backplane's lag. */
const PROBE_INTERVAL_MS = 1000;
/** Probes remembered unanswered at most (the oldest decides the lag while Redis is away). */
const MAX_PENDING_PROBES = 64;

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
export function createRedisBackplane(opts: { url: string; log?: FastifyBaseLogger; probeIntervalMs?: number }): Backplane {
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

  // The lag probe: a frame on a channel of this instance's own, stamped with its send time and heard
  // back through the same subscriber connection as the groups' frames, so it waits behind them as they
  // do. Only this process reads the stamps, so the clocks of other machines do not enter into it.
  const probeChannel = `hubbub:backplane-probe:${randomUUID()}`;
  const pendingProbes = new Map<string, number>();
  let lastLagMs = 0;
  let probeSeq = 0;
  void sub.subscribe(probeChannel).catch((error: Error) => opts.log?.warn({ err: error.message }, 'redis backplane probe subscribe failed'));
  const probe = setInterval(() => {
    const id = String(probeSeq++);
    pendingProbes.set(id, performance.now());
    if (pendingProbes.size > MAX_PENDING_PROBES) pendingProbes.delete(pendingProbes.keys().next().value!);
    // A probe that cannot go out stays pending: its age is the lag while Redis is away.
    pub.publish(probeChannel, id).catch(() => {});
  }, opts.probeIntervalMs ?? PROBE_INTERVAL_MS);
  probe.unref();

  sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
    const name = channel.toString();
    if (name === probeChannel) {
      const sentAt = pendingProbes.get(message.toString());
      if (sentAt === undefined) return;
      lastLagMs = performance.now() - sentAt;
      // Answered in order: every probe sent before this one that is still pending was lost (Redis restarted).
      for (const [id, at] of pendingProbes) {
        if (at > sentAt) break;
        pendingProbes.delete(id);
      }
      return;
    }
    const group = name.slice(CHANNEL_PREFIX.length);
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

    lagSeconds() {
      const oldest = pendingProbes.values().next().value;
      const waiting = oldest === undefined ? 0 : performance.now() - oldest;
      return Math.max(lastLagMs, waiting) / 1000;
    },

    async close() {
      if (closed) return;
      clearInterval(probe);
      await withTimeout(Promise.allSettled([...inflight]), CLOSE_WAIT_MS);
      closed = true;
      channels.clear();
      await closeRedis(pub, sub);
    },
  };
}
