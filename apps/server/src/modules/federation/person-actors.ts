import { Endpoints, Person, type Context } from '@fedify/fedify';
import type { FederationData } from './federation-data.js';
import * as handles from './handles-repository.js';
import { textHtml } from './event-object.js';

// Each person who hosts public events is an actor of their own (`@ada_3f2a@events.example`):
// people on other servers follow a host they like, as they follow the site.

/** A host's handle: their name in Mastodon's characters (a-z, 0-9, _), then enough of their id to tell two Adas apart. */
export function handleFor(name: string, userId: string, long = false): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 20)
      .replace(/_+$/, '') || 'host';
  return `${base}_${userId.replace(/-/g, '').slice(0, long ? 12 : 4)}`;
}

/** The round's part: each host of a public event to come gets a handle, once. */
export async function assignHandles(data: FederationData): Promise<void> {
  const { app, tenant } = data;
  for (const host of await handles.hostsWithoutHandle(app.db, { tenantId: tenant.id, now: app.now(), limit: 200 })) {
    // Two hosts whose names and ids begin alike: the second takes more of its id.
    if (!(await handles.insertHandle(app.db, { tenantId: tenant.id, userId: host.id, handle: handleFor(host.name, host.id) }))) {
      await handles.insertHandle(app.db, { tenantId: tenant.id, userId: host.id, handle: handleFor(host.name, host.id, true) });
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The person an actor identifier names (their user id), while they have a handle here; undefined for the site and anyone else. */
export function personOf(data: FederationData, identifier: string): Promise<handles.PersonActorRow | undefined> {
  return UUID.test(identifier) ? handles.personActor(data.app.db, { tenantId: data.tenant.id, userId: identifier }) : Promise.resolve(undefined);
}

/** Whether `identifier` names one of this server's actors: the site's, or a host's. */
export async function isLocalActor(data: FederationData, identifier: string): Promise<boolean> {
  return identifier === data.tenant.key || (await personOf(data, identifier)) !== undefined;
}

/** The identifier a handle maps to (WebFinger): the site's key, or the host's id. */
export async function identifierOfHandle(data: FederationData, username: string): Promise<string | null> {
  if (username.toLowerCase() === data.tenant.key) return data.tenant.key;
  return (await handles.personActor(data.app.db, { tenantId: data.tenant.id, handle: username }))?.userId ?? null;
}

/** A host as a Person: their name, their profile's words, and their page here. */
export async function personActorObject(ctx: Context<FederationData>, person: handles.PersonActorRow): Promise<Person> {
  const keys = await ctx.getActorKeyPairs(person.userId);
  const site = new URL(ctx.data.app.config.publicUrl);
  return new Person({
    id: ctx.getActorUri(person.userId),
    preferredUsername: person.handle,
    name: person.name,
    summary: textHtml(person.bio?.trim() || `Hosts events on ${site.host}.`),
    // Their page here (the web app's /person/{id}).
    url: new URL(`/person/${person.userId}`, site),
    inbox: ctx.getInboxUri(person.userId),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    followers: ctx.getFollowersUri(person.userId),
    publicKey: keys[0]?.cryptographicKey,
    assertionMethods: keys.map((k) => k.multikey),
    manuallyApprovesFollowers: false,
    discoverable: true,
    indexable: true,
  });
}
