import { randomUUID } from 'node:crypto';
import { Announce, Application, Event, Follow, Link, Place, PropertyValue, Service, Undo, isActor, type Actor, type Context, type Create, type Delete, type Update } from '@fedify/fedify';
import { AreaType, EVENT_DESCRIPTION_MAX, EVENT_NAME_MAX, TimeZoneSchema } from '@hubbub/contract';
import { safeError } from '../../lib/safe-error.js';
import { dropEndedRemoteEvents, dropRemoteEvents, saveRemoteEvent, type RemoteEventInput } from '../events/service.js';
import { timeZoneAt } from '../geo/service.js';
import { ensureRemoteAccount } from '../users/service.js';
import { isDeliverable } from './address-guard.js';
import { blockedActor, type FederationData } from './federation-data.js';
import { clip, identityOf, oneLine, plainText } from './remote-text.js';
import * as following from './following-repository.js';
import { safeGet } from './safe-fetch.js';

// Following other servers (issue 32): an admin names an account (another Hubbub's site actor, a
// Mobilizon server's relay or one of its groups, a Gancio server); the publisher's round finds it and
// asks to follow; its public events then arrive as Create, Update, Announce and Delete and are kept
// as events with their origin.

/** An event without an end says how long it lasts nowhere: it is shown as two hours long. */
const DEFAULT_LENGTH_MS = 2 * 3_600_000;
/** How close a map shows a place an event names by its coordinates only. */
const PLACE_ZOOM = 14;

/**
 * The actor a handle (WebFinger, RFC 7033) or an address names, fetched through the guarded loader.
 * WebFinger is https; on a closed network (FEDERATION_ALLOW_PRIVATE_ADDRESSES) plain http is tried after it.
 */
async function findActor(ctx: Context<FederationData>, target: string): Promise<Actor | string> {
  const allowPrivate = ctx.data.app.config.FEDERATION_ALLOW_PRIVATE_ADDRESSES;
  let address = target;
  const handle = /^@([^@]+)@(.+)$/.exec(target);
  if (handle) {
    const resource = `acct:${handle[1]}@${handle[2]}`;
    let self: string | undefined;
    for (const scheme of allowPrivate ? ['https:', 'http:'] : ['https:']) {
      const answer = await safeGet(`${scheme}//${handle[2]}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`, {
        allowPrivate,
        headers: { accept: 'application/jrd+json' },
        maxBytes: 64 * 1024,
      }).catch(() => undefined);
      if (answer?.status !== 200) continue;
      try {
        const jrd = JSON.parse(answer.body.toString('utf8')) as { links?: { rel?: string; type?: string; href?: string }[] };
        self = jrd.links?.find((l) => l.rel === 'self' && /activity\+json|ld\+json/.test(l.type ?? '') && typeof l.href === 'string' && URL.canParse(l.href))?.href;
      } catch {
        // Not JSON: nobody by that name there.
      }
      if (self) break;
    }
    if (!self) return `No account ${target} was found: check the handle, or give the account's address.`;
    address = self;
  }
  const found = await ctx.lookupObject(address).catch(() => null);
  if (!found || !isActor(found) || !found.id || !found.inboxId) return `Nothing at ${address} is an account that can be followed.`;
  return found;
}

/** The round's part: follows an admin asked for are found and asked; those ended are told with an Undo. */
export async function followWork(ctx: Context<FederationData>): Promise<void> {
  const { app, tenant, log } = ctx.data;
  const site = ctx.getActorUri(tenant.key);
  await dropEndedRemoteEvents({ ctx: app, tenantId: tenant.id });
  for (const row of await following.owedFollows(app.db, { tenantId: tenant.id, limit: 20 })) {
    try {
      if (row.state === 'leaving') {
        const follow = new Follow({ id: new URL(row.followId!), actor: site, object: new URL(row.actorUri!) });
        const undo = new Undo({ id: new URL(`#undo-follows/${randomUUID()}`, site), actor: site, object: follow, to: new URL(row.actorUri!) });
        await ctx.sendActivity({ identifier: tenant.key }, { id: new URL(row.actorUri!), inboxId: new URL(row.inbox!) }, undo);
        await following.forgetFollow(app.db, row.id);
        continue;
      }
      const actor = await findActor(ctx, row.target);
      if (typeof actor === 'string') {
        await following.markFailed(app.db, { id: row.id, problem: actor });
        continue;
      }
      const id = actor.id!;
      const problem =
        id.origin === new URL(app.config.publicUrl).origin
          ? 'This is this server\'s own account.'
          : (await blockedActor(ctx.data, id))
            ? 'This server or account is blocked here: lift the block first.'
            : !(await isDeliverable(actor.inboxId!, app.config.FEDERATION_ALLOW_PRIVATE_ADDRESSES))
              ? 'Its server is on a private network address, which this server does not reach.'
              : null;
      if (problem) {
        await following.markFailed(app.db, { id: row.id, problem });
        continue;
      }
      const followId = new URL(`#follows/${randomUUID()}`, site);
      const { handle } = identityOf(actor, id);
      // A server's own account (Mobilizon's relay, Gancio's, a Hubbub site) stands for all of its events.
      const wholeServer = actor instanceof Application || actor instanceof Service;
      if (!(await following.markAsked(app.db, { id: row.id, actorUri: id.href, handle: handle.startsWith('@') ? handle : null, inbox: actor.inboxId!.href, followId: followId.href, wholeServer }))) {
        await following.markFailed(app.db, { id: row.id, problem: 'The site follows this account already.' });
        continue;
      }
      await ctx.sendActivity({ identifier: tenant.key }, actor, new Follow({ id: followId, actor: site, object: id, to: id }));
    } catch (error) {
      log.warn({ err: safeError(error as Error), follow: row.id }, 'federation: a follow could not be asked for or ended');
      if (row.state === 'finding') await following.markFailed(app.db, { id: row.id, problem: 'Its server could not be reached; try again later.' });
    }
  }
}

/** An Accept or Reject of a Follow the site sent: from the actor followed, naming that Follow. */
export async function followAnswered(ctx: Context<FederationData>, answer: { actorId: URL | null; objectId: URL | null }, accepted: boolean): Promise<boolean> {
  if (!answer.actorId) return false;
  return following.answerFollow(ctx.data.app.db, { tenantId: ctx.data.tenant.id, actorUri: answer.actorId.href, followId: answer.objectId?.href ?? null, accepted });
}

/** Where the page of a remote event is: its url when it is a web address on its own server, else its id. */
function pageOf(event: Event, id: URL): string {
  const url = event.url instanceof Link ? event.url.href : event.url;
  return url && /^https?:$/.test(url.protocol) && url.host === id.host ? url.href : id.href;
}

/** A remote Event as what a host would type: plain text, the same limits; undefined when it has no place on a map. */
async function inputOf(ctx: Context<FederationData>, event: Event): Promise<RemoteEventInput | string> {
  // A name is plain text in ActivityStreams (markup is not allowed there): taken as written, shown as text.
  const rawName = oneLine(event.name?.toString() ?? '');
  // Hubbub says a cancellation in the name (ActivityPub has no status): the event is canceled here too.
  const canceled = /^Canceled: /.test(rawName);
  const name = clip(canceled ? rawName.slice('Canceled: '.length) : rawName, EVENT_NAME_MAX);
  if (!event.startTime) return 'it has no start time';
  const start = new Date(event.startTime.epochMilliseconds);
  const end = event.endTime ? new Date(event.endTime.epochMilliseconds) : new Date(start.getTime() + DEFAULT_LENGTH_MS);
  // Over already (an old event updated, a late delivery): search here shows what is to come.
  if (end.getTime() <= ctx.data.app.now().getTime()) return 'it has ended';
  const place = await event.getLocation({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader }).catch(() => null);
  if (!(place instanceof Place) || place.latitude === null || place.longitude === null) return 'it has no place with coordinates, so no map could show it';
  // Hubbub names the zone; others mostly do not: the zone at the place is the wall clock its people read.
  let timeZone = timeZoneAt(place.latitude, place.longitude);
  for await (const attachment of event.getAttachments({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true })) {
    if (attachment instanceof PropertyValue && attachment.name?.toString() === 'Time zone') {
      const zone = TimeZoneSchema.safeParse(plainText(attachment.value?.toString() ?? ''));
      if (zone.success) timeZone = zone.data;
    }
  }
  const venue = clip(oneLine(place.name?.toString() ?? ''), 200) || null;
  return {
    name,
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    timeZone,
    venue,
    // The place's name is the venue's: the area adds only where it is (one name, shown once).
    area: { name: '', type: AreaType.Custom, latitude: place.latitude, longitude: place.longitude, zoom: PLACE_ZOOM },
    contentJson: clip(plainText(event.content?.toString() ?? ''), EVENT_DESCRIPTION_MAX) || null,
    canceled,
  };
}

/**
 * A Create or Update of an Event from an account the site follows (or from any account of a server
 * whose own account it follows), or an Announce of one by such an account (Mobilizon's relay shares
 * each new event so): kept (or changed) as an event hosted by its author's remote account. From
 * anyone else, or about another server's object, nothing.
 */
export async function takeRemoteEvent(ctx: Context<FederationData>, activity: Create | Update | Announce): Promise<void> {
  const { app, tenant, log } = ctx.data;
  const actorId = activity.actorId;
  if (!actorId || !(await following.isFollowed(app.db, { tenantId: tenant.id, actorUri: actorId.href })) || (await blockedActor(ctx.data, actorId))) return;
  const loaders = { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader };
  const object = await activity.getObject(loaders).catch(() => null);
  if (!(object instanceof Event) || !object.id) return;
  // A server speaks for its own events only.
  if (object.id.origin !== actorId.origin) return;
  // The author: who created or updated it; of an event announced, the account of that server it is attributed to.
  const shared = activity instanceof Announce && object.attributionId?.origin === actorId.origin;
  const authorId = shared ? object.attributionId! : actorId;
  if (shared && (await blockedActor(ctx.data, authorId))) return;
  const input = await inputOf(ctx, object);
  if (typeof input === 'string') {
    log.info({ event: object.id.href }, `federation: an event from a followed account was not taken in: ${input}`);
    return;
  }
  const author = await (shared ? object.getAttribution(loaders) : activity.getActor(ctx)).catch(() => null);
  const { handle, name } = author && isActor(author) ? identityOf(author, authorId) : { handle: authorId.href, name: authorId.host };
  const userId = await ensureRemoteAccount(app.db, { tenantId: tenant.id, actor: authorId.href, name, handle });
  const saved = await saveRemoteEvent({ ctx: app, tenantId: tenant.id, userId, originId: object.id.href, originUrl: pageOf(object, object.id), input });
  if ('refused' in saved) log.info({ event: object.id.href }, `federation: an event from a followed account was refused: ${saved.refused}`);
}

/**
 * A Delete of an event the site took in, from its server: whoever there deletes it (its author, a
 * group's admin, the server's moderators), the server speaks for its own objects.
 */
export async function dropRemoteEvent(ctx: Context<FederationData>, activity: Delete): Promise<void> {
  const { app, tenant } = ctx.data;
  if (!activity.actorId || !activity.objectId || activity.objectId.origin !== activity.actorId.origin) return;
  await dropRemoteEvents({ ctx: app, tenantId: tenant.id, server: activity.objectId.origin, originId: activity.objectId.href });
}
