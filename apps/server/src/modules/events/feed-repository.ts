import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { isListed, isPublished, iso, visibleTo } from '../../db/fragments.js';
import { whereOf, type SearchFilter } from './search-repository.js';

// The events of a calendar feed (modules/calendars): what an iCalendar VEVENT needs, soonest first.

export interface FeedEventRow {
  id: string;
  slug: string;
  /** Null once published; a draft's date of publication otherwise. */
  publishOnDate: string | null;
  name: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  venue: string | null;
  area: { streetAddress?: string | null; city?: string | null; state?: string | null; zipCode?: string | null; country?: string | null } | null;
  description: string | null;
  status: number;
  hostName: string;
  created: string;
  updated: string;
  /** Seconds from creation to the last change: grows with every change, as iCalendar's SEQUENCE must. */
  sequence: number;
  /** The series this event is a date of, where the rule put it (RECURRENCE-ID), and whether it was changed on its own. */
  seriesId: string | null;
  ruleDate: string | null;
  edited: boolean;
}

const columns = sql`e.id, e.slug, case when e.publish_on is null then null else ${iso(sql`e.publish_on`)} end as "publishOnDate", e.name, ${iso(sql`e.starts_at`)} as "startDate", ${iso(sql`e.ends_at`)} as "endDate", e.time_zone as "timeZone",
  e.venue, e.area, e.content_json as description, e.status::int as status, u.name as "hostName",
  ${iso(sql`e.created_at`)} as created, ${iso(sql`e.updated_at`)} as updated,
  greatest(0, floor(extract(epoch from e.updated_at - e.created_at)))::int as sequence,
  e.series_id as "seriesId", case when e.rule_date is null then null else ${iso(sql`e.rule_date`)} end as "ruleDate", e.series_edited as edited`;

function feedRows(db: Db, where: SQL, limit: number): Promise<FeedEventRow[]> {
  return queryRows<FeedEventRow>(db, sql`select ${columns} from events e join users u on u.id = e.user_id where ${where} order by e.starts_at, e.id limit ${limit}`);
}

/** A saved search's events: the search's own filter (visibility, text, category, box, window). */
export function searchFeed(db: Db, filter: SearchFilter, limit: number): Promise<FeedEventRow[]> {
  return feedRows(db, whereOf(filter), limit);
}

export type FeedKind = 'following' | 'hosts' | 'mine' | 'going';

/**
 * The events a person follows, hosts, holds a seat at (an Attendee link: Going, confirmed), or that the people they follow host, running at any time of
 * [from, to): what the person may see (of the people they follow, what is listed), plus the person's own drafts when `includeDrafts` (never events
 * hidden by moderators: a feed address is handed to calendar services).
 */
export function personalFeed(
  db: Db,
  args: { tenantId: string; userId: string; kind: FeedKind; includeDrafts: boolean; from: Date; to: Date; now: Date; limit: number },
): Promise<FeedEventRow[]> {
  const { userId } = args;
  const whose =
    args.kind === 'mine'
      ? sql`e.user_id = ${userId}`
      : args.kind === 'following' || args.kind === 'going'
        ? sql`exists(select 1 from event_links l where l.event_id = e.id and l.user_id = ${userId} and l.type = ${args.kind === 'going' ? 'Attendee' : 'Follow'})`
        : sql`e.user_id in (select f.followee_id from user_follows f where f.follower_id = ${userId})
              and not exists(select 1 from user_blocks b where b.blocker_id = e.user_id and b.blocked_id = ${userId})`;
  // Events of people followed are what anyone may find (listed); the person's own, followed and
  // attended events are those they may see (unlisted ones, invite-only ones they were invited to).
  const published = args.includeDrafts ? sql`(e.user_id = ${userId} or ${isPublished(args.now)})` : isPublished(args.now);
  const visible = args.kind === 'hosts' ? isListed(args.now) : sql`${published} and e.hidden_at is null and ${visibleTo(userId, args.now)}`;
  return feedRows(db, sql`e.tenant_id = ${args.tenantId} and ${whose} and ${visible} and e.ends_at > ${args.from} and e.starts_at < ${args.to}`, args.limit);
}

/** One event as a feed has it, if the viewer may see it. */
export async function feedEvent(db: Db, args: { tenantId: string; id: string; viewerId: string | null; now: Date }): Promise<FeedEventRow | undefined> {
  const [row] = await feedRows(db, sql`e.tenant_id = ${args.tenantId} and e.id = ${args.id} and ${visibleTo(args.viewerId, args.now)}`, 1);
  return row;
}

/** Every date of these series the viewer may see (never one hidden by moderators), by series and rule date. */
export function seriesFeed(db: Db, args: { tenantId: string; seriesIds: string[]; viewerId: string | null; now: Date }): Promise<FeedEventRow[]> {
  return queryRows<FeedEventRow>(db, sql`select ${columns} from events e join users u on u.id = e.user_id
    where e.tenant_id = ${args.tenantId} and e.series_id in (${sql.join(args.seriesIds.map((id) => sql`${id}`), sql`, `)})
      and e.hidden_at is null and ${visibleTo(args.viewerId, args.now)}
    order by e.series_id, e.rule_date`);
}
