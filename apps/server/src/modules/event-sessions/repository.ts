import { sql } from 'drizzle-orm';
import type { EventRole } from '@hubbub/contract';
import { prepareStatement, queryPrepared, type Db } from '../../db/client.js';
import { eventRoleOf, visibleTo } from '../../db/fragments.js';

/** What joining an event's live session needs to know of one viewer (events' findSessionView, for many). */
export interface SessionView {
  ownerId: string;
  status: number;
  blocked: boolean;
  role: EventRole | null;
}

/** Viewer ids only ever reach the array literal below in this form. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const viewer = sql`v.id`;
/**
 * events' findSessionView for a list of viewers: the same fragments (visibleTo, eventRoleOf) and
 * the same block test, each viewer in place of the one parameter. Prepared once: only its values
 * change from crowd to crowd.
 */
const viewsOf = prepareStatement(sql`
  select v.id as "viewerId", e.user_id as "ownerId", e.status::int as status, ${eventRoleOf(viewer)} as role,
    exists(select 1 from user_blocks b where b.blocker_id = e.user_id and b.blocked_id = ${viewer}) as blocked
  from unnest(${sql.placeholder('viewerIds')}::uuid[]) as v(id)
  join events e on e.tenant_id = ${sql.placeholder('tenantId')}::uuid and e.id = ${sql.placeholder('eventId')}::uuid
  where ${visibleTo(viewer, sql`${sql.placeholder('now')}::timestamptz`)}`);

/**
 * How each viewer may join the event's live session, in one statement for a crowd joining at once
 * (issue 31): a viewer missing from the answer may not see the event (or it does not exist).
 */
export async function findSessionViews(
  db: Db,
  args: { tenantId: string; eventId: string; viewerIds: string[]; now: Date },
): Promise<Map<string, SessionView>> {
  const viewerIds = [...new Set(args.viewerIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  if (!viewerIds.length || !UUID.test(args.eventId)) return new Map();
  const rows = await queryPrepared<SessionView & { viewerId: string }>(db, viewsOf, {
    tenantId: args.tenantId,
    eventId: args.eventId,
    // An array literal: both drivers pass it as text, which a prepared statement on PGlite needs.
    viewerIds: `{${viewerIds.join(',')}}`,
    now: args.now.toISOString(),
  });
  return new Map(rows.map(({ viewerId, ...view }) => [viewerId, view]));
}
