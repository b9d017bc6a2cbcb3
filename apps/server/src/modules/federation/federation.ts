import { randomUUID, type webcrypto } from 'node:crypto';
import {
  Accept,
  Announce,
  Create,
  Delete,
  Endpoints,
  Event,
  Flag,
  Follow,
  Image,
  Join,
  Leave,
  Reject,
  Service,
  Undo,
  Update,
  createFederation,
  exportJwk,
  generateCryptoKeyPair,
  importJwk,
  kvCache,
  isActor,
  parseSemVer,
  type Context,
  type Federation,
  type InboxContext,
  type KvStore,
  type MessageQueue,
} from '@fedify/fedify';
import { ACTIVITYPUB_PREFIX, DEFAULT_TENANT, NODEINFO_PREFIX, REPORT_NOTE_MAX, shareableEventUrl } from '@hubbub/contract';
import type { FastifyBaseLogger } from 'fastify';
import { safeError } from '../../lib/safe-error.js';
import type { AppContext, TenantRef } from '../../app-context.js';
import { getEvent, type EventCore } from '../events/service.js';
import { remoteGoing, remoteLeave, requireRemoteJoinable } from '../going/service.js';
import { createRemoteReport } from '../moderation/service.js';
import { ensureRemoteAccount } from '../users/service.js';
import { AppError } from '../../lib/app-error.js';
import { isDeliverable } from './address-guard.js';
import { contextLoader, safeDocumentLoader } from './safe-fetch.js';
import { eventObject } from './event-object.js';
import * as repo from './repository.js';
import { blockedActor, type FederationData } from './federation-data.js';
import { handleOf, identityOf, plainText } from './remote-text.js';
import { dropRemoteEvent, followAnswered, takeRemoteEvent } from './following.js';
import { identifierOfHandle, isLocalActor, personActorObject, personOf } from './person-actors.js';

/** Fedify's routes, under the contract's prefixes (activityPubActorPath and activityPubEventPath name the same addresses). */
export const AP_PATHS = {
  actor: `${ACTIVITYPUB_PREFIX}actors/{identifier}`,
  inbox: `${ACTIVITYPUB_PREFIX}actors/{identifier}/inbox`,
  sharedInbox: `${ACTIVITYPUB_PREFIX}inbox`,
  followers: `${ACTIVITYPUB_PREFIX}actors/{identifier}/followers`,
  event: `${ACTIVITYPUB_PREFIX}events/{id}`,
  nodeInfo: `${NODEINFO_PREFIX}2.1`,
} as const;

/** How many people of one server may be on one event's list (going, waiting or asking). */
export const REMOTE_PER_SERVER = 50;

/** Followers per page of the followers collection. */
const FOLLOWERS_PAGE = 50;

/** The tenant that federates: the one the web site and its public pages (/e/{slug}) show. */
export function federatedTenant(app: AppContext): TenantRef | undefined {
  const id = app.tenants.get(DEFAULT_TENANT);
  return id ? { id, key: DEFAULT_TENANT } : undefined;
}

type Jwk = Awaited<ReturnType<typeof exportJwk>>;
interface StoredKeys {
  rsa: { privateKey: Jwk; publicKey: Jwk };
  ed25519: { privateKey: Jwk; publicKey: Jwk };
}

/** An actor's key pairs, made at its first use (RSA for HTTP signatures, which every peer reads; Ed25519 for object proofs). */
async function keyPairsOf(data: FederationData, identifier: string): Promise<{ privateKey: webcrypto.CryptoKey; publicKey: webcrypto.CryptoKey }[]> {
  const { db } = data.app;
  let stored = (await repo.findKeys(db, data.tenant.id, identifier)) as StoredKeys | undefined;
  if (!stored) {
    const [rsa, ed] = await Promise.all([generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), generateCryptoKeyPair('Ed25519')]);
    const made: StoredKeys = {
      rsa: { privateKey: await exportJwk(rsa.privateKey), publicKey: await exportJwk(rsa.publicKey) },
      ed25519: { privateKey: await exportJwk(ed.privateKey), publicKey: await exportJwk(ed.publicKey) },
    };
    await repo.insertKeys(db, data.tenant.id, identifier, made);
    // Another instance may have stored its pair first: the stored one is the actor's.
    stored = (await repo.findKeys(db, data.tenant.id, identifier)) as StoredKeys;
  }
  return Promise.all(
    [stored.rsa, stored.ed25519].map(async (pair) => ({ privateKey: await importJwk(pair.privateKey, 'private'), publicKey: await importJwk(pair.publicKey, 'public') })),
  );
}

const isOurEvent = (ctx: Context<FederationData>, object: URL | null): boolean => {
  const target = object && ctx.parseUri(object);
  return target?.type === 'object' && target.class === Event;
};

/**
 * Going from the fediverse (Mobilizon's way): a Join (or an Accept) of a public event asks for a
 * seat for its actor's remote account, answered by an Accept once it holds one (at once, or when
 * the line or the host lets it in) or a Reject.
 */
async function joinFromRemote(ctx: InboxContext<FederationData>, join: Join | Accept): Promise<void> {
  if (!join.id || !join.actorId || !join.objectId || (await blockedActor(ctx.data, join.actorId))) return;
  const target = ctx.parseUri(join.objectId);
  if (target?.type !== 'object' || target.class !== Event || !target.values.id) return;
  const person = await join.getActor(ctx);
  if (!person || !isActor(person) || !person.id || !person.inboxId || person.id.href !== join.actorId.href) return;
  if (!(await isDeliverable(person.inboxId, ctx.data.app.config.FEDERATION_ALLOW_PRIVATE_ADDRESSES))) return;
  const { app, tenant } = ctx.data;
  const { handle, name } = identityOf(person, person.id);
  const eventId = target.values.id;
  const answer = { eventId, actor: person.id.href, inbox: person.inboxId.href, joinId: join.id.href };
  try {
    // Before anything is recorded: canceled or over, it is told no at once, and someone holding a seat keeps it, answered as it was.
    await requireRemoteJoinable({ ctx: app, tenant, eventId });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    await sendAnswer(ctx, { ...answer, answer: 'reject' }, error.detail);
    return;
  }
  // One server cannot fill an event: past REMOTE_PER_SERVER of its people on the list, the next is told no.
  const known = await repo.remoteUserOf(app.db, { tenantId: tenant.id, actor: person.id.href });
  if (!known && (await repo.joinsFromServer(app.db, { eventId, host: person.id.host })) >= REMOTE_PER_SERVER) return;
  const userId = await ensureRemoteAccount(app.db, { tenantId: tenant.id, actor: person.id.href, name, handle });
  await repo.saveJoin(app.db, { tenantId: tenant.id, userId, ...answer });
  try {
    await remoteGoing({ ctx: app, tenant, eventId, userId });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // Refused (declined before, questions it cannot answer): told at once.
    await answerJoin(ctx, { userId, ...answer, answer: 'reject' }, error.detail);
    return;
  }
  // A seat now is told now; a place in line or a request waits for the round that sees it change.
  await answerOwed(ctx);
}

/** A remote account leaves an event it had joined (a Leave, or an Undo of its Join). */
async function leaveFromRemote(ctx: Context<FederationData>, actor: URL, object: URL): Promise<void> {
  const parsed = ctx.parseUri(object);
  if (parsed?.type !== 'object' || parsed.class !== Event || !parsed.values.id) return;
  const { app, tenant } = ctx.data;
  const userId = await repo.remoteUserOf(app.db, { tenantId: tenant.id, actor: actor.href });
  if (userId) await remoteLeave({ ctx: app, tenant, eventId: parsed.values.id, userId });
}

/** Sends one Join its answer (Accept or Reject, naming the Join), once: taken first, given back if it could not be queued. */
export async function answerJoin(ctx: Context<FederationData>, owed: repo.OwedAnswer, why?: string): Promise<void> {
  const { db } = ctx.data.app;
  const key = { eventId: owed.eventId, userId: owed.userId, joinId: owed.joinId, answer: owed.answer };
  if (!(await repo.takeAnswer(db, key))) return;
  try {
    await sendAnswer(ctx, owed, why);
  } catch (error) {
    await repo.takeAnswer(db, { ...key, undo: true });
    throw error;
  }
}

/** The Accept or Reject of a Join, naming it, to the actor's inbox. */
async function sendAnswer(ctx: Context<FederationData>, owed: Omit<repo.OwedAnswer, 'userId'>, why?: string): Promise<void> {
  const site = ctx.getActorUri(ctx.data.tenant.key);
  const values = { id: new URL(`#${owed.answer}s/${randomUUID()}`, site), actor: site, object: new URL(owed.joinId), to: new URL(owed.actor), ...(why ? { summary: why } : {}) };
  await ctx.sendActivity({ identifier: ctx.data.tenant.key }, { id: new URL(owed.actor), inboxId: new URL(owed.inbox) }, owed.answer === 'accept' ? new Accept(values) : new Reject(values));
}

/** Every answer owed: remote accounts seated or declined since their servers were last told. */
export async function answerOwed(ctx: Context<FederationData>): Promise<void> {
  for (const owed of await repo.owedAnswers(ctx.data.app.db, { tenantId: ctx.data.tenant.id, limit: 100 })) {
    // One that cannot be queued now (given back, tried next round) holds up none of the others.
    await answerJoin(ctx, owed).catch((error: unknown) => ctx.data.log.warn({ err: safeError(error as Error) }, 'federation: an answer to a Join could not be queued'));
  }
}

/** The public event `id` as the fediverse may see it: public, published, not hidden; undefined otherwise. */
export async function federatedEvent(data: FederationData, id: string): Promise<EventCore | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const event = await getEvent({ ctx: data.app, tenant: data.tenant, id, viewerId: null }).catch(() => undefined);
  // Another server's event is that server's to publish.
  return event && event.visibility === 'public' && !event.hidden && !event.origin ? event : undefined;
}

/** Who an event is attributed to: its host's actor once they have a handle, the site's before. */
export async function organiserOf(ctx: Context<FederationData>, hostId: string): Promise<URL> {
  return ctx.getActorUri((await personOf(ctx.data, hostId)) ? hostId : ctx.data.tenant.key);
}

export interface FederationOptions {
  app: AppContext;
  kv: KvStore;
  queue: { inbox: MessageQueue; outbox: MessageQueue; fanout: MessageQueue };
  log: FastifyBaseLogger;
}

/**
 * The ActivityPub side of the server on Fedify 1.5 (the last release for Node 20): the server's
 * actor (one per federated tenant, `@hubbub@host`), its followers, its public events as objects,
 * WebFinger and NodeInfo. Incoming activities are signature-checked by Fedify (draft-cavage HTTP
 * signatures, or LD/object proofs) before any listener runs.
 */
export function buildFederation(options: FederationOptions): Federation<FederationData> {
  const { app, log } = options;
  const allowPrivateAddress = app.config.FEDERATION_ALLOW_PRIVATE_ADDRESSES;
  const userAgent = `Hubbub/0.1 (+${app.config.publicUrl})`;
  const federation = createFederation<FederationData>({
    kv: options.kv,
    queue: options.queue,
    manuallyStartQueue: true,
    origin: app.config.publicUrl,
    // Every fetch goes through safe-fetch.ts (the address checked at connect time, sizes and times
    // bounded); fetched documents are kept a while in the store, as Fedify's own loader does.
    documentLoaderFactory: () => kvCache({ loader: safeDocumentLoader({ allowPrivate: allowPrivateAddress, userAgent }), kv: options.kv, prefix: ['_fedify', 'remoteDocument'] }),
    contextLoaderFactory: () => contextLoader,
    authenticatedDocumentLoaderFactory: () => safeDocumentLoader({ allowPrivate: allowPrivateAddress, userAgent }),
    onOutboxError: (error, activity) => log.warn({ err: safeError(error), activity: activity?.id?.href }, 'federation: a delivery failed'),
  });

  federation
    .setActorDispatcher(AP_PATHS.actor, async (ctx, identifier) => {
      if (identifier !== ctx.data.tenant.key) {
        const person = await personOf(ctx.data, identifier);
        return person ? personActorObject(ctx, person) : null;
      }
      const keys = await ctx.getActorKeyPairs(identifier);
      const site = new URL(app.config.publicUrl);
      return new Service({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `Events on ${site.host}`,
        summary: `<p>Public events published on ${site.host}. Follow to see each new event, its changes and cancellations.</p>`,
        url: site,
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        followers: ctx.getFollowersUri(identifier),
        publicKey: keys[0]?.cryptographicKey,
        assertionMethods: keys.map((k) => k.multikey),
        icon: new Image({ url: new URL('/favicon.svg', site), mediaType: 'image/svg+xml' }),
        manuallyApprovesFollowers: false,
        discoverable: true,
        indexable: true,
      });
    })
    .setKeyPairsDispatcher(async (ctx, identifier) => ((await isLocalActor(ctx.data, identifier)) ? keyPairsOf(ctx.data, identifier) : []))
    .mapHandle((ctx, username) => identifierOfHandle(ctx.data, username));

  federation
    // Without a cursor (a delivery to "followers"): every one; read over HTTP, a page at a time.
    .setFollowersDispatcher(AP_PATHS.followers, async (ctx, identifier, cursor) => {
      if (!(await isLocalActor(ctx.data, identifier))) return null;
      const offset = cursor === null ? 0 : Math.max(0, Number.parseInt(cursor, 10) || 0);
      const limit = cursor === null ? undefined : FOLLOWERS_PAGE + 1;
      const rows = await repo.followers(ctx.data.app.db, { tenantId: ctx.data.tenant.id, identifier, exceptBlocked: true, offset, limit });
      const page = limit === undefined ? rows : rows.slice(0, FOLLOWERS_PAGE);
      return {
        items: page.map((r) => ({ id: new URL(r.actorUri), inboxId: new URL(r.inbox), endpoints: r.sharedInbox ? { sharedInbox: new URL(r.sharedInbox) } : null })),
        nextCursor: limit !== undefined && rows.length > FOLLOWERS_PAGE ? String(offset + FOLLOWERS_PAGE) : null,
      };
    })
    .setCounter((ctx, identifier) => repo.countFollowers(ctx.data.app.db, { tenantId: ctx.data.tenant.id, identifier }))
    .setFirstCursor(() => '0');

  federation.setObjectDispatcher(Event, AP_PATHS.event, async (ctx, { id }) => {
    const event = await federatedEvent(ctx.data, id);
    if (!event) return null;
    return eventObject({
      event,
      id: ctx.getObjectUri(Event, { id }),
      pageUrl: shareableEventUrl({ publicUrl: app.config.publicUrl, tenantKey: ctx.data.tenant.key, event, now: app.now() }),
      publicUrl: app.config.publicUrl,
      organiser: await organiserOf(ctx, event.userId),
      followers: ctx.getFollowersUri(ctx.data.tenant.key),
    });
  });

  federation.setNodeInfoDispatcher(AP_PATHS.nodeInfo, async (ctx) => ({
    software: { name: 'hubbub', version: parseSemVer('0.1.0') },
    protocols: ['activitypub'],
    openRegistrations: true,
    usage: { users: {}, localPosts: 0, localComments: 0 },
    metadata: { tenant: ctx.data.tenant.key },
  }));

  federation
    .setInboxListeners(AP_PATHS.inbox, AP_PATHS.sharedInbox)
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId || (await blockedActor(ctx.data, follow.actorId))) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor' || !(await isLocalActor(ctx.data, target.identifier))) return;
      const follower = await follow.getActor(ctx);
      if (!follower || !isActor(follower) || !follower.id || !follower.inboxId || follower.id.href !== follow.actorId.href) return;
      const sharedInbox = follower.endpoints?.sharedInbox ?? null;
      // Where we would post to must be somewhere we may post (no loopback or private network).
      if (!(await isDeliverable(follower.inboxId, allowPrivateAddress)) || (sharedInbox && !(await isDeliverable(sharedInbox, allowPrivateAddress)))) {
        log.warn({ actor: follower.id.href }, 'federation: a follower whose inbox is on a private address was refused');
        return;
      }
      await repo.addFollower(ctx.data.app.db, {
        tenantId: ctx.data.tenant.id,
        identifier: target.identifier,
        actorUri: follower.id.href,
        // A name it chose, checked like anything typed: a handle's characters only.
        handle: handleOf(follower.preferredUsername?.toString(), follower.id),
        inbox: follower.inboxId.href,
        sharedInbox: sharedInbox?.href ?? null,
        followId: follow.id.href,
      });
      await ctx.sendActivity(
        { identifier: target.identifier },
        follower,
        new Accept({ id: new URL(`#accepts/${randomUUID()}`, ctx.getActorUri(target.identifier)), actor: ctx.getActorUri(target.identifier), object: follow }),
      );
    })
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      const object = await undo.getObject(ctx);
      // The activity undone is the signer's own: it may name its actor (Mastodon, Fedify) or leave it
      // out (activitypub.bot); one naming someone else is not the signer's to undo.
      const own = (activity: Join | Follow) => !activity.actorId || activity.actorId.href === undo.actorId!.href;
      if (object instanceof Join && own(object) && object.objectId) {
        await leaveFromRemote(ctx, undo.actorId, object.objectId);
        return;
      }
      if (!(object instanceof Follow) || !own(object) || !object.objectId) return;
      const target = ctx.parseUri(object.objectId);
      if (target?.type !== 'actor' || !(await isLocalActor(ctx.data, target.identifier))) return;
      await repo.removeFollower(ctx.data.app.db, { tenantId: ctx.data.tenant.id, identifier: target.identifier, actorUri: undo.actorId.href });
    })
    // Going from the fediverse (Mobilizon's way): a Join of a public event asks for a seat, answered
    // by an Accept once it holds one (at once, or when the line or the host lets it in) or a Reject.
    .on(Join, (ctx, join) => joinFromRemote(ctx, join))
    // Some software answers an event as an invitation: Accept or TentativeAccept of it says Going,
    // Reject or TentativeReject not going.
    // Otherwise an Accept or Reject answers a Follow the site sent (following other servers).
    .on(Accept, async (ctx, accept) => {
      if (isOurEvent(ctx, accept.objectId)) await joinFromRemote(ctx, accept);
      else await followAnswered(ctx, accept, true);
    })
    .on(Reject, async (ctx, reject) => {
      if (reject.actorId && reject.objectId && isOurEvent(ctx, reject.objectId)) await leaveFromRemote(ctx, reject.actorId, reject.objectId);
      else await followAnswered(ctx, reject, false);
    })
    // The public events of the accounts the site follows (following.ts).
    .on(Create, (ctx, create) => takeRemoteEvent(ctx, create))
    .on(Update, (ctx, update) => takeRemoteEvent(ctx, update))
    .on(Announce, (ctx, announce) => takeRemoteEvent(ctx, announce))
    .on(Delete, (ctx, del) => dropRemoteEvent(ctx, del))
    .on(Leave, async (ctx, leave) => {
      if (!leave.actorId || !leave.objectId) return;
      await leaveFromRemote(ctx, leave.actorId, leave.objectId);
    })
    .on(Flag, async (ctx, flag) => {
      if (!flag.actorId || (await blockedActor(ctx.data, flag.actorId))) return;
      const note = plainText(flag.content?.toString() ?? '').slice(0, REPORT_NOTE_MAX) || null;
      for (const object of flag.objectIds) {
        const target = ctx.parseUri(object);
        if (target?.type !== 'object' || target.class !== Event) continue;
        const filed = await createRemoteReport({ ctx: ctx.data.app, tenant: ctx.data.tenant, reporterActor: flag.actorId.href, eventId: target.values.id!, note });
        if (filed) log.info({ actor: flag.actorId.href, event: target.values.id }, 'federation: a remote report was filed');
      }
    })
    .onError((_ctx, error) => log.warn({ err: safeError(error) }, 'federation: an incoming activity failed'));

  return federation;
}
