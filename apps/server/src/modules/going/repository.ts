import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { iso } from '../../db/fragments.js';

export interface SettingsRow {
  capacity: number | null;
  maxGuests: number;
  offerHours: number;
}

export interface GoingRow {
  id: string;
  userId: string;
  state: 'going' | 'waitlisted' | 'offered';
  guests: number;
  lineNo: number | null;
  offerUntil: string | null;
}

const DEFAULT_SETTINGS: SettingsRow = { capacity: null, maxGuests: 0, offerHours: 24 };
const settingsColumns = sql`capacity, max_guests as "maxGuests", offer_hours as "offerHours"`;

export async function readSettings(db: Db, eventId: string): Promise<SettingsRow> {
  const [row] = await queryRows<SettingsRow>(db, sql`select ${settingsColumns} from going_settings where event_id = ${eventId}`);
  return row ?? DEFAULT_SETTINGS;
}

/**
 * Takes the event's seat lock for the rest of the transaction and reads its settings, in one
 * statement (an upsert locks the row it lands on, as FOR UPDATE does): every change to who holds
 * a seat takes it first, so two changes (on any instance) never count the same seat.
 */
export async function lockSeats(db: Db, args: { tenantId: string; eventId: string }): Promise<SettingsRow> {
  const [row] = await queryRows<SettingsRow>(db, sql`
    insert into going_settings (event_id, tenant_id) values (${args.eventId}, ${args.tenantId})
    on conflict (event_id) do update set event_id = excluded.event_id returning ${settingsColumns}`);
  return row;
}

export async function saveSettings(db: Db, args: { eventId: string; settings: SettingsRow; at: Date }): Promise<void> {
  const { capacity, maxGuests, offerHours } = args.settings;
  await db.execute(sql`update going_settings set capacity = ${capacity}, max_guests = ${maxGuests}, offer_hours = ${offerHours}, updated_at = ${args.at}
    where event_id = ${args.eventId}`);
}

export interface Counts {
  going: number;
  seatsTaken: number;
  waitlisted: number;
}

const countsOf = (eventId: string) => sql`(select count(*) filter (where state <> 'waitlisted')::int as going,
      coalesce(sum(1 + guests) filter (where state <> 'waitlisted'), 0)::int as "seatsTaken",
      count(*) filter (where state = 'waitlisted')::int as waitlisted
    from going where event_id = ${eventId}) c`;

/** Where the event's seats stand, and the person's own row when they have one: one statement. */
export async function standing(db: Db, eventId: string, userId: string | null): Promise<Counts & { mine: GoingRow | null }> {
  const [row] = await queryRows<Counts & { id: string | null; state: GoingRow['state']; guests: number; lineNo: number | null; offerUntil: string | null }>(db, sql`
    select c.going, c."seatsTaken", c.waitlisted, m.id, m.state, m.guests, m.line_no::float8 as "lineNo", ${iso(sql`m.offer_until`)} as "offerUntil"
    from ${countsOf(eventId)} left join going m on m.event_id = ${eventId} and m.user_id = ${userId}`);
  const { going, seatsTaken, waitlisted, id, state, guests, lineNo, offerUntil } = row;
  return { going, seatsTaken, waitlisted, mine: id && userId ? { id, userId, state, guests, lineNo, offerUntil } : null };
}

/** What the event's page shows: settings, counts and the viewer's standing with their place in line (1 is next, no gaps). */
export async function summary(
  db: Db,
  eventId: string,
  viewerId: string | null,
): Promise<Counts & { settings: SettingsRow; mine: { state: GoingRow['state']; guests: number; place: number | null; offerUntil: string | null } | null }> {
  const [row] = await queryRows<Counts & SettingsRow & { state: GoingRow['state'] | null; guests: number; place: number | null; offerUntil: string | null }>(db, sql`
    select c.going, c."seatsTaken", c.waitlisted, s.capacity, coalesce(s.max_guests, ${DEFAULT_SETTINGS.maxGuests})::int as "maxGuests",
      coalesce(s.offer_hours, ${DEFAULT_SETTINGS.offerHours})::int as "offerHours", m.state, m.guests, ${iso(sql`m.offer_until`)} as "offerUntil",
      case when m.state = 'waitlisted' then (select count(*)::int from going w where w.event_id = ${eventId} and w.state = 'waitlisted' and w.line_no <= m.line_no) end as place
    from ${countsOf(eventId)}
    left join going_settings s on s.event_id = ${eventId}
    left join going m on m.event_id = ${eventId} and m.user_id = ${viewerId}`);
  const { going, seatsTaken, waitlisted, capacity, maxGuests, offerHours, state, guests, place, offerUntil } = row;
  return { going, seatsTaken, waitlisted, settings: { capacity, maxGuests, offerHours }, mine: state ? { state, guests, place, offerUntil } : null };
}

export async function insertSeat(db: Db, args: { tenantId: string; eventId: string; userId: string; guests: number; at: Date }): Promise<void> {
  await db.execute(sql`insert into going (tenant_id, event_id, user_id, state, guests, created_at, updated_at)
    values (${args.tenantId}, ${args.eventId}, ${args.userId}, 'going', ${args.guests}, ${args.at}, ${args.at})`);
}

/** Puts the person at the end of the line (the caller holds the seat lock, so numbers do not clash). */
export async function insertWaitlisted(db: Db, args: { tenantId: string; eventId: string; userId: string; guests: number; at: Date }): Promise<void> {
  await db.execute(sql`insert into going (tenant_id, event_id, user_id, state, guests, line_no, created_at, updated_at)
    values (${args.tenantId}, ${args.eventId}, ${args.userId}, 'waitlisted', ${args.guests},
      (select coalesce(max(line_no), 0) + 1 from going where event_id = ${args.eventId}), ${args.at}, ${args.at})`);
}

export async function setGuests(db: Db, args: { id: string; guests: number; at: Date }): Promise<void> {
  await db.execute(sql`update going set guests = ${args.guests}, updated_at = ${args.at} where id = ${args.id}`);
}

export async function confirmOffer(db: Db, args: { id: string; at: Date }): Promise<void> {
  await db.execute(sql`update going set state = 'going', offered_at = null, offer_until = null, updated_at = ${args.at} where id = ${args.id}`);
}

export async function remove(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from going where id = ${id}`);
}

const rowColumns = sql`id, user_id as "userId", state, guests, line_no::float8 as "lineNo", ${iso(sql`offer_until`)} as "offerUntil"`;

/** The first in line, if any. */
export async function firstInLine(db: Db, eventId: string): Promise<GoingRow | undefined> {
  const [row] = await queryRows<GoingRow>(db, sql`
    select ${rowColumns} from going where event_id = ${eventId} and state = 'waitlisted' order by line_no limit 1`);
  return row;
}

export async function offerSeat(db: Db, args: { id: string; at: Date; until: Date }): Promise<void> {
  await db.execute(sql`update going set state = 'offered', line_no = null, offered_at = ${args.at}, offer_until = ${args.until}, updated_at = ${args.at}
    where id = ${args.id}`);
}

/** Events with an offered seat whose time to confirm has passed. */
export async function eventsWithLapsedOffers(db: Db, now: Date, limit: number): Promise<{ tenantId: string; eventId: string }[]> {
  return queryRows(db, sql`
    select distinct tenant_id as "tenantId", event_id as "eventId" from going where state = 'offered' and offer_until <= ${now} limit ${limit}`);
}

/** Removes the event's lapsed offers (under its seat lock); answers whose they were. */
export async function dropLapsedOffers(db: Db, eventId: string, now: Date): Promise<string[]> {
  const rows = await queryRows<{ userId: string }>(db, sql`
    delete from going where event_id = ${eventId} and state = 'offered' and offer_until <= ${now} returning user_id as "userId"`);
  return rows.map((r) => r.userId);
}

export interface PersonRow {
  userId: string;
  name: string;
  email: string;
  state: 'going' | 'waitlisted' | 'offered';
  guests: number;
  place: number | null;
  offerUntil: string | null;
  since: string;
}

/** The host's list: seats first (by when they came), then the line in order; `q` matches name or email. */
export async function people(
  db: Db,
  args: { eventId: string; q: string | null; state: string | null; limit: number; offset: number },
): Promise<{ total: number; rows: PersonRow[] }> {
  const pattern = args.q ? `%${args.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`g.event_id = ${args.eventId}
    ${args.state ? sql`and g.state = ${args.state}` : sql``}
    ${pattern ? sql`and (u.name ilike ${pattern} or u.email ilike ${pattern})` : sql``}`;
  const [{ total }] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from going g join users u on u.id = g.user_id where ${where}`);
  const rows = await queryRows<PersonRow>(db, sql`
    select g.user_id as "userId", u.name, u.email, g.state, g.guests,
      case when g.state = 'waitlisted' then (select count(*)::int from going w where w.event_id = g.event_id and w.state = 'waitlisted' and w.line_no <= g.line_no) end as place,
      ${iso(sql`g.offer_until`)} as "offerUntil", ${iso(sql`g.created_at`)} as since
    from going g join users u on u.id = g.user_id
    where ${where}
    order by (g.state = 'waitlisted'), g.line_no, g.created_at, g.id
    limit ${args.limit} offset ${args.offset}`);
  return { total, rows };
}
