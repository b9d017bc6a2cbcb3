import { sql, type SQL } from 'drizzle-orm';

// SQL pieces several repositories share. They read; writes stay with each table's owner.

/** Stands in for "nobody signed in" where a uuid is compared. */
export const NO_USER = '00000000-0000-0000-0000-000000000000';

/** Timestamps leave SQL as ISO strings so both drivers hand back the same thing. */
export const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A value in a fragment: bound as a parameter, or SQL as it is (a placeholder of a prepared statement, a column). */
type Value = string | SQL;
const clock = (now: Date | SQL): Value => (now instanceof Date ? now.toISOString() : now);

/** Events (aliased `e`) that are published: no publish date, or one that has come. */
export const isPublished = (now: Date | SQL) => sql`(e.publish_on is null or e.publish_on <= ${clock(now)})`;

/**
 * Events (aliased `e`) everyone may find: published, not hidden by moderators, and public (not
 * unlisted or invite-only, issue 28). What lists show to anyone but the host: search, map tiles,
 * a person's page, feeds, partners, "near you".
 */
export const isListed = (now: Date | SQL) => sql`(${isPublished(now)} and e.hidden_at is null and e.visibility = 'public')`;

/**
 * An invite-only event (aliased `e`) the viewer was invited to (modules/going): by the invitation
 * link or a personal one they opened, or by email to the address they verified.
 */
const invited = (viewer: Value) => sql`exists(select 1 from going_invitations i where i.event_id = e.id and (i.user_id = ${viewer}
  or i.email = (select u.email from users u where u.id = ${viewer} and u.email_verified_at is not null)))`;

/**
 * Events (aliased `e`) the viewer may see (by id or link; lists use isListed): owners and their
 * co-hosts see its drafts and hidden events; everyone else what is published and not hidden by moderators, and of
 * invite-only events only those they were invited to. Unlisted events are seen by anyone with the link.
 */
export const visibleTo = (viewerId: Value | null, now: Date | SQL) => {
  const viewer = viewerId ?? NO_USER;
  // The co-host branch is uncorrelated: PostgreSQL reads the viewer's co-hosted events once per query (event_co_hosts_user_idx), not once per row.
  const coHosted = viewerId === null ? sql`` : sql` or e.id in (select c.event_id from event_co_hosts c where c.user_id = ${viewer} and c.role = 'co-host')`;
  return sql`(e.user_id = ${viewer} or (${isPublished(now)} and e.hidden_at is null and (e.visibility <> 'invite' or ${invited(viewer)}))${coHosted})`;
};

/**
 * The co-host role (modules/co-hosts) the viewer holds at event `e`, or null. A `co-host` sees
 * what its host sees (drafts, hidden and invite-only events); door staff see the door alone.
 */
export const coHostRoleOf = (viewer: Value) => sql`(select c.role from event_co_hosts c where c.event_id = e.id and c.user_id = ${viewer})`;

/** The viewer's part in event `e` (the contract's EventRole): host, a co-host role, or null. */
export const eventRoleOf = (viewer: Value) => sql`(case when e.user_id = ${viewer} then 'host' else ${coHostRoleOf(viewer)} end)`;

/** Events (aliased `e`) the viewer may find in lists: their own (drafts too), and what is listed. */
export const listedTo = (viewerId: Value | null, now: Date | SQL) => sql`(e.user_id = ${viewerId ?? NO_USER} or ${isListed(now)})`;

/** A LIKE pattern matching `text` literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A list of ids as uuid literals, for `in (...)` and `array[...]` (the drivers differ on array parameters). */
export const uuidList = (ids: string[]) => sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `);
