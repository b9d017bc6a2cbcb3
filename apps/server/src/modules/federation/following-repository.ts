import { sql } from 'drizzle-orm';
import type { FederationFollowState, FederationFollowing } from '@hubbub/contract';
import { queryRows, type Db } from '../../db/client.js';
import { iso } from '../../db/fragments.js';

// The accounts on other servers the site follows (federation_following): asked for by an admin,
// found and told by the publisher's round, answered by their servers.

const columns = sql`id, target, actor_uri as actor, handle, state, problem, whole_server as "wholeServer", ${iso(sql`created_at`)} as since`;

export async function listFollowing(db: Db, tenantId: string): Promise<FederationFollowing[]> {
  return queryRows(db, sql`select ${columns} from federation_following where tenant_id = ${tenantId} and state <> 'leaving' order by created_at desc, id`);
}

/** A new follow to find; undefined when the same account was named already. */
export async function requestFollow(db: Db, args: { tenantId: string; target: string }): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    db,
    // One that failed or was refused is asked for again.
    sql`insert into federation_following (tenant_id, target) values (${args.tenantId}, ${args.target})
        on conflict (tenant_id, target) do update set state = 'finding', problem = null, created_at = now()
          where federation_following.state in ('failed', 'refused')
        returning id`,
  );
  return row?.id;
}

export interface FollowingRow {
  id: string;
  target: string;
  actorUri: string | null;
  inbox: string | null;
  followId: string | null;
  state: FederationFollowState;
  wholeServer: boolean;
}

const rowColumns = sql`id, target, actor_uri as "actorUri", inbox, follow_id as "followId", state, whole_server as "wholeServer"`;

/** Follows the round owes work on: to find (and ask), or to end (tell). */
export function owedFollows(db: Db, args: { tenantId: string; limit: number }): Promise<FollowingRow[]> {
  return queryRows(db, sql`select ${rowColumns} from federation_following where tenant_id = ${args.tenantId} and state in ('finding', 'leaving') order by created_at limit ${args.limit}`);
}

/** The follow is asked for: the actor found and the Follow's id. False when the site follows that actor already (by another name). */
export async function markAsked(db: Db, args: { id: string; actorUri: string; handle: string | null; inbox: string; followId: string; wholeServer: boolean }): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update federation_following set actor_uri = ${args.actorUri}, handle = ${args.handle}, inbox = ${args.inbox}, follow_id = ${args.followId}, whole_server = ${args.wholeServer}, state = 'asked'
        where id = ${args.id} and state = 'finding'
          and not exists (select 1 from federation_following o where o.tenant_id = federation_following.tenant_id and o.actor_uri = ${args.actorUri} and o.id <> ${args.id})
        returning id`,
  );
  return rows.length > 0;
}

export async function markFailed(db: Db, args: { id: string; problem: string }): Promise<void> {
  await db.execute(sql`update federation_following set state = 'failed', problem = ${args.problem} where id = ${args.id} and state = 'finding'`);
}

/** Its server's answer to the Follow it names (from the actor followed only). */
export async function answerFollow(db: Db, args: { tenantId: string; actorUri: string; followId: string | null; accepted: boolean }): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update federation_following set state = ${args.accepted ? 'following' : 'refused'}, problem = ${args.accepted ? null : 'Its server refused the follow.'}
        where tenant_id = ${args.tenantId} and actor_uri = ${args.actorUri} and state in ('asked', 'following')
          and (${args.followId}::text is null or follow_id = ${args.followId})
        returning id`,
  );
  return rows.length > 0;
}

/**
 * Whether the site takes events from the actor: it follows the actor (asked or accepted), or the
 * account of the actor's server that stands for the whole server.
 */
export async function isFollowed(db: Db, args: { tenantId: string; actorUri: string }): Promise<boolean> {
  const server = `${new URL(args.actorUri).origin}/`;
  const rows = await queryRows(
    db,
    sql`select 1 from federation_following where tenant_id = ${args.tenantId} and state in ('asked', 'following')
          and (actor_uri = ${args.actorUri} or (whole_server and left(actor_uri, ${server.length}) = ${server}))`,
  );
  return rows.length > 0;
}

/** An admin ends a follow: one never asked for goes at once; one asked for waits for its Undo. Answers the row as it was. */
export async function endFollow(db: Db, args: { tenantId: string; id: string }): Promise<FollowingRow | undefined> {
  const [row] = await queryRows<FollowingRow>(db, sql`select ${rowColumns} from federation_following where tenant_id = ${args.tenantId} and id = ${args.id} and state <> 'leaving' for update`);
  if (!row) return undefined;
  if (row.followId && (row.state === 'asked' || row.state === 'following')) {
    await db.execute(sql`update federation_following set state = 'leaving' where id = ${args.id}`);
  } else {
    await db.execute(sql`delete from federation_following where id = ${args.id}`);
  }
  return row;
}

/** The Undo went: the follow is gone. */
export async function forgetFollow(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from federation_following where id = ${id}`);
}
