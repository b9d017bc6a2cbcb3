import type { CheckInCounts, DoorSeat } from '@hubbub/contract';
import { sql } from 'drizzle-orm';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, queryRows, type Db } from '../../db/client.js';
import { iso, uuidList } from '../../db/fragments.js';

// A seat is held while its going row is `going` and the seat is within the guests kept: a seat
// given back leaves its check-in row behind, and these reads stop counting it.
const held = sql`g.state = 'going' and c.seat <= g.guests`;
const checkedInColumns = sql`case when c.id is null then null
  else json_build_object('at', ${iso(sql`c.checked_in_at`)}, 'by', coalesce(b.name, 'Someone'), 'device', c.device) end as "checkedIn"`;

export async function eventOf(db: Db, eventId: string): Promise<{ name: string; startDate: string; timeZone: string }> {
  const [row] = await queryRows<{ name: string; startDate: string; timeZone: string }>(db, sql`
    select name, ${iso(sql`starts_at`)} as "startDate", time_zone as "timeZone" from events where id = ${eventId}`);
  return row;
}

/** Every seat held at the event, by name, with its check-in. */
export function seats(db: Db, eventId: string): Promise<DoorSeat[]> {
  return queryRows<DoorSeat>(db, sql`
    select g.id as "goingId", s.seat, u.name, ${checkedInColumns}
    from going g
    join users u on u.id = g.user_id
    cross join lateral generate_series(0, g.guests) as s(seat)
    left join check_ins c on c.going_id = g.id and c.seat = s.seat
    left join users b on b.id = c.by_user_id
    where g.event_id = ${eventId} and g.state = 'going'
    order by lower(u.name), g.id, s.seat`);
}

export async function counts(db: Db, eventId: string): Promise<CheckInCounts> {
  const [row] = await queryRows<CheckInCounts>(db, sql`
    select coalesce((select sum(1 + guests) from going where event_id = ${eventId} and state = 'going'), 0)::int as going,
           (select count(*) from check_ins c join going g on g.id = c.going_id where c.event_id = ${eventId} and ${held})::int as "checkedIn"`);
  return row;
}

/** The counts of several events at once, by event id (events with nobody going count 0 of 0). */
export async function countsOfMany(db: Db, eventIds: string[]): Promise<Map<string, CheckInCounts>> {
  if (!eventIds.length) return new Map();
  const rows = await queryRows<CheckInCounts & { eventId: string }>(db, sql`
    select e.id as "eventId",
      coalesce((select sum(1 + guests) from going where event_id = e.id and state = 'going'), 0)::int as going,
      (select count(*) from check_ins c join going g on g.id = c.going_id where c.event_id = e.id and ${held})::int as "checkedIn"
    from events e where e.id in (${uuidList(eventIds)})`);
  return new Map(rows.map(({ eventId, ...counts }) => [eventId, counts]));
}

/** One seat of the event, when it is held, with its check-in. */
export async function seat(db: Db, args: { eventId: string; goingId: string; seat: number }): Promise<DoorSeat | undefined> {
  const [row] = await queryRows<DoorSeat>(db, sql`
    select g.id as "goingId", ${args.seat}::int as seat, u.name, ${checkedInColumns}
    from going g
    join users u on u.id = g.user_id
    left join check_ins c on c.going_id = g.id and c.seat = ${args.seat}
    left join users b on b.id = c.by_user_id
    where g.id = ${args.goingId} and g.event_id = ${args.eventId} and g.state = 'going' and ${args.seat} <= g.guests`);
  return row;
}

/**
 * Checks a seat in at `at`, unless it was checked in at that time or earlier: the earliest scan
 * wins, whichever device's queue reaches the server first. One statement: the seat is found while
 * held, written, and answered with this check-in when it is the one kept (`kept` false and no
 * check-in when an earlier scan stands: the caller reads it). Undefined when the seat is not held
 * (never was, or its going row went between the read and the write).
 */
export async function checkIn(
  db: Db,
  args: { tenantId: string; eventId: string; goingId: string; seat: number; at: Date; byUserId: string; device: string },
): Promise<{ kept: boolean; seat: DoorSeat } | undefined> {
  const rows = await queryRows<DoorSeat & { kept: boolean }>(db, sql`
    with target as (
      select g.id, u.name from going g join users u on u.id = g.user_id
      where g.id = ${args.goingId} and g.event_id = ${args.eventId} and g.state = 'going' and ${args.seat} <= g.guests),
    up as (
      insert into check_ins (tenant_id, event_id, going_id, seat, checked_in_at, by_user_id, device)
      select ${args.tenantId}, ${args.eventId}, t.id, ${args.seat}, ${args.at}, ${args.byUserId}, ${args.device} from target t
      on conflict (going_id, seat) do update set checked_in_at = excluded.checked_in_at, by_user_id = excluded.by_user_id, device = excluded.device
        where excluded.checked_in_at < check_ins.checked_in_at
          -- The same scan sent again (its answer was lost on the way) is the one kept, not a second device's.
          or (excluded.checked_in_at = check_ins.checked_in_at and excluded.device = check_ins.device and excluded.by_user_id = check_ins.by_user_id)
      returning id, checked_in_at, by_user_id, device),
    -- This check-in, when it is the one kept (a scan that lost reads the winner afresh: this snapshot may predate it).
    stands as (select true as kept, up.id, up.checked_in_at, up.by_user_id, up.device from up)
    select t.id as "goingId", ${args.seat}::int as seat, t.name, coalesce(c.kept, false) as kept, ${checkedInColumns}
    from target t
    left join stands c on true
    left join users b on b.id = c.by_user_id`).catch((error: unknown) => {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) return [];
    throw error;
  });
  const [row] = rows;
  if (!row) return undefined;
  const { kept, ...seat } = row;
  return { kept, seat };
}

export async function undo(db: Db, args: { eventId: string; goingId: string; seat: number }): Promise<boolean> {
  const rows = await queryRows(db, sql`delete from check_ins where event_id = ${args.eventId} and going_id = ${args.goingId} and seat = ${args.seat} returning id`);
  return rows.length > 0;
}

/** The viewer's seats at the event while they hold them, with each one's check-in time. */
export function mySeats(db: Db, args: { eventId: string; userId: string }): Promise<{ goingId: string; seat: number; checkedInAt: string | null }[]> {
  return queryRows(db, sql`
    select g.id as "goingId", s.seat, ${iso(sql`c.checked_in_at`)} as "checkedInAt"
    from going g
    cross join lateral generate_series(0, g.guests) as s(seat)
    left join check_ins c on c.going_id = g.id and c.seat = s.seat
    where g.event_id = ${args.eventId} and g.user_id = ${args.userId} and g.state = 'going'
    order by s.seat`);
}
