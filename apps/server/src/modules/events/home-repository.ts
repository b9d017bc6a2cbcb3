import { sql, type SQL } from 'drizzle-orm';
import type { HomeRelation } from '@hubbub/contract';
import { prepareStatement, queryPrepared, type Db, type PreparedStatement } from '../../db/client.js';
import { coHostRoleOf, isListed, visibleTo } from '../../db/fragments.js';
import { summaryColumns, type EventRowBase } from './repository.js';

// What a person's home and their public page list (modules/home, the person page): a few short,
// indexed reads, each with the tenant and the visibility rules of the search. Each is a prepared
// statement, made once: on the embedded database planning these costs more than running them.

export type RelatedEventRow = EventRowBase & { relation: HomeRelation | null; waitlistPlace: number | null };

export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** A value bound when the statement runs. */
const p = (name: string) => sql`${sql.placeholder(name)}`;

/** fragments.visibleTo with the viewer and the clock as placeholders: owners see their drafts and hidden events, invitees invite-only ones. */
const visibleToViewer = visibleTo(p('viewer'), p('now'));
/** What everyone may find in lists: published, not hidden by moderators, public. */
const isPublic = isListed(p('now'));

/** The viewer's row of the event's going list (modules/going), when it is not a seat (that is the Attendee link). */
const waiting = sql`(select g.state from going g where g.event_id = e.id and g.user_id = ${p('viewer')} and g.state in ('offered', 'waitlisted', 'pending'))`;

/**
 * The viewer's tie to the event (aliased `e`), in this order: host, co-host or door staff, going (Attendee link), offered
 * a seat, on the waitlist or waiting for approval (going), following.
 */
const relation = sql`coalesce(case
    when e.user_id = ${p('viewer')} then 'host'
  end, ${coHostRoleOf(p('viewer'))}, case
    when exists(select 1 from event_links l where l.event_id = e.id and l.user_id = ${p('viewer')} and l.type = 'Attendee') then 'attendee'
  end, ${waiting}, case
    when exists(select 1 from event_links l where l.event_id = e.id and l.user_id = ${p('viewer')} and l.type = 'Follow') then 'follower'
  end)`;

/** The viewer's place in the event's line (a rank, so 1 is next), or null. */
const waitlistPlace = sql`(select nullif(count(*), 0)::int from going w join going g on g.event_id = w.event_id
    where g.event_id = e.id and g.user_id = ${p('viewer')} and g.state = 'waitlisted' and w.state = 'waitlisted' and w.line_no <= g.line_no)`;

/** Hosts who blocked the viewer are left out of everything the viewer is offered. */
const notBlocked = sql`not exists(select 1 from user_blocks b where b.blocker_id = e.user_id and b.blocked_id = ${p('viewer')})`;

/** Inside the box (not across the antimeridian: a box around a city never is). */
const inBox = sql`e.lat between ${p('minLat')} and ${p('maxLat')} and e.lng between ${p('minLng')} and ${p('maxLng')}`;

const related = (where: SQL, order: SQL) =>
  sql`select ${summaryColumns}, ${relation} as relation, ${waitlistPlace} as "waitlistPlace" from events e join users u on u.id = e.user_id where ${where} order by ${order} limit ${p('limit')}`;

/**
 * `related`, soonest first, with a series once (issue 29): its first date in the list, so following
 * a weekly series does not fill the list with it. The rows are the viewer's own few (what they
 * host, go to or follow; what the people they follow host), so the distinct-on reads them all.
 */
const relatedOnce = (where: SQL) =>
  sql`select * from (select distinct on (coalesce(e.series_id, e.id)) ${summaryColumns}, ${relation} as relation, ${waitlistPlace} as "waitlistPlace", e.starts_at as "sortAt"
      from events e join users u on u.id = e.user_id where ${where} order by coalesce(e.series_id, e.id), e.starts_at, e.id) once
    order by "sortAt", id limit ${p('limit')}`;

const statements = new Map<string, PreparedStatement>();
function statement(key: string, build: () => SQL): PreparedStatement {
  let made = statements.get(key);
  if (!made) statements.set(key, (made = prepareStatement(build())));
  return made;
}

const noBox = { minLat: 0, maxLat: 0, minLng: 0, maxLng: 0 };

/**
 * Events whose buzz runs now (status Started: few, from events_live_idx) that the viewer hosts,
 * goes to or follows, and listed ones that people they follow host or that are inside `box`.
 */
export function liveEvents(db: Db, args: { tenantId: string; viewerId: string; box: Box | null; now: Date; limit: number }): Promise<RelatedEventRow[]> {
  const withBox = args.box !== null;
  const query = statement(`live${+withBox}`, () =>
    related(
      sql`e.tenant_id = ${p('tenantId')} and e.status = 1 and ${visibleToViewer} and ${notBlocked} and (e.user_id = ${p('viewer')}
        or exists(select 1 from event_links l where l.event_id = e.id and l.user_id = ${p('viewer')} and l.type in ('Follow', 'Attendee'))
        -- Of followed hosts and the map's box, only what is listed (not unlisted or invite-only events).
        or (${isPublic} and (e.user_id in (select f.followee_id from user_follows f where f.follower_id = ${p('viewer')})
        ${withBox ? sql`or (${inBox})` : sql``})))`,
      sql`(e.user_id = ${p('viewer')}) desc, e.starts_at, e.id`,
    ),
  );
  return queryPrepared<RelatedEventRow>(db, query, { tenantId: args.tenantId, viewer: args.viewerId, now: args.now, limit: args.limit, ...(args.box ?? noBox) });
}

/**
 * Public events inside `box` that start in [startFrom, startTo) and are still on after `endsAfter`,
 * soonest first: read from the window index (events_window_idx) in start order.
 */
export function eventsNear(
  db: Db,
  args: { tenantId: string; viewerId: string; box: Box; startFrom: Date; startTo: Date; endsAfter: Date; now: Date; limit: number },
): Promise<RelatedEventRow[]> {
  const query = statement('near', () =>
    related(
      sql`e.tenant_id = ${p('tenantId')} and e.starts_at >= ${p('startFrom')} and e.starts_at < ${p('startTo')} and e.ends_at > ${p('endsAfter')}
        and ${inBox} and e.status <> 3 and ${isPublic} and ${notBlocked}`,
      sql`e.starts_at, e.id`,
    ),
  );
  const { box } = args;
  return queryPrepared<RelatedEventRow>(db, query, {
    tenantId: args.tenantId,
    viewer: args.viewerId,
    now: args.now,
    startFrom: args.startFrom,
    startTo: args.startTo,
    endsAfter: args.endsAfter,
    limit: args.limit,
    ...box,
  });
}

/** What the viewer hosts (drafts too) or helps run (modules/co-hosts), goes to, waits for or follows that has not ended, soonest first. */
export function nextEventsOf(db: Db, args: { tenantId: string; viewerId: string; now: Date; limit: number }): Promise<RelatedEventRow[]> {
  // Two index reads (events_user_idx, event_links_user_idx) rather than one OR over the table.
  const query = statement('next', () =>
    relatedOnce(
      sql`e.id in (select id from events where user_id = ${p('viewer')} and ends_at > ${p('now')}
          union select event_id from event_co_hosts where user_id = ${p('viewer')}
          union select event_id from event_links where user_id = ${p('viewer')} and type in ('Follow', 'Attendee')
          union select event_id from going where user_id = ${p('viewer')} and state in ('offered', 'waitlisted', 'pending'))
        and e.tenant_id = ${p('tenantId')} and e.ends_at > ${p('now')} and ${visibleToViewer} and ${notBlocked}`,
    ),
  );
  return queryPrepared<RelatedEventRow>(db, query, { tenantId: args.tenantId, viewer: args.viewerId, now: args.now, limit: args.limit });
}

/** Public events, not ended and not canceled, hosted by people the viewer follows, soonest first. */
export function eventsOfFollowedHosts(db: Db, args: { tenantId: string; viewerId: string; now: Date; limit: number }): Promise<RelatedEventRow[]> {
  const query = statement('followedHosts', () =>
    relatedOnce(
      // The tenant is checked on the host (u): on e it tempts the planner into the whole tenant's window index.
      sql`u.tenant_id = ${p('tenantId')} and e.user_id in (select f.followee_id from user_follows f where f.follower_id = ${p('viewer')})
        and e.ends_at > ${p('now')} and e.status <> 3 and ${isPublic} and ${notBlocked}`,
    ),
  );
  return queryPrepared<RelatedEventRow>(db, query, { tenantId: args.tenantId, viewer: args.viewerId, now: args.now, limit: args.limit });
}

/**
 * A person's public events (as everyone sees them: published, not hidden), upcoming (not ended)
 * soonest first or past latest first, with how many there are: the person's eventCount splits
 * into exactly these two.
 */
export async function publicEventsOf(
  db: Db,
  args: { tenantId: string; userId: string; upcoming: boolean; now: Date; limit: number; offset: number },
): Promise<{ total: number; rows: EventRowBase[] }> {
  const key = args.upcoming ? 'upcoming' : 'past';
  // The tenant is checked on the host (u), as above; events_user_idx finds the rows.
  const where = sql`u.tenant_id = ${p('tenantId')} and e.user_id = ${p('userId')} and ${isPublic}
    and ${args.upcoming ? sql`e.ends_at > ${p('now')}` : sql`e.ends_at <= ${p('now')}`}`;
  const order = args.upcoming ? sql`e.starts_at, e.id` : sql`e.starts_at desc, e.id desc`;
  const count = statement(`${key}Count`, () => sql`select count(*)::int as total from events e join users u on u.id = e.user_id where ${where}`);
  const page = statement(`${key}Page`, () => sql`select ${summaryColumns} from events e join users u on u.id = e.user_id where ${where} order by ${order} limit ${p('limit')} offset ${p('offset')}`);
  const values = { tenantId: args.tenantId, userId: args.userId, now: args.now, limit: args.limit, offset: args.offset };
  const [[counted], rows] = await Promise.all([queryPrepared<{ total: number }>(db, count, values), queryPrepared<EventRowBase>(db, page, values)]);
  return { total: counted.total, rows };
}
