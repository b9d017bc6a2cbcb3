import { sql, type SQL } from 'drizzle-orm';

// SQL pieces several repositories share. They read; writes stay with each table's owner.

/** Stands in for "nobody signed in" where a uuid is compared. */
export const NO_USER = '00000000-0000-0000-0000-000000000000';

/** Timestamps leave SQL as ISO strings so both drivers hand back the same thing. */
export const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Events (aliased `e`) that are published: no publish date, or one that has come. */
export const isPublished = (now: Date) => sql`(e.publish_on is null or e.publish_on <= ${now.toISOString()})`;

/** Events (aliased `e`) the viewer may see: owners see their drafts and hidden events; everyone else what is published and not hidden by moderators. */
export const visibleTo = (viewerId: string | null, now: Date) => sql`(e.user_id = ${viewerId ?? NO_USER} or (${isPublished(now)} and e.hidden_at is null))`;

/** A LIKE pattern matching `text` literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
