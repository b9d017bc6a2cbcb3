import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { isListed, iso } from '../../db/fragments.js';

// ---- Fedify's key-value store ----

export async function kvGet(db: Db, key: string, now: Date): Promise<unknown> {
  const rows = await queryRows<{ value: unknown }>(db, sql`select value from federation_kv where key = ${key} and (expires_at is null or expires_at > ${now})`);
  return rows[0]?.value;
}

export async function kvSet(db: Db, key: string, value: unknown, expiresAt: Date | null): Promise<void> {
  await db.execute(sql`insert into federation_kv (key, value, expires_at) values (${key}, ${JSON.stringify(value)}::jsonb, ${expiresAt})
    on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
}

export async function kvDelete(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from federation_kv where key = ${key}`);
}

export async function kvSweep(db: Db, now: Date): Promise<void> {
  await db.execute(sql`delete from federation_kv where expires_at <= ${now}`);
}

// ---- Fedify's queue ----

export async function enqueue(db: Db, queue: string, messages: unknown[], runAt: Date): Promise<void> {
  if (!messages.length) return;
  await db.execute(sql`insert into federation_queue (queue, message, run_at) values ${sql.join(
    messages.map((m) => sql`(${queue}, ${JSON.stringify(m)}::jsonb, ${runAt})`),
    sql`, `,
  )}`);
}

/** Claims the next due message of `queue` for `instance` until the lease ends (other instances skip it). */
export async function claim(db: Db, args: { queue: string; instance: string; leaseMs: number; now: Date }): Promise<{ id: number; message: unknown; attempts: number } | undefined> {
  const [row] = await queryRows<{ id: number; message: unknown; attempts: number }>(
    db,
    sql`update federation_queue q set claimed_by = ${args.instance}, claimed_until = ${args.now}::timestamptz + ${args.leaseMs} * interval '1 millisecond'
        where q.id = (select id from federation_queue where queue = ${args.queue} and run_at <= ${args.now} and (claimed_until is null or claimed_until < ${args.now})
                      order by run_at, id limit 1 for update skip locked)
        returning q.id, q.message, q.attempts`,
  );
  return row;
}

/** Removes a handled message, if it is still this instance's (a lease that ran out went to another). */
export async function done(db: Db, args: { id: number; instance: string }): Promise<void> {
  await db.execute(sql`delete from federation_queue where id = ${args.id} and claimed_by = ${args.instance}`);
}

/** A message whose handler failed runs again at `runAt`, by whichever instance claims it then. */
export async function retryLater(db: Db, args: { id: number; instance: string; runAt: Date }): Promise<void> {
  await db.execute(sql`update federation_queue set run_at = ${args.runAt}, attempts = attempts + 1, claimed_by = null, claimed_until = null
    where id = ${args.id} and claimed_by = ${args.instance}`);
}

/** Messages due and how late the oldest is (the metrics' job queue gauges). */
export async function queueStats(db: Db, now: Date): Promise<{ due: number; lagSeconds: number }> {
  const [row] = await queryRows<{ due: number; lagSeconds: number }>(db, sql`
    select count(*)::int as due, coalesce(extract(epoch from ${now}::timestamptz - min(run_at)), 0)::float8 as "lagSeconds"
    from federation_queue where run_at <= ${now} and (claimed_until is null or claimed_until < ${now})`);
  return row!;
}

// ---- Actors' keys ----

export async function findKeys(db: Db, tenantId: string, identifier: string): Promise<unknown | undefined> {
  const rows = await queryRows<{ keys: unknown }>(db, sql`select keys from federation_keys where tenant_id = ${tenantId} and identifier = ${identifier}`);
  return rows[0]?.keys;
}

/** Keeps the first keys stored for an actor (two instances making them at once agree on one pair). */
export async function insertKeys(db: Db, tenantId: string, identifier: string, keys: unknown): Promise<void> {
  await db.execute(sql`insert into federation_keys (tenant_id, identifier, keys) values (${tenantId}, ${identifier}, ${JSON.stringify(keys)}::jsonb) on conflict do nothing`);
}

// ---- Followers ----

export interface FollowerRow {
  actorUri: string;
  inbox: string;
  sharedInbox: string | null;
}

export async function addFollower(db: Db, f: FollowerRow & { tenantId: string; identifier: string; followId: string | null; handle: string | null }): Promise<void> {
  await db.execute(sql`insert into federation_followers (tenant_id, identifier, actor_uri, handle, inbox, shared_inbox, follow_id)
    values (${f.tenantId}, ${f.identifier}, ${f.actorUri}, ${f.handle}, ${f.inbox}, ${f.sharedInbox}, ${f.followId})
    on conflict (tenant_id, identifier, actor_uri) do update set handle = excluded.handle, inbox = excluded.inbox, shared_inbox = excluded.shared_inbox, follow_id = excluded.follow_id`);
}

export async function removeFollower(db: Db, args: { tenantId: string; identifier: string; actorUri: string }): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from federation_followers where tenant_id = ${args.tenantId} and identifier = ${args.identifier} and actor_uri = ${args.actorUri} returning actor_uri`,
  );
  return rows.length > 0;
}

/** The actor's followers; `exceptBlocked` leaves out those an admin blocked (by account, or by the server of their actor or inbox). */
export function followers(db: Db, args: { tenantId: string; identifier: string; exceptBlocked?: boolean; offset?: number; limit?: number }): Promise<FollowerRow[]> {
  const notBlocked = args.exceptBlocked
    ? sql`and not exists (select 1 from federation_blocks b where b.tenant_id = f.tenant_id and (${blockMatches(sql`f.actor_uri`)} or ${blockMatches(sql`f.inbox`)}))`
    : sql``;
  return queryRows(
    db,
    sql`select actor_uri as "actorUri", inbox, shared_inbox as "sharedInbox" from federation_followers f
        where tenant_id = ${args.tenantId} and identifier = ${args.identifier} ${notBlocked} order by created_at, actor_uri
        ${args.limit === undefined ? sql`` : sql`limit ${args.limit} offset ${args.offset ?? 0}`}`,
  );
}

/** Followers of one actor; without `identifier`, of any of the tenant's actors (the site's and its people's). */
export async function countFollowers(db: Db, args: { tenantId: string; identifier?: string }): Promise<number> {
  const which = args.identifier === undefined ? sql`` : sql`and identifier = ${args.identifier}`;
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from federation_followers where tenant_id = ${args.tenantId} ${which}`);
  return row?.n ?? 0;
}

// ---- Publishing ----

export interface PublishCandidate {
  id: string;
  /** The event's updated_at. */
  version: string;
  /** Activities sent about it so far. */
  sends: number;
  /** Create (never sent), Update (changed since) or Delete (gone, or no longer public). */
  kind: 'create' | 'update' | 'delete';
  /** Its host (as last sent, for a Delete). */
  hostId: string | null;
}

/**
 * What the tenant owes its followers: its own public events (never those taken in from other servers) not yet sent or changed since (those still to
 * come: turning federation on does not send the past) and left alone for `settleMs` (a host making
 * a new event unlisted, or fixing a typo, sends nothing first), and sent ones deleted or no longer
 * public (at once).
 */
export async function publishCandidates(db: Db, args: { tenantId: string; now: Date; settleMs: number; limit: number }): Promise<PublishCandidate[]> {
  const upserts = await queryRows<PublishCandidate>(
    db,
    // Versions travel as ISO strings (milliseconds); PostgreSQL keeps microseconds, so both sides compare in milliseconds.
    sql`select e.id, ${iso(sql`e.updated_at`)} as version, coalesce(p.sends, 0) as sends, e.user_id as "hostId", case when p.event_id is null or p.state <> 'live' then 'create' else 'update' end as kind
        from events e left join federation_published p on p.event_id = e.id
        where e.tenant_id = ${args.tenantId} and e.origin_id is null and ${isListed(args.now)} and e.ends_at > ${args.now}
          and e.updated_at <= ${args.now}::timestamptz - ${args.settleMs} * interval '1 millisecond'
          and (p.event_id is null or p.state <> 'live' or p.version < date_trunc('milliseconds', e.updated_at))
        order by e.updated_at limit ${args.limit}`,
  );
  const deletes = await queryRows<PublishCandidate>(
    db,
    sql`select p.event_id as id, ${iso(sql`p.version`)} as version, p.sends, 'delete' as kind, p.host_id as "hostId"
        from federation_published p left join events e on e.id = p.event_id
        where p.tenant_id = ${args.tenantId} and p.state = 'live' and (e.id is null or not ${isListed(args.now)})
        limit ${args.limit}`,
  );
  return [...upserts, ...deletes];
}

/**
 * With nobody to tell (no follower, and no one from another server on the event's list), what the
 * round owes is recorded as sent in two statements instead of built and sent event by event: a
 * site turning federation on with many events, or one nobody follows yet, does no work per event.
 * Answers how many it recorded.
 */
export async function recordUntold(db: Db, args: { tenantId: string; now: Date; settleMs: number }): Promise<number> {
  const untold = sql`not exists (select 1 from federation_joins j where j.event_id = e.id)`;
  const upserted = await queryRows(
    db,
    sql`insert into federation_published (event_id, tenant_id, version, state, sends, host_id)
        select e.id, e.tenant_id, date_trunc('milliseconds', e.updated_at), 'live', 1, e.user_id
        from events e left join federation_published p on p.event_id = e.id
        where e.tenant_id = ${args.tenantId} and e.origin_id is null and ${isListed(args.now)} and e.ends_at > ${args.now}
          and e.updated_at <= ${args.now}::timestamptz - ${args.settleMs} * interval '1 millisecond'
          and (p.event_id is null or p.state <> 'live' or p.version < date_trunc('milliseconds', e.updated_at)) and ${untold}
        on conflict (event_id) do update set version = excluded.version, state = 'live', sends = federation_published.sends + 1, host_id = excluded.host_id, sent_at = now()
        returning event_id`,
  );
  const withdrawn = await queryRows(
    db,
    sql`update federation_published p set state = 'deleted', sends = p.sends + 1, sent_at = now()
        where p.tenant_id = ${args.tenantId} and p.state = 'live'
          and not exists (select 1 from events e where e.id = p.event_id and ${isListed(args.now)})
          and not exists (select 1 from federation_joins j where j.event_id = p.event_id)
        returning p.event_id`,
  );
  return upserted.length + withdrawn.length;
}

/** Records what was sent; false when another instance recorded the same or a newer version first. */
export async function markPublished(db: Db, args: { tenantId: string; eventId: string; version: string; state: 'live' | 'deleted'; hostId: string | null }): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into federation_published (event_id, tenant_id, version, state, sends, host_id) values (${args.eventId}, ${args.tenantId}, ${args.version}, ${args.state}, 1, ${args.hostId})
        on conflict (event_id) do update set version = excluded.version, state = excluded.state, sends = federation_published.sends + 1,
          host_id = coalesce(excluded.host_id, federation_published.host_id), sent_at = now()
        where federation_published.version < excluded.version or federation_published.state <> excluded.state
        returning event_id`,
  );
  return rows.length > 0;
}

/** Takes or renews the tenant's publisher lease for `holder`; false while another instance holds it. */
export async function takePublisherLease(db: Db, args: { tenantId: string; holder: string; leaseMs: number; now: Date }): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into federation_publisher_lease (tenant_id, holder, until) values (${args.tenantId}, ${args.holder}, ${args.now}::timestamptz + ${args.leaseMs} * interval '1 millisecond')
        on conflict (tenant_id) do update set holder = excluded.holder, until = excluded.until
        where federation_publisher_lease.holder = excluded.holder or federation_publisher_lease.until < ${args.now}
        returning holder`,
  );
  return rows.length > 0;
}

// ---- Blocks ----

/** The host of an address (lower case, with its port). */
const hostOf = (address: SQL) => sql`lower(substring(${address} from '^https?://([^/?#]+)'))`;

/** Whether block `b` covers an address: the account itself, its server, or a server under the blocked one (spam.example covers a.spam.example). */
const blockMatches = (address: SQL) =>
  sql`(b.target = ${address} or (b.kind = 'server' and (${hostOf(address)} = b.target or ${hostOf(address)} like '%.' || b.target)))`;

export interface BlockRow {
  id: string;
  kind: 'server' | 'account';
  target: string;
  created: string;
}

export function blocks(db: Db, tenantId: string): Promise<BlockRow[]> {
  return queryRows(db, sql`select id, kind, target, ${iso(sql`created_at`)} as created from federation_blocks where tenant_id = ${tenantId} order by created_at desc, target`);
}

/** Adds a block; undefined when the target was blocked already. */
export async function insertBlock(db: Db, args: { tenantId: string; kind: string; target: string }): Promise<BlockRow | undefined> {
  const [row] = await queryRows<BlockRow>(
    db,
    sql`insert into federation_blocks (tenant_id, kind, target) values (${args.tenantId}, ${args.kind}, ${args.target}) on conflict do nothing
        returning id, kind, target, ${iso(sql`created_at`)} as created`,
  );
  return row;
}

export async function deleteBlock(db: Db, args: { tenantId: string; id: string }): Promise<BlockRow | undefined> {
  const [row] = await queryRows<BlockRow>(
    db,
    sql`delete from federation_blocks where tenant_id = ${args.tenantId} and id = ${args.id} returning id, kind, target, ${iso(sql`created_at`)} as created`,
  );
  return row;
}

/** Whether an actor (by its address) or its server (or one above it) is blocked. */
export async function isBlocked(db: Db, args: { tenantId: string; actor: string }): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from federation_blocks b where b.tenant_id = ${args.tenantId} and ${blockMatches(sql`${args.actor}::text`)} limit 1`);
  return rows.length > 0;
}

/** Ends the follows of a blocked server's accounts, or of one account; answers how many. */
/** Rows whose actor_uri a new block names: the account, or any on the server or under it. */
const blockedBy = (block: { kind: 'server' | 'account'; target: string }) =>
  block.kind === 'account' ? sql`actor_uri = ${block.target}` : sql`(${hostOf(sql`actor_uri`)} = ${block.target} or ${hostOf(sql`actor_uri`)} like '%.' || ${block.target})`;

export async function removeBlockedFollowers(db: Db, args: { tenantId: string; kind: 'server' | 'account'; target: string }): Promise<number> {
  const match = blockedBy(args);
  const rows = await queryRows(db, sql`delete from federation_followers where tenant_id = ${args.tenantId} and ${match} returning actor_uri`);
  return rows.length;
}

/** The site's follows of a blocked server or account end at once (nothing is sent to it, not even an Undo); answers the actors. */
export function removeBlockedFollowing(db: Db, args: { tenantId: string; kind: 'server' | 'account'; target: string }): Promise<{ actor: string; wholeServer: boolean }[]> {
  const match = blockedBy(args);
  return queryRows(db, sql`delete from federation_following where tenant_id = ${args.tenantId} and actor_uri is not null and ${match} returning actor_uri as actor, whole_server as "wholeServer"`);
}

export function recentFollowers(db: Db, args: { tenantId: string; identifier: string; limit: number }): Promise<{ actor: string; handle: string | null; since: string }[]> {
  return queryRows(
    db,
    sql`select actor_uri as actor, handle, ${iso(sql`created_at`)} as since from federation_followers
        where tenant_id = ${args.tenantId} and identifier = ${args.identifier} order by created_at desc, actor_uri limit ${args.limit}`,
  );
}

// ---- Going from the fediverse ----

export async function saveJoin(db: Db, j: { tenantId: string; eventId: string; userId: string; actor: string; inbox: string; joinId: string }): Promise<void> {
  // A new Join (after a Leave) is answered afresh; the same one sent again keeps its answer.
  await db.execute(sql`insert into federation_joins (tenant_id, event_id, user_id, actor, inbox, join_id) values (${j.tenantId}, ${j.eventId}, ${j.userId}, ${j.actor}, ${j.inbox}, ${j.joinId})
    on conflict (event_id, user_id) do update set actor = excluded.actor, inbox = excluded.inbox, join_id = excluded.join_id,
      answered = case when federation_joins.join_id = excluded.join_id then federation_joins.answered end`);
}

/**
 * Takes the sending of an answer (false: another round or instance took it, or it was given):
 * whoever changes the row sends it, so a Join is answered once. `undo` gives it back after a failed send.
 */
export async function takeAnswer(db: Db, args: { eventId: string; userId: string; joinId: string; answer: 'accept' | 'reject'; undo?: boolean }): Promise<boolean> {
  const rows = await queryRows(
    db,
    args.undo
      ? sql`update federation_joins set answered = null where event_id = ${args.eventId} and user_id = ${args.userId} and join_id = ${args.joinId} and answered = ${args.answer} returning join_id`
      : // Only while it is still the answer: an Accept while they hold a seat, a Reject while they hold nothing (or were declined).
        sql`update federation_joins j set answered = ${args.answer}
            where j.event_id = ${args.eventId} and j.user_id = ${args.userId} and j.join_id = ${args.joinId} and j.answered is distinct from ${args.answer}
              and ${args.answer === 'accept'
                ? sql`exists (select 1 from going g where g.event_id = j.event_id and g.user_id = j.user_id and g.state = 'going')`
                : sql`not exists (select 1 from going g where g.event_id = j.event_id and g.user_id = j.user_id and g.state <> 'declined')`}
            returning j.join_id`,
  );
  return rows.length > 0;
}

export interface OwedAnswer {
  eventId: string;
  userId: string;
  actor: string;
  inbox: string;
  joinId: string;
  answer: 'accept' | 'reject';
}

export interface OwedMessage {
  messageId: string;
  userId: string;
  eventId: string;
  authorId: string;
  actor: string;
  inbox: string;
  /** The remote account's handle (`@ana@social.example`), or its actor's address. */
  handle: string;
}

/**
 * Hosts' messages (modules/going) of the last two days to the people from other servers who held a
 * seat when each was written, as modules/notifications mails everyone else, and not sent to them yet.
 */
export function owedMessages(db: Db, args: { tenantId: string; now: Date; limit: number }): Promise<OwedMessage[]> {
  return queryRows(
    db,
    sql`select m.id as "messageId", g.user_id as "userId", m.event_id as "eventId", m.author_id as "authorId", j.actor, j.inbox, u.email as handle
        from going_messages m
          join going g on g.event_id = m.event_id
          join federation_joins j on j.event_id = g.event_id and j.user_id = g.user_id
          join users u on u.id = g.user_id
        where m.tenant_id = ${args.tenantId} and m.created_at > ${args.now}::timestamptz - interval '2 days'
          and g.state in ('going', 'offered') and g.user_id <> m.author_id and g.created_at <= m.created_at
          and (m.audience = 'everyone' or not exists (select 1 from check_ins c where c.going_id = g.id and c.seat = 0))
          and not exists (select 1 from federation_messages s where s.message_id = m.id and s.user_id = g.user_id)
        order by m.created_at limit ${args.limit}`,
  );
}

/** Takes the sending of a message to one person (false: another round or instance took it); `undo` gives it back after a failed send. */
export async function takeMessage(db: Db, args: { tenantId: string; messageId: string; userId: string; undo?: boolean }): Promise<boolean> {
  const rows = await queryRows(
    db,
    args.undo
      ? sql`delete from federation_messages where message_id = ${args.messageId} and user_id = ${args.userId} returning message_id`
      : sql`insert into federation_messages (tenant_id, message_id, user_id) values (${args.tenantId}, ${args.messageId}, ${args.userId}) on conflict do nothing returning message_id`,
  );
  return rows.length > 0;
}

/** Remote Joins whose standing (modules/going's table) changed to a seat or a decline since their server was last told. */
export function owedAnswers(db: Db, args: { tenantId: string; limit: number }): Promise<OwedAnswer[]> {
  return queryRows(
    db,
    sql`select j.event_id as "eventId", j.user_id as "userId", j.actor, j.inbox, j.join_id as "joinId",
          case g.state when 'going' then 'accept' else 'reject' end as answer
        from federation_joins j join going g on g.event_id = j.event_id and g.user_id = j.user_id
        where j.tenant_id = ${args.tenantId}
          and ((g.state = 'going' and j.answered is distinct from 'accept') or (g.state = 'declined' and j.answered is distinct from 'reject'))
        order by j.created_at limit ${args.limit}`,
  );
}

/** The local account standing for a remote actor (modules/users' table), if it ever joined something. */
export async function remoteUserOf(db: Db, args: { tenantId: string; actor: string }): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(db, sql`select id from users where tenant_id = ${args.tenantId} and remote_actor = ${args.actor}`);
  return row?.id;
}

/** How many of an event's list came from one server (by the host of their actors' addresses). */
export async function joinsFromServer(db: Db, args: { eventId: string; host: string }): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from federation_joins j join going g on g.event_id = j.event_id and g.user_id = j.user_id
        where j.event_id = ${args.eventId} and ${hostOf(sql`j.actor`)} = ${args.host.toLowerCase()}`,
  );
  return row?.n ?? 0;
}

/**
 * Where the remote accounts on an event's list receive: they hear of its changes and cancellation
 * too. A deleted event's list went with it: then everyone whose Join is still kept.
 */
export function joinersOf(db: Db, eventId: string): Promise<{ actor: string; inbox: string }[]> {
  return queryRows(
    db,
    sql`select j.actor, j.inbox from federation_joins j left join going g on g.event_id = j.event_id and g.user_id = j.user_id
        where j.event_id = ${eventId} and (g.id is not null or not exists (select 1 from events e where e.id = j.event_id))`,
  );
}

/** The Joins of an event that is gone (deleted), once its Delete went out; a hidden or private one keeps them. */
export async function forgetJoins(db: Db, eventId: string): Promise<void> {
  await db.execute(sql`delete from federation_joins where event_id = ${eventId} and not exists (select 1 from events e where e.id = ${eventId})`);
}

