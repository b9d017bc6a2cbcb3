import { sql } from 'drizzle-orm';
import type { EventRole } from '@hubbub/contract';
import { queryRows, type Db } from '../../db/client.js';
import { NO_USER, eventRoleOf, iso } from '../../db/fragments.js';

// What moderation changes on events: hiding them (by an admin, or with a suspended host) and their status.

export type HiddenBy = 'moderator' | 'suspension';

export interface ModerationState {
  userId: string;
  status: number;
  hiddenBy: HiddenBy | null;
  hostSuspended: boolean;
  /** ISO instants: what a stopped session leaves the status at depends on them (statusAfterStop). */
  startDate: string;
  endDate: string;
  /** The viewer's part in the event (the host's changes to its live session check it). */
  role: EventRole | null;
}

/** The event's state before a moderation change, locked for the rest of the transaction; undefined when not in the tenant. */
export async function lockForModeration(db: Db, args: { tenantId: string; eventId: string; viewerId?: string }): Promise<ModerationState | undefined> {
  const [row] = await queryRows<ModerationState>(
    db,
    sql`select e.user_id as "userId", e.status::int as status, e.hidden_by as "hiddenBy", u.suspended_at is not null as "hostSuspended",
          ${iso(sql`e.starts_at`)} as "startDate", ${iso(sql`e.ends_at`)} as "endDate", ${eventRoleOf(args.viewerId ?? NO_USER)} as role
        from events e join users u on u.id = e.user_id where e.tenant_id = ${args.tenantId} and e.id = ${args.eventId} for update of e`,
  );
  return row;
}

export async function setHidden(db: Db, eventId: string, hidden: { by: HiddenBy; reason: string; at: Date } | null): Promise<void> {
  await queryRows(
    db,
    hidden
      ? sql`update events set hidden_at = ${hidden.at}, hidden_by = ${hidden.by}, hidden_reason = ${hidden.reason} where id = ${eventId}`
      : sql`update events set hidden_at = null, hidden_by = null, hidden_reason = null where id = ${eventId}`,
  );
}

/** Hides every visible event of a person with their suspension; answers how many. */
export async function hideAllOf(db: Db, args: { tenantId: string; userId: string; reason: string; at: Date }): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update events set hidden_at = ${args.at}, hidden_by = 'suspension', hidden_reason = ${args.reason}
        where tenant_id = ${args.tenantId} and user_id = ${args.userId} and hidden_at is null returning id`,
  );
  return rows.length;
}

/** Shows again the events hidden with a person's suspension (not those a moderator hid on their own); answers how many. */
export async function showSuspendedOf(db: Db, args: { tenantId: string; userId: string }): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update events set hidden_at = null, hidden_by = null, hidden_reason = null
        where tenant_id = ${args.tenantId} and user_id = ${args.userId} and hidden_by = 'suspension' returning id`,
  );
  return rows.length;
}

/** The person's events that are live now, for their suspension to stop. */
export function liveEventsOf(db: Db, args: { tenantId: string; userId: string }): Promise<{ id: string }[]> {
  return queryRows(db, sql`select id from events where tenant_id = ${args.tenantId} and user_id = ${args.userId} and status = 1`);
}
