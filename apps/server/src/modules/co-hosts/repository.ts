import type { CoHost, CoHostRole } from '@hubbub/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { iso } from '../../db/fragments.js';

export function list(db: Db, eventId: string): Promise<CoHost[]> {
  return queryRows<CoHost>(db, sql`
    select c.id, c.email, c.role, u.name, ${iso(sql`c.accepted_at`)} as "acceptedAt"
    from event_co_hosts c left join users u on u.id = c.user_id
    where c.event_id = ${eventId} order by c.created_at, c.id`);
}

export async function count(db: Db, eventId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from event_co_hosts where event_id = ${eventId}`);
  return row.n;
}

/** Names a co-host, or gives the one named already by that address the new role (their link stays). */
export async function upsert(db: Db, args: { tenantId: string; eventId: string; email: string; role: CoHostRole; token: string }): Promise<void> {
  await db.execute(sql`insert into event_co_hosts (tenant_id, event_id, email, role, token)
    values (${args.tenantId}, ${args.eventId}, ${args.email}, ${args.role}, ${args.token})
    on conflict (event_id, email) do update set role = excluded.role`);
}

export async function remove(db: Db, args: { eventId: string; id: string }): Promise<boolean> {
  const rows = await queryRows(db, sql`delete from event_co_hosts where event_id = ${args.eventId} and id = ${args.id} returning id`);
  return rows.length > 0;
}

/**
 * Gives the invitation to the person opening its link, when it was sent to their verified email
 * address (a forwarded link lets nobody else in); opened again by them, it changes nothing.
 * Answers the role, or nothing for a link that does not work for them.
 */
export async function accept(db: Db, args: { tenantId: string; eventId: string; token: string; userId: string; at: Date }): Promise<CoHostRole | undefined> {
  const [row] = await queryRows<{ role: CoHostRole }>(db, sql`
    update event_co_hosts set user_id = ${args.userId}, accepted_at = coalesce(accepted_at, ${args.at})
    where tenant_id = ${args.tenantId} and event_id = ${args.eventId} and token = ${args.token} and (user_id is null or user_id = ${args.userId})
      and email = (select u.email from users u where u.id = ${args.userId} and u.email_verified_at is not null)
      and not exists (select 1 from event_co_hosts o where o.event_id = ${args.eventId} and o.user_id = ${args.userId} and o.token <> ${args.token})
    returning role`);
  return row?.role;
}

export async function emailOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ email: string }>(db, sql`select email from users where id = ${userId}`);
  return row?.email;
}

/** Whether a link of the event's exists, whoever it was sent to: a link that exists but is not theirs says so. */
export async function tokenExists(db: Db, args: { tenantId: string; eventId: string; token: string }): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from event_co_hosts where tenant_id = ${args.tenantId} and event_id = ${args.eventId} and token = ${args.token}`);
  return rows.length > 0;
}

export async function roleOf(db: Db, args: { tenantId: string; eventId: string; userId: string }): Promise<CoHostRole | undefined> {
  const [row] = await queryRows<{ role: CoHostRole }>(db, sql`
    select role from event_co_hosts where tenant_id = ${args.tenantId} and event_id = ${args.eventId} and user_id = ${args.userId}`);
  return row?.role;
}

/** What the invitation email needs: the address, the link's secret, the event and who hosts it. */
export async function toSend(db: Db, id: string): Promise<{ email: string; token: string; role: CoHostRole; eventId: string; hostId: string; hostName: string } | undefined> {
  const [row] = await queryRows<{ email: string; token: string; role: CoHostRole; eventId: string; hostId: string; hostName: string }>(db, sql`
    select c.email, c.token, c.role, c.event_id as "eventId", e.user_id as "hostId", h.name as "hostName"
    from event_co_hosts c join events e on e.id = c.event_id join users h on h.id = e.user_id
    where c.id = ${id} and c.accepted_at is null`);
  return row;
}
