import type { GoingInvitation } from '@hubbub/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { iso } from '../../db/fragments.js';

// Who an invite-only event lets in (going_invitations) and its invitation link (going_settings.invite_token).

/** The people invited, newest first, named once they opened it (or have a verified account with the address). */
export function invitationsOf(db: Db, args: { tenantId: string; eventId: string; limit: number }): Promise<GoingInvitation[]> {
  return queryRows<GoingInvitation>(db, sql`
    select i.id, i.email, coalesce(u.name, (select v.name from users v where v.tenant_id = ${args.tenantId} and v.email = i.email and v.email_verified_at is not null)) as name,
      ${iso(sql`i.created_at`)} as created
    from going_invitations i left join users u on u.id = i.user_id
    where i.event_id = ${args.eventId}
    order by i.created_at desc, i.id
    limit ${args.limit}`);
}

export async function countInvitations(db: Db, eventId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from going_invitations where event_id = ${eventId}`);
  return row.n;
}

export async function linkToken(db: Db, eventId: string): Promise<string | null> {
  const [row] = await queryRows<{ token: string | null }>(db, sql`select invite_token as token from going_settings where event_id = ${eventId}`);
  return row?.token ?? null;
}

export async function setLinkToken(db: Db, args: { tenantId: string; eventId: string; token: string; at: Date }): Promise<void> {
  await db.execute(sql`insert into going_settings (event_id, tenant_id, invite_token, updated_at) values (${args.eventId}, ${args.tenantId}, ${args.token}, ${args.at})
    on conflict (event_id) do update set invite_token = excluded.invite_token, updated_at = excluded.updated_at`);
}

/** Invites the addresses not invited yet, each with the secret of their own link; answers how many were new. */
export async function insertEmailInvitations(db: Db, args: { tenantId: string; eventId: string; invites: { email: string; token: string }[]; at: Date }): Promise<number> {
  if (!args.invites.length) return 0;
  const values = sql.join(
    args.invites.map((i) => sql`(${args.tenantId}, ${args.eventId}, ${i.email}, ${i.token}, ${args.at})`),
    sql`, `,
  );
  const rows = await queryRows(db, sql`insert into going_invitations (tenant_id, event_id, email, token, created_at) values ${values}
    on conflict (event_id, email) do nothing returning id`);
  return rows.length;
}

export async function deleteInvitation(db: Db, args: { eventId: string; id: string }): Promise<boolean> {
  const rows = await queryRows(db, sql`delete from going_invitations where event_id = ${args.eventId} and id = ${args.id} returning id`);
  return rows.length > 0;
}

/**
 * Lets the person in by the secret of a link they opened: the event's invitation link, or a
 * personal one from an email (which becomes theirs, unless someone else opened it first).
 * Answers false when the secret opens nothing for them.
 */
export async function admitByToken(db: Db, args: { tenantId: string; eventId: string; userId: string; token: string; at: Date }): Promise<boolean> {
  const { tenantId, eventId, userId, token } = args;
  const [row] = await queryRows<{ link: boolean; personalId: string | null; personalUser: string | null }>(db, sql`
    select exists(select 1 from going_settings s where s.event_id = ${eventId} and s.tenant_id = ${tenantId} and s.invite_token = ${token}) as link,
      p.id as "personalId", p.user_id as "personalUser"
    from (select 1) one left join going_invitations p on p.event_id = ${eventId} and p.tenant_id = ${tenantId} and p.token = ${token}`);
  if (row.personalId && (row.personalUser === null || row.personalUser === userId)) {
    // Someone already let in (by the link) keeps that row; the personal one is theirs as well.
    await db.execute(sql`update going_invitations set user_id = ${userId}
      where id = ${row.personalId} and user_id is null
        and not exists(select 1 from going_invitations j where j.event_id = ${eventId} and j.user_id = ${userId})`);
    return true;
  }
  if (!row.link) return false;
  await db.execute(sql`insert into going_invitations (tenant_id, event_id, user_id, created_at) values (${tenantId}, ${eventId}, ${userId}, ${args.at})
    on conflict (event_id, user_id) do nothing`);
  return true;
}

/** What an emailed invitation needs: the address, its link's secret, the event and its host. */
export async function invitationToSend(
  db: Db,
  id: string,
): Promise<{ email: string; token: string; eventId: string; hostId: string; hostName: string; userId: string | null } | undefined> {
  const [row] = await queryRows<{ email: string; token: string; eventId: string; hostId: string; hostName: string; userId: string | null }>(db, sql`
    select i.email, i.token, i.event_id as "eventId", e.user_id as "hostId", h.name as "hostName",
      (select u.id from users u where u.tenant_id = i.tenant_id and u.email = i.email and u.email_verified_at is not null) as "userId"
    from going_invitations i join events e on e.id = i.event_id join users h on h.id = e.user_id
    where i.id = ${id} and i.email is not null and i.token is not null`);
  return row;
}
