import type { GoingAnswers, GoingMessageAudience, GoingQuestion, GoingState } from '@hubbub/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { iso, uuidList } from '../../db/fragments.js';

export interface SettingsRow {
  capacity: number | null;
  maxGuests: number;
  offerHours: number;
  approval: boolean;
  questions: GoingQuestion[];
}

export interface GoingRow {
  id: string;
  userId: string;
  state: GoingState;
  guests: number;
  lineNo: number | null;
  offerUntil: string | null;
}

const DEFAULT_SETTINGS: SettingsRow = { capacity: null, maxGuests: 0, offerHours: 24, approval: false, questions: [] };
const settingsColumns = sql`capacity, max_guests as "maxGuests", offer_hours as "offerHours", approval, questions`;

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
  const { capacity, maxGuests, offerHours, approval, questions } = args.settings;
  await db.execute(sql`update going_settings set capacity = ${capacity}, max_guests = ${maxGuests}, offer_hours = ${offerHours},
      approval = ${approval}, questions = ${JSON.stringify(questions)}::jsonb, updated_at = ${args.at}
    where event_id = ${args.eventId}`);
}

/** Copies an event's settings to others (series dates); the invitation link is not copied. */
export async function copySettings(db: Db, args: { fromEventId: string; toEventIds: string[] }): Promise<void> {
  if (!args.toEventIds.length) return;
  await db.execute(sql`insert into going_settings (event_id, tenant_id, capacity, max_guests, offer_hours, approval, questions)
    select t.id, s.tenant_id, s.capacity, s.max_guests, s.offer_hours, s.approval, s.questions
    from going_settings s cross join unnest(array[${uuidList(args.toEventIds)}]) as t(id)
    where s.event_id = ${args.fromEventId}
    on conflict (event_id) do nothing`);
}

/** A person's state at each of these events where they have a row. */
export async function statesOf(db: Db, userId: string, eventIds: string[]): Promise<Map<string, GoingState>> {
  if (!eventIds.length) return new Map();
  const rows = await queryRows<{ eventId: string; state: GoingState }>(db, sql`
    select event_id as "eventId", state from going where user_id = ${userId} and event_id in (${uuidList(eventIds)})`);
  return new Map(rows.map((r) => [r.eventId, r.state]));
}

export interface Counts {
  going: number;
  seatsTaken: number;
  waitlisted: number;
  pending: number;
}

/** Seats are held by the going and the offered; requests waiting for approval hold none. */
const SEATED = sql`state in ('going', 'offered')`;
const countsOf = (eventId: string) => sql`(select count(*) filter (where ${SEATED})::int as going,
      coalesce(sum(1 + guests) filter (where ${SEATED}), 0)::int as "seatsTaken",
      count(*) filter (where state = 'waitlisted')::int as waitlisted,
      count(*) filter (where state = 'pending')::int as pending
    from going where event_id = ${eventId}) c`;

/** Where the event's seats stand, and the person's own row when they have one: one statement. */
export async function standing(db: Db, eventId: string, userId: string | null): Promise<Counts & { mine: GoingRow | null }> {
  const [row] = await queryRows<Counts & { id: string | null; state: GoingRow['state']; guests: number; lineNo: number | null; offerUntil: string | null }>(db, sql`
    select c.going, c."seatsTaken", c.waitlisted, c.pending, m.id, m.state, m.guests, m.line_no::float8 as "lineNo", ${iso(sql`m.offer_until`)} as "offerUntil"
    from ${countsOf(eventId)} left join going m on m.event_id = ${eventId} and m.user_id = ${userId}`);
  const { going, seatsTaken, waitlisted, pending, id, state, guests, lineNo, offerUntil } = row;
  return { going, seatsTaken, waitlisted, pending, mine: id && userId ? { id, userId, state, guests, lineNo, offerUntil } : null };
}

interface Mine {
  state: GoingState;
  guests: number;
  place: number | null;
  offerUntil: string | null;
  answers: GoingAnswers;
  declineMessage: string | null;
}

/** What the event's page shows: settings, counts and the viewer's standing with their place in line (1 is next, no gaps). */
export async function summary(
  db: Db,
  eventId: string,
  viewerId: string | null,
): Promise<Counts & { settings: SettingsRow; mine: Mine | null }> {
  const [row] = await queryRows<Counts & SettingsRow & Omit<Mine, 'state'> & { state: GoingState | null }>(db, sql`
    select c.going, c."seatsTaken", c.waitlisted, c.pending, s.capacity, coalesce(s.max_guests, ${DEFAULT_SETTINGS.maxGuests})::int as "maxGuests",
      coalesce(s.offer_hours, ${DEFAULT_SETTINGS.offerHours})::int as "offerHours", coalesce(s.approval, false) as approval,
      coalesce(s.questions, '[]'::jsonb) as questions,
      m.state, m.guests, ${iso(sql`m.offer_until`)} as "offerUntil", m.answers, m.decline_message as "declineMessage",
      case when m.state = 'waitlisted' then (select count(*)::int from going w where w.event_id = ${eventId} and w.state = 'waitlisted' and w.line_no <= m.line_no) end as place
    from ${countsOf(eventId)}
    left join going_settings s on s.event_id = ${eventId}
    left join going m on m.event_id = ${eventId} and m.user_id = ${viewerId}`);
  const { going, seatsTaken, waitlisted, pending, capacity, maxGuests, offerHours, approval, questions, state, guests, place, offerUntil, answers, declineMessage } = row;
  return {
    going,
    seatsTaken,
    waitlisted,
    pending,
    settings: { capacity, maxGuests, offerHours, approval, questions },
    mine: state ? { state, guests, place, offerUntil, answers, declineMessage } : null,
  };
}

type NewRow = { tenantId: string; eventId: string; userId: string; guests: number; answers: GoingAnswers; at: Date };

/** A new row holding a seat (`going`) or waiting for approval (`pending`). */
export async function insertRow(db: Db, args: NewRow & { state: 'going' | 'pending' }): Promise<void> {
  await db.execute(sql`insert into going (tenant_id, event_id, user_id, state, guests, answers, created_at, updated_at)
    values (${args.tenantId}, ${args.eventId}, ${args.userId}, ${args.state}, ${args.guests}, ${JSON.stringify(args.answers)}::jsonb, ${args.at}, ${args.at})`);
}

const nextLineNo = (eventId: string) => sql`(select coalesce(max(line_no), 0) + 1 from going where event_id = ${eventId})`;

/** Puts the person at the end of the line (the caller holds the seat lock, so numbers do not clash). */
export async function insertWaitlisted(db: Db, args: NewRow): Promise<void> {
  await db.execute(sql`insert into going (tenant_id, event_id, user_id, state, guests, answers, line_no, created_at, updated_at)
    values (${args.tenantId}, ${args.eventId}, ${args.userId}, 'waitlisted', ${args.guests}, ${JSON.stringify(args.answers)}::jsonb, ${nextLineNo(args.eventId)}, ${args.at}, ${args.at})`);
}

export async function setRequest(db: Db, args: { id: string; guests: number; answers: GoingAnswers; at: Date }): Promise<void> {
  await db.execute(sql`update going set guests = ${args.guests}, answers = ${JSON.stringify(args.answers)}::jsonb, updated_at = ${args.at} where id = ${args.id}`);
}

/** The host's decision on a pending request: a seat, the end of the line, or declined with a message. */
export async function decide(db: Db, args: { id: string; eventId: string; to: 'going' | 'waitlisted' | 'declined'; message: string | null; at: Date }): Promise<void> {
  await db.execute(sql`update going set state = ${args.to}, decline_message = ${args.message},
      line_no = ${args.to === 'waitlisted' ? nextLineNo(args.eventId) : null}, updated_at = ${args.at}, decided_at = ${args.at}
    where id = ${args.id}`);
}

export async function confirmOffer(db: Db, args: { id: string; at: Date }): Promise<void> {
  await db.execute(sql`update going set state = 'going', line_no = null, offered_at = null, offer_until = null, updated_at = ${args.at} where id = ${args.id}`);
}

export async function remove(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from going where id = ${id}`);
}

/** The first in line, if any; `remote`: an account of another server (modules/federation), which cannot confirm an offer by mail. */
export async function firstInLine(db: Db, eventId: string): Promise<(GoingRow & { tenantId: string; remote: boolean }) | undefined> {
  const [row] = await queryRows<GoingRow & { tenantId: string; remote: boolean }>(db, sql`
    select g.id, g.user_id as "userId", g.state, g.guests, g.line_no::float8 as "lineNo", ${iso(sql`g.offer_until`)} as "offerUntil",
      g.tenant_id as "tenantId", u.remote_actor is not null as remote
    from going g join users u on u.id = g.user_id where g.event_id = ${eventId} and g.state = 'waitlisted' order by g.line_no limit 1`);
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

/**
 * A row of the host's list: the person's standing, as they see it themselves, with who they are;
 * `checkedIn` counts their seats checked in at the door (modules/check-in's table, read here).
 */
export type PersonRow = Mine & { userId: string; name: string; email: string; remote: boolean; since: string; checkedIn: number };

/** The host's list: requests to decide first, then seats (by when they came), the line in order, the declined; `q` matches name or email. */
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
    select g.user_id as "userId", u.name, u.email, u.remote_actor is not null as remote, g.state, g.guests,
      case when g.state = 'waitlisted' then (select count(*)::int from going w where w.event_id = g.event_id and w.state = 'waitlisted' and w.line_no <= g.line_no) end as place,
      ${iso(sql`g.offer_until`)} as "offerUntil", g.answers, g.decline_message as "declineMessage", ${iso(sql`g.created_at`)} as since,
      case when g.state = 'going' then (select count(*)::int from check_ins c where c.going_id = g.id and c.seat <= g.guests) else 0 end as "checkedIn"
    from going g join users u on u.id = g.user_id
    where ${where}
    order by case g.state when 'pending' then 0 when 'going' then 1 when 'offered' then 1 when 'waitlisted' then 2 else 3 end, g.line_no, g.created_at, g.id
    limit ${args.limit} offset ${args.offset}`);
  return { total, rows };
}


/** Messages the event sent since `since`, and when the oldest of them was sent. */
export async function messagesSince(db: Db, eventId: string, since: Date): Promise<{ count: number; oldest: string | null }> {
  const [row] = await queryRows<{ count: number; oldest: string | null }>(db, sql`
    select count(*)::int as count, ${iso(sql`min(created_at)`)} as oldest from going_messages where event_id = ${eventId} and created_at > ${since}`);
  return row;
}

/** How many of a going row's seats count from 0 up to its highest one checked in at the door (modules/check-in's table, read here); 0 when none is. */
export async function seatsCheckedIn(db: Db, goingId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select coalesce(max(seat) + 1, 0)::int as n from check_ins where going_id = ${goingId}`);
  return row.n;
}

/** A going row (`g`) whose own seat is not checked in at the door (modules/check-in's table, read here). */
const notCheckedIn = sql`not exists (select 1 from check_ins c where c.going_id = g.id and c.seat = 0)`;

/**
 * Stores a host's message; answers how many people hold a seat (going or offered) besides the host,
 * and how many of them are from other servers (reached there, with FEDERATION on; otherwise not at all).
 */
export async function insertMessage(
  db: Db,
  args: { tenantId: string; eventId: string; authorId: string; body: string; audience: GoingMessageAudience; at: Date; federation: boolean },
): Promise<{ recipients: number; fediverse: number }> {
  await db.execute(sql`insert into going_messages (tenant_id, event_id, author_id, body, audience, created_at)
    values (${args.tenantId}, ${args.eventId}, ${args.authorId}, ${args.body}, ${args.audience}, ${args.at})`);
  const [row] = await queryRows<{ local: number; remote: number }>(db, sql`
    select count(*) filter (where u.remote_actor is null)::int as local, count(*) filter (where u.remote_actor is not null)::int as remote
    from going g join users u on u.id = g.user_id
    where g.event_id = ${args.eventId} and g.state in ('going', 'offered') and g.user_id <> ${args.authorId}
      and (${args.audience} = 'everyone' or ${notCheckedIn})`);
  const fediverse = args.federation ? row.remote : 0;
  return { recipients: row.local + fediverse, fediverse };
}

export async function findMessage(db: Db, id: string): Promise<{ body: string; authorName: string } | undefined> {
  const [row] = await queryRows<{ body: string; authorName: string }>(db, sql`
    select m.body, u.name as "authorName" from going_messages m join users u on u.id = m.author_id where m.id = ${id}`);
  return row;
}
