import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { iso } from '../../db/fragments.js';

export interface ChatMessageRow {
  id: string;
  eventId: string;
  userId: string;
  userName: string;
  text: string;
  created: string;
}

const MESSAGE_COLUMNS = sql`m.id, m.event_id as "eventId", m.user_id as "userId", u.name as "userName", m.text, ${iso(sql`m.created_at`)} as created`;

/** People the viewer blocked or who blocked the viewer: neither sees the other's messages. */
const notBlockedWith = (viewerId: string) =>
  sql`not exists(select 1 from user_blocks b where (b.blocker_id = ${viewerId} and b.blocked_id = m.user_id) or (b.blocker_id = m.user_id and b.blocked_id = ${viewerId}))`;

/** The event's last `limit` messages the viewer may see, oldest first. */
export function lastMessages(db: Db, args: { eventId: string; viewerId: string; limit: number }): Promise<ChatMessageRow[]> {
  return queryRows<ChatMessageRow>(
    db,
    sql`select * from (
          select ${MESSAGE_COLUMNS}, m.created_at as at from chat_messages m join users u on u.id = m.user_id
          where m.event_id = ${args.eventId} and ${notBlockedWith(args.viewerId)}
          order by m.created_at desc, m.id desc limit ${args.limit}) last
        order by at, id`,
  ).then((rows) => rows.map(({ at: _at, ...row }: ChatMessageRow & { at?: unknown }) => row));
}

/**
 * Stores a message unless its author wrote one within the slow-mode window (one statement, so two
 * sends at once cannot both pass), then drops the event's messages past the newest `keep`.
 * Answers the message, or the time of the author's last one when slow mode refused it.
 */
export async function insertMessage(
  db: Db,
  args: { tenantId: string; eventId: string; userId: string; text: string; now: Date; slowModeSeconds: number; keep: number },
): Promise<{ message: ChatMessageRow } | { lastAt: string }> {
  const since = new Date(args.now.getTime() - args.slowModeSeconds * 1000);
  const [message] = await queryRows<ChatMessageRow>(
    db,
    sql`with m as (
          insert into chat_messages (tenant_id, event_id, user_id, text, created_at)
          select ${args.tenantId}, ${args.eventId}, ${args.userId}, ${args.text}, ${args.now}
          where ${args.slowModeSeconds} = 0 or not exists(
            select 1 from chat_messages p where p.event_id = ${args.eventId} and p.user_id = ${args.userId} and p.created_at > ${since})
          returning *)
        select ${MESSAGE_COLUMNS} from m join users u on u.id = m.user_id`,
  );
  if (!message) {
    const [last] = await queryRows<{ at: string }>(
      db,
      sql`select ${iso(sql`max(created_at)`)} as at from chat_messages where event_id = ${args.eventId} and user_id = ${args.userId}`,
    );
    return { lastAt: last?.at ?? args.now.toISOString() };
  }
  await queryRows(
    db,
    sql`delete from chat_messages where id in (
          select id from chat_messages where event_id = ${args.eventId} order by created_at desc, id desc offset ${args.keep})`,
  );
  return { message };
}

export async function findMessage(db: Db, args: { tenantId: string; id: string }): Promise<ChatMessageRow | undefined> {
  const [row] = await queryRows<ChatMessageRow>(
    db,
    sql`select ${MESSAGE_COLUMNS} from chat_messages m join users u on u.id = m.user_id where m.tenant_id = ${args.tenantId} and m.id = ${args.id}`,
  );
  return row;
}

export async function deleteMessage(db: Db, id: string): Promise<boolean> {
  return (await queryRows(db, sql`delete from chat_messages where id = ${id} returning id`)).length > 0;
}

export async function findSettings(db: Db, eventId: string): Promise<{ slowModeSeconds: number; membersOnly: boolean } | undefined> {
  const [row] = await queryRows<{ slowModeSeconds: number; membersOnly: boolean }>(
    db,
    sql`select slow_mode_seconds as "slowModeSeconds", members_only as "membersOnly" from chat_settings where event_id = ${eventId}`,
  );
  return row;
}

export async function upsertSettings(db: Db, args: { tenantId: string; eventId: string; slowModeSeconds: number; membersOnly: boolean; now: Date }): Promise<void> {
  await queryRows(
    db,
    sql`insert into chat_settings (event_id, tenant_id, slow_mode_seconds, members_only, updated_at)
        values (${args.eventId}, ${args.tenantId}, ${args.slowModeSeconds}, ${args.membersOnly}, ${args.now})
        on conflict (event_id) do update set slow_mode_seconds = excluded.slow_mode_seconds, members_only = excluded.members_only, updated_at = excluded.updated_at`,
  );
}

/** Answers false when the tenant has no such person. */
export async function setMute(db: Db, args: { tenantId: string; eventId: string; userId: string; muted: boolean }): Promise<boolean> {
  const [person] = await queryRows(db, sql`select 1 from users where tenant_id = ${args.tenantId} and id = ${args.userId}`);
  if (!person) return false;
  await queryRows(
    db,
    args.muted
      ? sql`insert into chat_mutes (event_id, user_id, tenant_id) values (${args.eventId}, ${args.userId}, ${args.tenantId}) on conflict do nothing`
      : sql`delete from chat_mutes where event_id = ${args.eventId} and user_id = ${args.userId}`,
  );
  return true;
}

export async function mutedUserIds(db: Db, eventId: string): Promise<string[]> {
  const rows = await queryRows<{ userId: string }>(db, sql`select user_id as "userId" from chat_mutes where event_id = ${eventId} order by created_at`);
  return rows.map((r) => r.userId);
}

/** Whether the person is muted in the event's chat, and whether they follow or attend it (a member). */
export async function standing(db: Db, args: { eventId: string; userId: string }): Promise<{ muted: boolean; member: boolean }> {
  const [row] = await queryRows<{ muted: boolean; member: boolean }>(
    db,
    sql`select exists(select 1 from chat_mutes where event_id = ${args.eventId} and user_id = ${args.userId}) as muted,
          exists(select 1 from event_links where event_id = ${args.eventId} and user_id = ${args.userId} and type in ('Follow', 'Attendee')) as member`,
  );
  return row ?? { muted: false, member: false };
}

/** Everyone the person blocked or who blocked them: their messages do not reach each other. */
export async function blockedEitherWay(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select blocked_id as id from user_blocks where blocker_id = ${userId} union select blocker_id from user_blocks where blocked_id = ${userId}`,
  );
  return rows.map((r) => r.id);
}
