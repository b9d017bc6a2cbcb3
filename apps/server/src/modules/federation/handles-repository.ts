import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { isListed } from '../../db/fragments.js';

// The handles of the people who host public events (federation_handles): each person's actor.

/** Hosts of public events to come who have no handle yet (local, not suspended). */
export function hostsWithoutHandle(db: Db, args: { tenantId: string; now: Date; limit: number }): Promise<{ id: string; name: string }[]> {
  return queryRows(
    db,
    sql`select distinct u.id, u.name from events e join users u on u.id = e.user_id
        where e.tenant_id = ${args.tenantId} and e.origin_id is null and ${isListed(args.now)} and e.ends_at > ${args.now}
          and u.remote_actor is null and u.suspended_at is null
          and not exists (select 1 from federation_handles h where h.tenant_id = e.tenant_id and h.user_id = u.id)
        limit ${args.limit}`,
  );
}

/** Gives the handle; false when another person has it (or this one has one already). */
export async function insertHandle(db: Db, args: { tenantId: string; userId: string; handle: string }): Promise<boolean> {
  const rows = await queryRows(db, sql`insert into federation_handles (tenant_id, user_id, handle) values (${args.tenantId}, ${args.userId}, ${args.handle}) on conflict do nothing returning handle`);
  return rows.length > 0;
}

export interface PersonActorRow {
  userId: string;
  handle: string;
  name: string;
  bio: string | null;
}

/** A person's actor, by their id or their handle: only while they are local and not suspended. */
export async function personActor(db: Db, args: { tenantId: string; userId?: string; handle?: string }): Promise<PersonActorRow | undefined> {
  const which = args.userId ? sql`h.user_id = ${args.userId}` : sql`h.handle = ${args.handle?.toLowerCase() ?? ''}`;
  const [row] = await queryRows<PersonActorRow>(
    db,
    sql`select h.user_id as "userId", h.handle, u.name, u.bio from federation_handles h join users u on u.id = h.user_id
        where h.tenant_id = ${args.tenantId} and ${which} and u.remote_actor is null and u.suspended_at is null`,
  );
  return row;
}
