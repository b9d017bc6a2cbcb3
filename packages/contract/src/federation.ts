import { z } from 'zod';
import { ADMIN, PRESENCE } from './api-prefixes.js';
import { IdParamsSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { ModerationReasonSchema } from './moderation.js';

// ActivityPub (issue 32, FEDERATION.md): the addresses other servers use. With FEDERATION off,
// none of them answers (a 404 Problem, like any unknown server address).

/** WebFinger (RFC 7033): `acct:hubbub@host` → the server's actor. */
export const WEBFINGER_PATH = '/.well-known/webfinger';
/** NodeInfo's discovery document, linking to its 2.1 document under NODEINFO_PREFIX. */
export const NODEINFO_WELL_KNOWN_PATH = '/.well-known/nodeinfo';
export const NODEINFO_PREFIX = '/nodeinfo/';
/** Actors, their inboxes and collections, the shared inbox and the events as objects. */
export const ACTIVITYPUB_PREFIX = '/ap/';
/** The site's actor (its identifier is the tenant's key): `/ap/actors/hubbub`. */
export const activityPubActorPath = (identifier: string) => `${ACTIVITYPUB_PREFIX}actors/${encodeURIComponent(identifier)}`;
/** A public event as an ActivityPub object: `/ap/events/{id}`. */
export const activityPubEventPath = (eventId: string) => `${ACTIVITYPUB_PREFIX}events/${encodeURIComponent(eventId)}`;
/** `@hubbub@events.example`: what people type into Mastodon's search to follow the site's events. */
export const fediverseHandle = (identifier: string, publicUrl: string) => `@${identifier}@${publicUrl.replace(/^https?:\/\//, '').replace(/\/.*$/, '')}`;

/** The largest activity an inbox takes (bytes): a Create of an event with a long description fits many times. */
export const FEDERATION_BODY_LIMIT = 256 * 1024;

/** How many remote followers the admin screen lists (the newest first); the count is always whole. */
export const FEDERATION_FOLLOWERS_SHOWN = 100;

/**
 * What an admin blocks: a whole server by its host (`social.example`, or `host:port`), or one
 * account by its actor's address (`https://social.example/users/someone`).
 */
export const FederationBlockTargetSchema = z
  .string()
  .trim()
  .min(1, { message: 'Name a server (social.example) or an account (its https address).' })
  .max(500, { message: 'The server or account is at most 500 characters.' })
  .transform((value, ctx) => {
    // An account: its actor's address (a profile link with #main-key is the same actor).
    if (/^https?:\/\/[^\s/?#]+\/\S+$/i.test(value)) return { kind: 'account' as const, target: value.replace(/#.*$/, '') };
    // A server: its host, as written or from a handle (@someone@social.example).
    const host = value.toLowerCase().replace(/^@?[^@\s]+@/, '');
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(host) || !/[.:]/.test(host)) {
      ctx.addIssue({ code: 'custom', message: 'Name a server by its address (social.example) or an account by its https address.' });
      return z.NEVER;
    }
    return { kind: 'server' as const, target: host };
  });

export const FederationBlockCreateSchema = z
  .object({ target: FederationBlockTargetSchema, reason: ModerationReasonSchema.shape.reason })
  .meta({ id: 'FederationBlockCreate' });
export type FederationBlockCreate = z.input<typeof FederationBlockCreateSchema>;

export const FederationBlockSchema = z
  .object({ id: z.uuid(), kind: z.enum(['server', 'account']), target: z.string(), created: z.string() })
  .meta({ id: 'FederationBlock' });
export type FederationBlock = z.infer<typeof FederationBlockSchema>;

export const FederationFollowerSchema = z
  .object({ actor: z.string(), /** `@name@server`, when its server gave a name. */ handle: z.string().nullable(), since: z.string() })
  .meta({ id: 'FederationFollower' });
export type FederationFollower = z.infer<typeof FederationFollowerSchema>;

/**
 * Another server's actor an admin follows for the site: a handle (`@events@other.example`, as on
 * Mastodon) or the actor's address. Its public events then show here, marked with their origin.
 */
export const FederationFollowTargetSchema = z
  .string()
  .trim()
  .min(1, { message: 'Name the account to follow: its handle (@events@other.example) or its address.' })
  .max(500, { message: 'The account is at most 500 characters.' })
  .transform((value, ctx) => {
    if (/^https?:\/\/[^\s/?#]+\/\S*$/i.test(value)) return value.replace(/#.*$/, '');
    const handle = /^@?([\p{L}\p{N}_.-]{1,100})@([a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?)$/iu.exec(value);
    if (!handle) {
      ctx.addIssue({ code: 'custom', message: 'Name the account by its handle (@events@other.example) or its address (https://…).' });
      return z.NEVER;
    }
    // Handles are told apart without case (as Mastodon does): one account, one follow.
    return `@${handle[1]!.toLowerCase()}@${handle[2]!.toLowerCase()}`;
  });

export const FederationFollowCreateSchema = z.object({ target: FederationFollowTargetSchema }).meta({ id: 'FederationFollowCreate' });
export type FederationFollowCreate = z.input<typeof FederationFollowCreateSchema>;

/**
 * Where a follow stands: finding (the account is being looked up), asked (its server has not
 * answered), following, refused (its server said no), failed (not found, or not reachable: see
 * problem), leaving (the Undo is on its way).
 */
export const FederationFollowStates = ['finding', 'asked', 'following', 'refused', 'failed', 'leaving'] as const;
export type FederationFollowState = (typeof FederationFollowStates)[number];

export const FederationFollowingSchema = z
  .object({
    id: z.uuid(),
    /** What the admin named. */
    target: z.string(),
    actor: z.string().nullable(),
    handle: z.string().nullable(),
    state: z.enum(FederationFollowStates),
    problem: z.string().nullable(),
    /** The account is its server's own (an Application or Service: Mobilizon's relay, a Hubbub site): all of that server's public events are taken in. */
    wholeServer: z.boolean(),
    since: z.string(),
  })
  .meta({ id: 'FederationFollowing' });
export type FederationFollowing = z.infer<typeof FederationFollowingSchema>;

/** The site in the fediverse as its admins see it: whether it federates, its handle, who follows it, who is blocked. */
export const FederationOverviewSchema = z
  .object({
    enabled: z.boolean(),
    /** `@hubbub@events.example`: what people search for on Mastodon to follow the site's events; null when off. */
    handle: z.string().nullable(),
    actor: z.string().nullable(),
    followerCount: z.number().int(),
    followers: z.array(FederationFollowerSchema),
    /** The accounts on other servers the site follows, whose public events show here. */
    following: z.array(FederationFollowingSchema),
    blocks: z.array(FederationBlockSchema),
  })
  .meta({ id: 'FederationOverview' });
export type FederationOverview = z.infer<typeof FederationOverviewSchema>;

/** How a person who hosts public events is followed from the fediverse; null while they have no handle, or federation is off. */
export const FederationPersonSchema = z.object({ handle: z.string().nullable() }).meta({ id: 'FederationPerson' });
export type FederationPerson = z.infer<typeof FederationPersonSchema>;

/** Admins' calls; each checks the Admin role in the database, and blocks carry a reason for the audit log. */
export const federationApi = defineEndpoints('federation', {
  person: endpoint('GET', `${PRESENCE}/federation/people/:id`, {
    summary: "A person's fediverse handle (`@name@host`), once they host a public event and federation is on",
    auth: 'optional',
    params: IdParamsSchema,
    answer: FederationPersonSchema,
    problems: [400, 404],
  }),
  overview: endpoint('GET', `${ADMIN}/federation/`, {
    summary: "The site in the fediverse: its handle, its remote followers and the blocked servers and accounts (Admin role)",
    auth: 'bearer',
    answer: FederationOverviewSchema,
    problems: [400, 404],
  }),
  block: endpoint('POST', `${ADMIN}/federation/blocks/`, {
    summary: 'Blocks a remote server or account: nothing is taken from it or sent to it, and its follows end (Admin role)',
    auth: 'bearer',
    body: FederationBlockCreateSchema,
    answer: FederationOverviewSchema,
    problems: [400, 404, 409],
  }),
  follow: endpoint('POST', `${ADMIN}/federation/following/`, {
    summary: "Follows another server's account for the site (Admin role): its public events show in search and on the map, marked with their origin",
    auth: 'bearer',
    body: FederationFollowCreateSchema,
    answer: FederationOverviewSchema,
    problems: [400, 404, 409],
  }),
  unfollow: endpoint('DELETE', `${ADMIN}/federation/following/:id`, {
    summary: 'Stops following an account (Admin role): its events leave this server and its server is told',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: FederationOverviewSchema,
    problems: [400, 404],
  }),
  unblock: endpoint('POST', `${ADMIN}/federation/blocks/:id/lift`, {
    summary: 'Lifts a block (Admin role); the server or account may follow again',
    auth: 'bearer',
    params: IdParamsSchema,
    body: ModerationReasonSchema,
    answer: FederationOverviewSchema,
    problems: [400, 404],
  }),
});
