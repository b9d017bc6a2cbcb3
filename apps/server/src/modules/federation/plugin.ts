import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FEDERATION_BODY_LIMIT, NODEINFO_WELL_KNOWN_PATH, WEBFINGER_PATH } from '@hubbub/contract';
import { blocked, malformed, notFound, signatureInvalid } from '../../lib/app-error.js';
import { newInstanceId } from '../../lib/claim-loop.js';
import { safeError } from '../../lib/safe-error.js';
import type { JobRelay } from '../../lib/job-trigger.js';
import type { Metrics } from '../../lib/metrics.js';
import { AP_PATHS, buildFederation, federatedTenant } from './federation.js';
import type { FederationData } from './federation-data.js';
import { DEFAULT_PUBLISHER_OPTIONS, Publisher, type PublisherOptions } from './publisher.js';
import * as repo from './repository.js';
import { SqlKvStore, SqlMessageQueue } from './stores.js';

/** The federation's settings (tests shorten the polls); its background work runs unless `enabled` is false (ROLE=web). */
export type FederationPluginOptions = Partial<PublisherOptions> & { enabled?: boolean; queuePollMs?: number };

const ACTIVITY_TYPES = ['application/activity+json', 'application/ld+json', 'application/json'];

/** The `actor` an activity names (its address, or an embedded actor's id), read from the bytes received. */
function actorOf(body: unknown): URL | undefined {
  if (!Buffer.isBuffer(body)) return undefined;
  try {
    const activity = JSON.parse(body.toString('utf8')) as { actor?: string | { id?: string } };
    const id = typeof activity.actor === 'string' ? activity.actor : activity.actor?.id;
    return id && URL.canParse(id) ? new URL(id) : undefined;
  } catch {
    return undefined;
  }
}

/** The actor a draft HTTP signature names (its keyId, `https://host/users/x#main-key`), before it is checked. */
export function signerOf(header: string | string[] | undefined): { actor: string } | undefined {
  const keyId = /keyId="([^"]+)"/.exec(Array.isArray(header) ? header[0]! : (header ?? ''))?.[1];
  const url = keyId && URL.canParse(keyId) ? new URL(keyId) : undefined;
  if (!url) return undefined;
  url.hash = '';
  return { actor: url.href };
}

/**
 * ActivityPub when FEDERATION=true (off, none of its addresses answers): Fedify's fetch-style
 * handler bridged to Fastify, its queue (deliveries and received activities) and the publisher
 * running while the app runs.
 */
export const federationPlugin = fp(async (app: FastifyInstance, opts: FederationPluginOptions & { relay: JobRelay; metrics: Metrics }) => {
  const { enabled = true, relay, metrics, queuePollMs = 1_000, ...publisherOptions } = opts;
  const { ctx } = app;
  if (!ctx.config.FEDERATION) return;
  const tenant = federatedTenant(ctx);
  if (!tenant) {
    app.log.warn('FEDERATION is on but TENANTS leaves out the site\'s tenant: nothing is federated');
    return;
  }
  const data: FederationData = { app: ctx, tenant, log: app.log };
  const instance = newInstanceId();
  const allowPrivate = ctx.config.FEDERATION_ALLOW_PRIVATE_ADDRESSES;
  // Deliveries wait on other servers: several at once, so one slow server holds one of them.
  const queueOf = (queue: 'inbox' | 'outbox' | 'fanout', workers: number) =>
    new SqlMessageQueue(ctx.db, ctx.now, { queue, workers, instance, pollMs: queuePollMs, leaseMs: 2 * 60_000, allowPrivate, log: app.log });
  const federation = buildFederation({
    app: ctx,
    kv: new SqlKvStore(ctx.db, ctx.now),
    queue: { inbox: queueOf('inbox', 2), outbox: queueOf('outbox', 4), fanout: queueOf('fanout', 1) },
    log: app.log,
  });
  metrics.addJobQueue('federation', () => repo.queueStats(ctx.db, ctx.now()));

  await app.register(async (routes) => {
    // Fedify checks each activity's Digest against the bytes received: they reach it unparsed, and no larger than this.
    routes.removeAllContentTypeParsers();
    routes.addContentTypeParser(ACTIVITY_TYPES, { parseAs: 'buffer', bodyLimit: FEDERATION_BODY_LIMIT }, (_request, body, done) => done(null, body));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === 'POST') {
        await ctx.throttle.hit('federationInbox', request.ip);
        // A blocked server or account is refused before its signature costs a key fetch.
        const signer = signerOf(request.headers.signature);
        if (signer && (await repo.isBlocked(ctx.db, { tenantId: tenant.id, ...signer }))) throw blocked('This server does not take activities from yours.');
        // A server speaks for its own accounts only: Fedify 1.5 takes a key from anywhere that names the actor as its owner.
        const actor = actorOf(request.body);
        if (signer && actor && new URL(signer.actor).origin !== actor.origin) throw signatureInvalid('The activity is signed by another server than its actor\'s.');
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
      }
      // The configured origin, not the Host header, names this server; the Host header stays (it is
      // signed). Only the path and query of the request line are taken: an absolute request line
      // (`POST http://elsewhere/ap/inbox`) would change the origin replays are recognised under.
      const url = new URL(`${ctx.config.publicUrl}${request.raw.url?.replace(/^[a-z]+:\/\/[^/]*/i, '') ?? '/'}`);
      const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
      const response = await federation.fetch(new Request(url, { method: request.method, headers, body }), {
        contextData: data,
        onNotFound: (req) => {
          throw notFound(`Nothing is at ${req.method} ${new URL(req.url).pathname}.`);
        },
        // A browser asking for an event or the actor goes to its page.
        onNotAcceptable: (req) => {
          const parsed = federation.createContext(req, data).parseUri(new URL(req.url));
          const page = parsed?.type === 'object' ? `/event/${parsed.values.id}` : '/';
          return new Response(null, { status: 303, headers: { location: page, vary: 'Accept' } });
        },
      });
      // Fedify's own refusals are plain text: they leave as Problems with a code, like every error here.
      if (response.status >= 500) throw new Error(`federation answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      if (response.status >= 400 && !response.headers.get('content-type')?.includes('json')) {
        const said = (await response.text()).slice(0, 200);
        throw response.status === 401 ? signatureInvalid(said) : malformed(said || `The activity was refused (${response.status}).`);
      }
      // Whole, not streamed: a HEAD (Fastify's, made from each GET) measures it, and no answer here is large.
      reply.code(response.status);
      response.headers.forEach((value, name) => void reply.header(name, value));
      return reply.send(Buffer.from(await response.arrayBuffer()));
    };
    routes.get(WEBFINGER_PATH, handle);
    routes.get(NODEINFO_WELL_KNOWN_PATH, handle);
    routes.get(AP_PATHS.nodeInfo, handle);
    routes.route({ method: ['GET', 'POST'], url: '/ap/*', handler: handle });
  });

  if (!enabled) return;
  // A round comes at least as often as an event settles, so none waits much past its delay.
  const settleMs = ctx.config.FEDERATION_PUBLISH_DELAY_SECONDS * 1000;
  const defaults = { ...DEFAULT_PUBLISHER_OPTIONS, settleMs, pollMs: Math.min(DEFAULT_PUBLISHER_OPTIONS.pollMs, settleMs) };
  const publisher = new Publisher(federation, data, { ...defaults, ...publisherOptions }, app.log);
  relay.serve(publisher);
  const stopQueue = new AbortController();
  let queueRunning: Promise<void> | undefined;
  // Neither holds the start up: a first round after federation is turned on may have many events to go through.
  app.addHook('onReady', async () => {
    queueRunning = federation.startQueue(data, { signal: stopQueue.signal });
    void publisher.start().catch((error: unknown) => app.log.error({ err: safeError(error as Error) }, 'federation: the publisher did not start'));
  });
  // preClose: the message in hand is handled (and its row removed) before the database closes.
  app.addHook('preClose', async () => {
    stopQueue.abort();
    await Promise.all([publisher.stop(), queueRunning]);
  });
});
