import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../src/db/client.js';

/**
 * What the app has stored, in one query: row counts of the tables requests write and the
 * newest change where rows are updated in place. Two equal snapshots around a refused
 * request mean it stored nothing.
 */
async function storedRows(db: Db): Promise<Record<string, unknown>> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
      (select count(*)::int from users) as users,
      (select max(updated_at)::text from users) as users_updated,
      (select count(*)::int from user_secrets) as user_secrets,
      (select count(*)::int from user_secrets where used_at is not null) as user_secrets_used,
      (select count(*)::int from sessions) as sessions,
      (select count(*)::int from sessions where revoked_at is not null) as sessions_revoked,
      (select count(*)::int from refresh_tokens) as refresh_tokens,
      (select count(*)::int from refresh_tokens where used_at is not null) as refresh_tokens_used,
      (select count(*)::int from user_follows) as user_follows,
      (select count(*)::int from user_blocks) as user_blocks,
      (select count(*)::int from events) as events,
      (select max(updated_at)::text from events) as events_updated,
      (select count(*)::int from tags) as tags,
      (select count(*)::int from event_tags) as event_tags,
      (select count(*)::int from event_links) as event_links,
      (select count(*)::int from flyers) as flyers,
      (select max(updated_at)::text from flyers) as flyers_updated,
      (select count(*)::int from timelines) as timelines,
      (select count(*)::int from launch_transitions) as launch_transitions,
      (select count(*)::int from external_auth_requests) as external_auth_requests,
      (select count(*)::int from external_identities) as external_identities,
      (select count(*)::int from session_provider_tokens) as session_provider_tokens,
      (select count(*)::int from subscriptions) as subscriptions,
      (select max(updated_at)::text from subscriptions) as subscriptions_updated,
      (select count(*)::int from billing_events) as billing_events,
      (select count(*)::int from project_documents) as project_documents,
      (select max(updated_at)::text from project_documents) as project_documents_updated,
      (select count(*)::int from project_document_revisions) as project_document_revisions,
      (select count(*)::int from project_document_images) as project_document_images,
      (select count(*)::int from reports) as reports,
      (select count(*)::int from audit_log) as audit_log,
      (select count(*)::int from calendars) as calendars,
      (select max(updated_at)::text from calendars) as calendars_updated,
      (select count(*)::int from jobs) as jobs,
      (select count(*)::int from push_subscriptions) as push_subscriptions,
      (select count(*)::int from calendar_alert_events) as calendar_alert_events,
      (select count(*)::int || ':' || coalesce(max(updated_at)::text, '') from notification_settings) as notification_settings,
      (select max(hidden_at)::text from events) as events_hidden,
      (select max(suspended_at)::text from users) as users_suspended,
      (select count(*)::int from plans where stripe_price_month is not null or stripe_price_year is not null) as priced_plans`,
  );
  return row;
}

/** The first transaction id not yet given out: it moves only when some transaction writes (or tries to). */
const nextXid = (db: Db) => queryRows<{ xid: string }>(db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`).then((rows) => rows[0].xid);

const uploadCount = (dataDir: string) => fs.readdir(path.join(dataDir, 'uploads'), { recursive: true }).then((files) => files.length, () => 0);

export interface Mark {
  xid: string;
  rows: Record<string, unknown>;
  uploads: number;
}

/**
 * Watches what requests store, cheaply: the row snapshot (a few ms on PGlite) is taken only
 * when the transaction counter moved since the last one, so a run of refused requests costs
 * two tiny queries each.
 */
export function storeWatch(db: Db, dataDir: string) {
  let last: { xid: string; rows: Record<string, unknown> } | undefined;
  const current = async (): Promise<Mark> => {
    const xid = await nextXid(db);
    if (last?.xid !== xid) last = { xid, rows: await storedRows(db) };
    return { ...last, uploads: await uploadCount(dataDir) };
  };
  return {
    mark: current,
    /** What changed since the mark, as `name before → after`. */
    async changesSince(mark: Mark): Promise<string[]> {
      const now = await current();
      const before: Record<string, unknown> = { ...mark.rows, uploads: mark.uploads };
      const after: Record<string, unknown> = { ...now.rows, uploads: now.uploads };
      return Object.keys(after)
        .filter((key) => after[key] !== before[key])
        .map((key) => `${key} ${before[key]} → ${after[key]}`);
    },
  };
}
