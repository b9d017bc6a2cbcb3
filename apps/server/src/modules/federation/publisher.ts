import { Create, Delete, Event, Tombstone, Update, PUBLIC_COLLECTION, type Federation } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { shareableEventUrl } from '@hubbub/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ClaimLoop, newInstanceId } from '../../lib/claim-loop.js';
import type { JobTrigger } from '../../lib/job-trigger.js';
import { eventObject } from './event-object.js';
import { answerOwed, federatedEvent } from './federation.js';
import { followWork } from './following.js';
import { messageWork } from './messages.js';
import { assignHandles, personOf } from './person-actors.js';
import type { FederationData } from './federation-data.js';
import * as repo from './repository.js';

export interface PublisherOptions {
  /** How often events are compared with what was sent when nothing wakes the publisher. */
  pollMs: number;
  /** How long an event is left unchanged before it is sent (edits in a row go out as one). */
  settleMs: number;
  batch: number;
}

/** settleMs is FEDERATION_PUBLISH_DELAY_SECONDS's (plugin.ts). */
export const DEFAULT_PUBLISHER_OPTIONS: PublisherOptions = { pollMs: 15_000, settleMs: 60_000, batch: 50 };

/** How long a round's publisher lease lasts: longer than a round, so another instance waits its turn. */
const LEASE_MS = 60_000;

/**
 * Sends the federated tenant's public events to its followers: Create for a new one, Update for an
 * edit (a cancellation too), Delete for one deleted, made private, hidden or unpublished. What was
 * sent is kept (federation_published) and compared with the events each round, so a restart owes
 * nothing and misses nothing. One instance publishes at a time (a lease), and each activity's id
 * carries the count of those sent about the event, so none repeats an id a peer has seen (a peer
 * drops a repeated id: hiding an event a second time must still reach it).
 */
export class Publisher implements JobTrigger {
  private readonly loop: ClaimLoop<repo.PublishCandidate>;
  private readonly holder = newInstanceId();
  /** Events handled this round (sent, failed, or gone from sight meanwhile): not taken again until the next one. */
  private handled = new Set<string>();

  constructor(
    private readonly federation: Federation<FederationData>,
    private readonly data: FederationData,
    options: PublisherOptions,
    log: FastifyBaseLogger,
  ) {
    const { db } = data.app;
    this.loop = new ClaimLoop({
      name: 'federation',
      pollMs: options.pollMs,
      batch: options.batch,
      log,
      beforeRound: async () => {
        this.handled = new Set();
        // What Fedify kept with a time to live (replayed ids, fetched documents) goes once it is stale.
        await repo.kvSweep(db, data.app.now());
      },
      claim: async (limit) => {
        const now = data.app.now();
        if (!(await repo.takePublisherLease(db, { tenantId: data.tenant.id, holder: this.holder, leaseMs: LEASE_MS, now }))) return [];
        // Remote accounts seated (the line moved, the host approved) or declined since their servers were told.
        if (!this.handled.size) {
          const ctx = federation.createContext(new URL(data.app.config.publicUrl), data);
          await answerOwed(ctx);
          // Hosts' messages to everyone going, to those from other servers.
          await messageWork(ctx);
          // Follows of other servers an admin asked for or ended; their events that have ended go.
          await followWork(ctx);
          // Each host of a public event becomes an actor of their own.
          await assignHandles(data);
        }
        // Nobody follows: what is owed is recorded, not sent (those on an event's list are still told, below).
        if ((await repo.countFollowers(db, { tenantId: data.tenant.id })) === 0) {
          await repo.recordUntold(db, { tenantId: data.tenant.id, now, settleMs: options.settleMs });
        }
        const candidates = await repo.publishCandidates(db, { tenantId: data.tenant.id, now, settleMs: options.settleMs, limit });
        return candidates.filter((c) => !this.handled.has(c.id));
      },
      apply: (candidate) => {
        this.handled.add(candidate.id);
        return this.send(candidate);
      },
    });
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  runNow(): Promise<void> {
    return this.loop.runNow();
  }

  wake(): void {
    this.loop.wake();
  }

  private async send(candidate: repo.PublishCandidate): Promise<void> {
    const { data } = this;
    const { app, tenant } = data;
    const ctx = this.federation.createContext(new URL(app.config.publicUrl), data);
    const site = ctx.getActorUri(tenant.key);
    const id = ctx.getObjectUri(Event, { id: candidate.id });
    const stamp = `${Date.parse(candidate.version)}-${candidate.sends + 1}`;
    // The host's own actor, once they have a handle: their followers hear of it from them.
    const host = candidate.hostId && (await personOf(data, candidate.hostId)) ? candidate.hostId : null;
    const organiser = host ? ctx.getActorUri(host) : site;
    /**
     * To the site's followers (from the site) and the host's (from the host, an activity of its own),
     * and to whoever said Going from another server (told of a change or a cancellation even if they
     * follow nobody here).
     */
    const deliver = async (make: (from: { actor: URL; followers: URL; prefix: string }) => Create | Update | Delete) => {
      const fromSite = make({ actor: site, followers: ctx.getFollowersUri(tenant.key), prefix: '' });
      await ctx.sendActivity({ identifier: tenant.key }, 'followers', fromSite, { preferSharedInbox: true });
      if (host) await ctx.sendActivity({ identifier: host }, 'followers', make({ actor: organiser, followers: ctx.getFollowersUri(host), prefix: 'host-' }), { preferSharedInbox: true });
      const joiners = candidate.kind === 'create' ? [] : await repo.joinersOf(app.db, candidate.id);
      if (joiners.length) await ctx.sendActivity({ identifier: tenant.key }, joiners.map((j) => ({ id: new URL(j.actor), inboxId: new URL(j.inbox) })), fromSite);
    };
    const addressing = (from: { actor: URL; followers: URL }) => ({ actor: from.actor, to: PUBLIC_COLLECTION, cc: from.followers });
    if (candidate.kind === 'delete') {
      const tombstone = new Tombstone({ id, deleted: Temporal.Instant.from(app.now().toISOString()) });
      await deliver((from) => new Delete({ id: new URL(`#${from.prefix}delete-${stamp}`, id), ...addressing(from), object: tombstone }));
      await repo.markPublished(app.db, { tenantId: tenant.id, eventId: candidate.id, version: candidate.version, state: 'deleted', hostId: candidate.hostId });
      await repo.forgetJoins(app.db, candidate.id);
      return;
    }
    const event = await federatedEvent(data, candidate.id);
    // Gone out of sight since the round read it: the next round owes its Delete, if it was sent.
    if (!event) return;
    const object = eventObject({
      event,
      id,
      pageUrl: shareableEventUrl({ publicUrl: app.config.publicUrl, tenantKey: tenant.key, event, now: app.now() }),
      publicUrl: app.config.publicUrl,
      organiser,
      followers: ctx.getFollowersUri(tenant.key),
    });
    // Queued before it is marked: a crash in between sends it again (peers take an activity id once) rather than never.
    await deliver((from) =>
      candidate.kind === 'create'
        ? new Create({ id: new URL(`#${from.prefix}create-${stamp}`, id), ...addressing(from), object })
        : new Update({ id: new URL(`#${from.prefix}update-${stamp}`, id), ...addressing(from), object }),
    );
    await repo.markPublished(app.db, { tenantId: tenant.id, eventId: candidate.id, version: candidate.version, state: 'live', hostId: candidate.hostId });
  }
}
