import { sql, type SQL } from 'drizzle-orm';
import { prepareStatement, queryPrepared, queryRows, type Db, type PreparedStatement } from '../../db/client.js';
import { NO_USER, escapeLike, iso, listedTo } from '../../db/fragments.js';
import { seriesBrief } from './repository.js';

export interface SearchFilter {
  tenantId: string;
  viewerId: string | null;
  now: Date;
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number } | null;
  from: Date;
  to: Date;
  lookBehindMs: number;
  searchText: string;
  areaText: string;
  categoryId: string | null;
  userId: string | null;
  /** A partner or sponsor named in the line-up, lower-cased (the partners drawer's key). */
  partner: string | null;
  includeCanceled: boolean;
  /** Only events whose buzz runs now (status Started). */
  live: boolean;
}

export type OrderBy = 'StartDate' | 'Name' | 'Updated' | 'Distance';
export interface Page {
  limit: number;
  offset: number;
  orderBy: OrderBy;
  descending: boolean;
  centre: { lat: number; lng: number } | null;
}

/** About a city or smaller (≤ 1 square degree) and not across the antimeridian. */
export const SMALL_BOX_DEGREES2 = 1;
function isSmallBox(box: NonNullable<SearchFilter['box']>): boolean {
  return box.minLng <= box.maxLng && (box.maxLat - box.minLat) * (box.maxLng - box.minLng) <= SMALL_BOX_DEGREES2;
}

/**
 * Events longer than this have an index of their own (events_running_idx, migration 0007, whose
 * predicate spells the same day), so the window index's look-behind needs to cover only this.
 */
export const SHORT_EVENT_MS = 86_400_000;

/**
 * Everything the text of a search statement depends on; its values are placeholders. Statements
 * are built from a Shape alone, so one Shape is one statement, made and prepared once.
 */
interface Shape {
  /** A small box, served by the GiST index on location; otherwise by the window btree. */
  small: boolean;
  box: boolean;
  /** A box across the antimeridian. */
  wraps: boolean;
  /** Events that began more than a day before the window come from events_running_idx. */
  split: boolean;
  canceled: boolean;
  text: boolean;
  area: boolean;
  category: boolean;
  user: boolean;
  partner: boolean;
  live: boolean;
}
interface PageShape {
  orderBy: OrderBy;
  descending: boolean;
  centre: boolean;
}

function shapeOf(f: SearchFilter): Shape {
  const small = f.box !== null && isSmallBox(f.box);
  return {
    small,
    box: f.box !== null,
    wraps: f.box !== null && f.box.minLng > f.box.maxLng,
    split: !small && f.lookBehindMs > SHORT_EVENT_MS,
    canceled: f.includeCanceled,
    text: f.searchText !== '',
    area: f.areaText !== '',
    category: f.categoryId !== null,
    user: f.userId !== null,
    partner: f.partner !== null,
    live: f.live,
  };
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/** The values of a search statement, by placeholder name. */
function valuesOf(f: SearchFilter, page?: Page, countLimit = 0) {
  const centre = page?.centre ?? { lat: 0, lng: 0 };
  const offset = page?.offset ?? 0;
  const limit = page?.limit ?? 0;
  return {
    tenantId: f.tenantId,
    viewer: f.viewerId ?? NO_USER,
    now: f.now.toISOString(),
    minLat: f.box?.minLat ?? 0,
    maxLat: f.box?.maxLat ?? 0,
    minLng: f.box?.minLng ?? 0,
    maxLng: f.box?.maxLng ?? 0,
    searchText: f.searchText,
    areaPattern: `%${escapeLike(f.areaText.toLowerCase())}%`,
    categoryId: f.categoryId,
    userId: f.userId,
    partner: f.partner,
    from: f.from.toISOString(),
    to: f.to.toISOString(),
    lookFrom: isoOf(f.from.getTime() - f.lookBehindMs),
    shortFrom: isoOf(f.from.getTime() - SHORT_EVENT_MS),
    centreLat: centre.lat,
    centreLng: centre.lng,
    // Equirectangular distance is enough to rank points inside one view.
    centreK: Math.cos((centre.lat * Math.PI) / 180),
    countRows: countLimit + 1,
    pageSize: limit,
    // One row more than the page tells whether another page follows.
    pageRows: limit + 1,
    offset,
    partRows: limit + 1 + offset,
  };
}
type Values = ReturnType<typeof valuesOf>;
/** A value in a statement: a placeholder (prepared statements) or the value itself as a parameter. */
type Bind = (name: keyof Values) => SQL;
const placeholder: Bind = (name) => sql`${sql.placeholder(name)}`;
const inline =
  (values: Values): Bind =>
  (name) =>
    sql`${values[name]}`;

const and = (parts: SQL[]) => sql.join(parts, sql` and `);

/**
 * For a small box the date test is written so the window btree cannot serve it: otherwise the
 * planner ANDs both indexes, and scanning the whole window costs more than the box itself.
 */
const startsAtOf = (s: Shape) => (s.small ? sql`(e.starts_at + interval '0 s')` : sql`e.starts_at`);

/** Everything a search asks but its dates. */
function filtersOf(s: Shape, v: Bind): SQL[] {
  // Owners find their drafts, hidden and unlisted events; everyone else what is listed (public).
  const parts: SQL[] = [sql`e.tenant_id = ${v('tenantId')}`, listedTo(v('viewer'), v('now'))];
  if (!s.canceled) parts.push(sql`e.status <> 3`);
  if (s.small) {
    // Written as a point-in-box test so only the GiST index on location can serve it: for a
    // small box it finds the few events there over all dates faster than scanning the window.
    parts.push(sql`e.location <@ box(point(${v('minLng')}, ${v('minLat')}), point(${v('maxLng')}, ${v('maxLat')}))`);
  } else if (s.box) {
    parts.push(sql`e.lat between ${v('minLat')} and ${v('maxLat')}`);
    parts.push(s.wraps ? sql`(e.lng >= ${v('minLng')} or e.lng <= ${v('maxLng')})` : sql`e.lng between ${v('minLng')} and ${v('maxLng')}`);
  }
  if (s.text) parts.push(sql`e.search_text @@ websearch_to_tsquery('simple', ${v('searchText')})`);
  if (s.area) {
    const p = v('areaPattern');
    parts.push(
      sql`(lower(coalesce(e.area->>'city', '')) like ${p} or lower(coalesce(e.area->>'state', '')) like ${p} or lower(coalesce(e.area->>'name', '')) like ${p} or lower(coalesce(e.venue, '')) like ${p})`,
    );
  }
  if (s.category) {
    parts.push(sql`exists(select 1 from event_tags et join tags t on t.id = et.tag_id where et.event_id = e.id and (t.id = ${v('categoryId')} or t.category_id = ${v('categoryId')}))`);
  }
  if (s.user) parts.push(sql`e.user_id = ${v('userId')}`);
  // The line-ups' partners index (attractions_partner_idx) finds the few events naming one.
  if (s.partner) {
    parts.push(
      sql`e.id in (select a.event_id from attractions a where a.tenant_id = ${v('tenantId')} and lower(a.name) = ${v('partner')} and a.kind in ('partner', 'sponsor'))`,
    );
  }
  // A constant, not a placeholder: status is in the window index, so the test stays index-only for tiles.
  if (s.live) parts.push(sql`e.status = 1`);
  return parts;
}

/** The whole search as one predicate: events running at any time of the window, with a look-behind of lookBehindMs. */
function singleWhere(s: Shape, v: Bind): SQL {
  const startsAt = startsAtOf(s);
  return and([...filtersOf(s, v), sql`${startsAt} >= ${v('lookFrom')}`, sql`${startsAt} < ${v('to')}`, sql`e.ends_at > ${v('from')}`]);
}

/** Events (aliased `e`) matching the filter, as one predicate: those running at any time of the window. */
export function whereOf(f: SearchFilter): SQL {
  return singleWhere(shapeOf(f), inline(valuesOf(f)));
}

/**
 * The same events as whereOf, as disjoint predicates that each read one short index range. On the
 * window btree, events that started up to a day before the window come from its range; the longer
 * ones still running (which began up to lookBehindMs before) come from events_running_idx, which
 * holds only events longer than a day. An event that began more than a day before the window and
 * still runs at its start is longer than a day, so the two together miss none.
 */
function partsOf(s: Shape, v: Bind): SQL[] {
  if (!s.split) return [singleWhere(s, v)];
  const filters = filtersOf(s, v);
  return [
    and([...filters, sql`e.starts_at >= ${v('shortFrom')}`, sql`e.starts_at < ${v('to')}`, sql`e.ends_at > ${v('from')}`]),
    and([...filters, sql`e.ends_at - e.starts_at > interval '1 day'`, sql`e.starts_at >= ${v('lookFrom')}`, sql`e.starts_at < ${v('shortFrom')}`, sql`e.ends_at > ${v('from')}`]),
  ];
}

/**
 * The first `limit` events matching the filter by start (`columns` of events `e`), each index
 * range read in order and cut early: the partners drawer counts these.
 */
export function firstMatches(f: SearchFilter, columns: SQL, limit: number): SQL {
  const s = shapeOf(f);
  const startsAt = startsAtOf(s);
  return sortedUnion(partsOf(s, inline(valuesOf(f))), sql`${columns}, ${startsAt} as s`, { inner: startsAt, outer: sql`s` }, sql`${limit}`, sql`0`, sql`${limit}`);
}

/** What a page is sorted by (then by id, in the same direction). */
function sortKeyOf(s: Shape, p: PageShape, v: Bind): SQL {
  switch (p.orderBy) {
    case 'Name':
      return sql`lower(e.name)`;
    case 'Updated':
      return sql`e.updated_at`;
    case 'Distance': {
      if (!p.centre) return startsAtOf(s);
      // Longitude difference wrapped to -180..180, so boxes across the antimeridian rank right.
      const dLng = sql`(e.lng - ${v('centreLng')} - 360 * round((e.lng - ${v('centreLng')}) / 360.0))`;
      return sql`(power(e.lat - ${v('centreLat')}, 2) + power(${dLng} * ${v('centreK')}, 2))`;
    }
    default:
      // For a small box the sort is on the same disguised expression as its dates, so no plan
      // walks the window btree for its order (a walk over the whole tenant when the box is empty).
      return startsAtOf(s);
  }
}

/**
 * Rows of `parts` (each `select … from events e where <part>`) in `order`, `rows` of them after
 * `offset`. Each part is sorted and cut first, so each reads its index in order and stops early.
 */
function sortedUnion(parts: SQL[], columns: SQL, order: { inner: SQL; outer: SQL }, rows: SQL, offset: SQL, partRows: SQL): SQL {
  if (parts.length === 1) return sql`select ${columns} from events e where ${parts[0]} order by ${order.inner} limit ${rows} offset ${offset}`;
  const branches = parts.map((part) => sql`(select ${columns} from events e where ${part} order by ${order.inner} limit ${partRows})`);
  return sql`select * from (${sql.join(branches, sql` union all `)}) u order by ${order.outer} limit ${rows} offset ${offset}`;
}

const jsonText = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;
/**
 * One event as the API's EventSummary in compact JSON text, written by the database (aliases `e`
 * for the event, `u` for its host, `pt` for its tags). Concatenated rather than json_build_object:
 * measured on a page of 50, 40% less database time, and no spaces in the answer.
 */
const summaryJson = sql`concat('{"id":"', e.id, '","userId":"', e.user_id, '","name":', ${jsonText(sql`e.name`)},
  ',"startDate":"', ${iso(sql`e.starts_at`)}, '","endDate":"', ${iso(sql`e.ends_at`)}, '","timeZone":', ${jsonText(sql`e.time_zone`)},
  ',"slug":', ${jsonText(sql`e.slug`)}, ',"venue":', ${jsonText(sql`e.venue`)}, ',"area":', coalesce(e.area::text, 'null'),
  ',"thumbnailPath":', ${jsonText(sql`e.thumbnail_path`)}, ',"status":', e.status, ',"updated":"', ${iso(sql`e.updated_at`)},
  '","publishOnDate":', ${jsonText(iso(sql`e.publish_on`))}, ',"host":{"id":"', e.user_id, '","name":', ${jsonText(sql`u.name`)},
  '},"tags":', coalesce(pt.tags::text, '[]'), ',"series":', coalesce(${seriesBrief}::text, 'null'),
  ',"origin":', ${jsonText(sql`e.origin_url`)}, '}')`;

/**
 * `parts` for a list, where a series shows once: a date is left out when an earlier date of its
 * series (by start, then id) matches the search too. Such a date still runs at the window's start,
 * so it is looked for in events_series_idx alone (an index-only probe: for a weekly series, one
 * descent that finds nothing), and only what it finds is read and tested with the search's own
 * predicate. The outer row's columns are taken into `o` before the inner `events e` is in scope,
 * so that predicate applies unchanged to the earlier date. OFFSET 0 keeps the probe a subquery of
 * its own: with the predicate beside it, a generic plan walked the window index for every probe.
 */
function listParts(s: Shape, v: Bind, parts: SQL[]): SQL[] {
  const first = sql`(e.series_id is null or not exists (
    select 1 from (select e.series_id, e.starts_at, e.id) o(sid, st, eid)
      cross join lateral (select d.id from events d
        where d.series_id = o.sid and d.starts_at >= ${v('lookFrom')} and (d.starts_at, d.id) < (o.st, o.eid) and d.starts_at <= o.st and d.ends_at > ${v('from')}
        offset 0) earlier
      join events e on e.id = earlier.id
    where ${singleWhere(s, v)}))`;
  return parts.map((part) => and([part, first]));
}

/**
 * A search page in one statement: the matches counted in start order up to countRows (enough to
 * tell an exact count from a large one, at a bounded cost), and the page's events as JSON text,
 * so the answer is serialised once, by the database, and nothing is parsed on the way.
 */
function pageStatement(s: Shape, p: PageShape, v: Bind): SQL {
  const parts = partsOf(s, v);
  const listed = listParts(s, v, parts);
  const dir = p.descending ? sql`desc` : sql`asc`;
  const key = sortKeyOf(s, p, v);
  const startsAt = startsAtOf(s);
  // A series counts once: among matches read in start order, the first of its dates is the one
  // the list shows, so the distinct series (or event) ids among them count what the list holds.
  const once = sql`coalesce(e.series_id, e.id) as g`;
  let counted: SQL, candidates: SQL;
  if (parts.length === 1) {
    // One index range (or the box's few events from the location index): read it once for both.
    const matches = sql`matches as materialized (select e.id, ${startsAt} as s, ${key} as k, ${once} from events e where ${listed[0]})`;
    counted = sql`${matches}, counted as (select s, g from matches order by s limit ${v('countRows')})`;
    candidates = sql`candidates as (select id, k from matches order by k ${dir}, id ${dir} limit ${v('pageRows')} offset ${v('offset')})`;
  } else {
    // Counted without the series probe (the count is of distinct ids); only the page's candidates probe.
    counted = sql`counted as (${sortedUnion(parts, sql`${startsAt} as s, ${once}`, { inner: startsAt, outer: sql`s` }, v('countRows'), sql`0`, v('countRows'))})`;
    const order = { inner: sql`${key} ${dir}, e.id ${dir}`, outer: sql`k ${dir}, id ${dir}` };
    candidates = sql`candidates as (${sortedUnion(listed, sql`e.id, ${key} as k`, order, v('pageRows'), v('offset'), v('partRows'))})`;
  }
  return sql`
    with ${counted}, ${candidates},
      page as (select id, k from candidates order by k ${dir}, id ${dir} limit ${v('pageSize')}),
      -- The page's tags in one join, rather than a subquery per event.
      page_tags as (
        select et.event_id, json_agg(json_build_object('id', t.id, 'name', t.name, 'categoryId', t.category_id, 'isCategory', t.is_category) order by t.name, t.id) as tags
        from page p join event_tags et on et.event_id = p.id join tags t on t.id = et.tag_id group by et.event_id)
    select c.counted, c."countedOnce", c."countedUpcoming", c."firstUpcomingMs", c."lastCountedMs", (select count(*)::int from candidates) as "pageRows",
      (select coalesce(string_agg(${summaryJson}, ',' order by p.k ${dir}, p.id ${dir}), '')
         from page p join events e on e.id = p.id join users u on u.id = e.user_id left join page_tags pt on pt.event_id = p.id) as "eventsJson"
    from (select count(*)::int as counted, count(distinct g)::int as "countedOnce", (count(*) filter (where s >= ${v('from')}))::int as "countedUpcoming",
      (extract(epoch from min(s) filter (where s >= ${v('from')})) * 1000)::float8 as "firstUpcomingMs",
      (extract(epoch from max(s)) * 1000)::float8 as "lastCountedMs" from counted) c`;
}

const statements = new Map<string, PreparedStatement>();
/** The prepared statement of a shape, made on first use. Shapes are a few hundred at most. */
function statementOf(s: Shape, p: PageShape): PreparedStatement {
  const key = `${+s.small}${+s.box}${+s.wraps}${+s.split}${+s.canceled}${+s.text}${+s.area}${+s.category}${+s.user}${+s.partner}${+s.live}${p.orderBy}${+p.descending}${+p.centre}`;
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = prepareStatement(pageStatement(s, p, placeholder))));
  return statement;
}

export interface SearchCounts {
  /** Matches counted, at most countLimit + 1. */
  counted: number;
  /** Of those, how many the list shows: each series once (all of them, when every match was counted). */
  countedOnce: number;
  /** Of those, the ones starting inside the window (the rest started before it and still run). */
  countedUpcoming: number;
  /** Start of the first of those, in ms since the epoch. */
  firstUpcomingMs: number | null;
  /** Start of the last one counted, in ms since the epoch. */
  lastCountedMs: number | null;
  /** Rows found at the page's offset, at most limit + 1 (one more tells that another page follows). */
  pageRows: number;
}

export interface SearchRows extends SearchCounts {
  /** The page's EventSummary objects as JSON text, separated by commas (an array without its brackets). */
  eventsJson: string;
}

/** The statement of a search page and its values, as searchEvents runs them (for benchmarks that run it straight through the driver). */
export function searchStatement(f: SearchFilter, page: Page, countLimit: number): { statement: PreparedStatement; values: Values } {
  const shape = shapeOf(f);
  return { statement: statementOf(shape, { orderBy: page.orderBy, descending: page.descending, centre: page.centre !== null }), values: valuesOf(f, page, countLimit) };
}

export async function searchEvents(db: Db, f: SearchFilter, page: Page, countLimit: number): Promise<SearchRows> {
  if (f.partner !== null) {
    // Planned with its values: a generic plan cannot know how few events one partner has, so it
    // walks the whole window probing each event's line-up (210 ms over the whole US at 1,000,000
    // events, against 15 when the planner sees the partner and starts from its events).
    const pageShape = { orderBy: page.orderBy, descending: page.descending, centre: page.centre !== null };
    const [row] = await queryRows<SearchRows>(db, pageStatement(shapeOf(f), pageShape, inline(valuesOf(f, page, countLimit))));
    return row;
  }
  const { statement, values } = searchStatement(f, page, countLimit);
  // One statement, one round trip: the count and the page come back together. Measured on
  // these machines, the socket writes of a second query cost more than the query itself.
  const [row] = await queryPrepared<SearchRows>(db, statement, values);
  return row;
}
