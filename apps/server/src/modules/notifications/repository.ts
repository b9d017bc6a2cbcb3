import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { iso, visibleTo } from '../../db/fragments.js';

export interface JobRow {
  id: string;
  tenantId: string;
  kind: 'digest' | 'reminder' | 'cancel' | 'seat' | 'going-message' | 'invitation' | 'decision' | 'co-host';
  key: string;
  payload: Record<string, string>;
  dueAt: string;
}

const jobColumns = sql`id, tenant_id as "tenantId", kind, key, payload, ${iso(sql`due_at`)} as "dueAt"`;

/** Adds jobs; one already enqueued under the same key (by any instance) stays the only one. */
export async function enqueue(db: Db, jobs: { tenantId: string; kind: string; key: string; payload: Record<string, string>; dueAt: Date }[]): Promise<number> {
  if (!jobs.length) return 0;
  const values = sql.join(
    jobs.map((j) => sql`(${j.tenantId}, ${j.kind}, ${j.key}, ${JSON.stringify(j.payload)}::jsonb, ${j.dueAt})`),
    sql`, `,
  );
  return enqueueSelected(db, sql`values ${values}`);
}

/** Adds the jobs a select (or values) yields as (tenant_id, kind, key, payload, due_at); a key already enqueued (by any instance) stays the only one. */
async function enqueueSelected(db: Db, jobs: SQL): Promise<number> {
  const rows = await queryRows(db, sql`insert into jobs (tenant_id, kind, key, payload, due_at) ${jobs} on conflict (key) do nothing returning id`);
  return rows.length;
}

const LEAD = sql`case s.reminder when '1h' then interval '1 hour' else interval '1 day' end`;
/** The events (aliased e) a person (s.user_id) follows or attends and may see. */
const followed = sql`(select distinct l.user_id, l.event_id from event_links l where l.type in ('Follow', 'Attendee')) l on l.user_id = s.user_id join events e on e.id = l.event_id`;
const visible = (now: Date) => visibleTo(sql`s.user_id`, now);

/** A reminder for each followed or attended event starting within its person's lead time (keyed by person, event and start). */
export async function enqueueReminders(db: Db, now: Date): Promise<number> {
  return enqueueSelected(
    db,
    sql`select e.tenant_id, 'reminder', 'reminder:' || s.user_id || ':' || e.id || ':' || floor(extract(epoch from e.starts_at))::bigint,
          jsonb_build_object('userId', s.user_id, 'eventId', e.id), ${now}
        from notification_settings s join ${followed}
        where s.reminder <> 'off' and e.status <> 3 and ${visible(now)} and e.starts_at > ${now} and e.starts_at <= ${now}::timestamptz + ${LEAD}`,
  );
}

/**
 * A notice for each followed or attended event canceled lately that has not ended, to each of its
 * followers and attendees but its host (who canceled it). Everyone is told unless they turned event
 * emails off (reminders set to off in Settings, or the notice's own unsubscribe link): a person
 * who never chose has no settings row and hears of the cancel, as the host was promised.
 */
export async function enqueueCancellations(db: Db, now: Date): Promise<number> {
  return enqueueSelected(
    db,
    sql`select e.tenant_id, 'cancel', 'cancel:' || l.user_id || ':' || e.id, jsonb_build_object('userId', l.user_id, 'eventId', e.id), ${now}
        from (select distinct l.user_id, l.event_id from event_links l where l.type in ('Follow', 'Attendee')) l
        join events e on e.id = l.event_id
        left join notification_settings s on s.user_id = l.user_id
        where s.reminder is distinct from 'off' and e.user_id <> l.user_id and e.status = 3
          and ${visibleTo(sql`l.user_id`, now)}
          and e.ends_at > ${now} and e.updated_at > ${now}::timestamptz - interval '2 days'`,
  );
}

/**
 * A message for each seat offered from a waitlist (modules/going), keyed by the offer (its row and
 * when it was made): a person offered a seat twice hears twice, each offer once.
 */
export async function enqueueSeatOffers(db: Db, now: Date): Promise<number> {
  return enqueueSelected(
    db,
    sql`select g.tenant_id, 'seat', 'seat:' || g.id || ':' || (extract(epoch from g.offered_at) * 1000)::bigint,
          jsonb_build_object('userId', g.user_id, 'eventId', g.event_id), ${now}
        from going g where g.state = 'offered' and g.offer_until > ${now}`,
  );
}

/**
 * A host's message to everyone going (modules/going), one job per person who held a seat when it
 * was written (not the host), keyed by message and person: sent once whichever instance enqueues.
 */
export async function enqueueGoingMessages(db: Db, now: Date): Promise<number> {
  return enqueueSelected(
    db,
    sql`select m.tenant_id, 'going-message', 'going-message:' || m.id || ':' || g.user_id,
          jsonb_build_object('userId', g.user_id, 'eventId', m.event_id, 'messageId', m.id), ${now}
        from going_messages m join going g on g.event_id = m.event_id
        where m.created_at > ${now}::timestamptz - interval '2 days' and g.state in ('going', 'offered')
          and g.user_id <> m.author_id and g.created_at <= m.created_at
          and (m.audience = 'everyone' or not exists (select 1 from check_ins c where c.going_id = g.id and c.seat = 0))`,
  );
}

/** A message for each request the host approved or declined lately (modules/going), keyed by the decision: each told once. */
export async function enqueueDecisions(db: Db, now: Date): Promise<number> {
  return enqueueSelected(
    db,
    sql`select g.tenant_id, 'decision', 'decision:' || g.id || ':' || (extract(epoch from g.decided_at) * 1000)::bigint,
          jsonb_build_object('userId', g.user_id, 'eventId', g.event_id), ${now}
        from going g where g.decided_at > ${now}::timestamptz - interval '2 days'`,
  );
}

/** An email for each person a host invited by email lately (modules/going), keyed by the invitation: sent once. */
export async function enqueueInvitations(db: Db, now: Date): Promise<number> {
  return enqueueSelected(
    db,
    sql`select i.tenant_id, 'invitation', 'invitation:' || i.id, jsonb_build_object('invitationId', i.id), ${now}
        from going_invitations i
        where i.created_at > ${now}::timestamptz - interval '2 days' and i.email is not null`,
  );
}

/** An email for each co-host a host named lately (modules/co-hosts), keyed by the row: sent once; a new role is not mailed again. */
export async function enqueueCoHosts(db: Db, now: Date): Promise<number> {
  return enqueueSelected(
    db,
    sql`select c.tenant_id, 'co-host', 'co-host:' || c.id, jsonb_build_object('coHostId', c.id), ${now}
        from event_co_hosts c
        where c.created_at > ${now}::timestamptz - interval '2 days' and c.accepted_at is null`,
  );
}

/** Claims due jobs for this instance until the lease runs out; SKIP LOCKED lets instances claim side by side. */
export function claimDue(db: Db, args: { instance: string; leaseMs: number; limit: number; now: Date }): Promise<JobRow[]> {
  const { now } = args;
  return queryRows<JobRow>(
    db,
    sql`update jobs set claimed_by = ${args.instance}, claimed_until = ${now}::timestamptz + make_interval(secs => ${args.leaseMs / 1000}), attempts = attempts + 1
        where id in (select id from jobs where done_at is null and due_at <= ${now} and (claimed_until is null or claimed_until < ${now})
                     order by due_at limit ${args.limit} for update skip locked)
        returning ${jobColumns}`,
  );
}

/** Marks a claimed job done, if the claim is still this instance's; false when another took it over. */
export async function completeClaimed(db: Db, id: string, instance: string): Promise<boolean> {
  const rows = await queryRows(db, sql`update jobs set done_at = now(), claimed_until = null where id = ${id} and claimed_by = ${instance} and done_at is null returning id`);
  return rows.length > 0;
}

export async function recordFailure(db: Db, id: string, message: string): Promise<void> {
  await queryRows(db, sql`update jobs set last_error = ${message.slice(0, 500)} where id = ${id}`);
}

/** Of these events, those the calendar's digests have not listed yet. */
export async function unseen(db: Db, calendarId: string, eventIds: string[]): Promise<Set<string>> {
  if (!eventIds.length) return new Set();
  const list = sql.join(eventIds.map((id) => sql`${id}::uuid`), sql`, `);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select x.id from unnest(array[${list}]) as x(id) where not exists (select 1 from calendar_alert_events a where a.calendar_id = ${calendarId} and a.event_id = x.id)`,
  );
  return new Set(rows.map((r) => r.id));
}

export async function markSeen(db: Db, calendarId: string, eventIds: string[]): Promise<void> {
  if (!eventIds.length) return;
  const values = sql.join(eventIds.map((id) => sql`(${calendarId}, ${id})`), sql`, `);
  await queryRows(db, sql`insert into calendar_alert_events (calendar_id, event_id) values ${values} on conflict do nothing`);
}

export async function reminderOf(db: Db, userId: string): Promise<string> {
  const [row] = await queryRows<{ reminder: string }>(db, sql`select reminder from notification_settings where user_id = ${userId}`);
  return row?.reminder ?? 'off';
}

export async function setReminder(db: Db, args: { tenantId: string; userId: string; reminder: string; at: Date }): Promise<void> {
  await queryRows(
    db,
    sql`insert into notification_settings (user_id, tenant_id, reminder, updated_at) values (${args.userId}, ${args.tenantId}, ${args.reminder}, ${args.at})
        on conflict (user_id) do update set reminder = excluded.reminder, updated_at = excluded.updated_at`,
  );
}

/** Who a message goes to; undefined when the account is gone or suspended. */
export async function recipient(db: Db, userId: string): Promise<{ email: string; name: string } | undefined> {
  // A remote account (modules/federation) is told through its own server, never by mail.
  const [row] = await queryRows<{ email: string; name: string }>(db, sql`select email, name from users where id = ${userId} and suspended_at is null and remote_actor is null`);
  return row;
}

export interface PushRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps a browser's subscription for this person. An endpoint someone else holds (in any tenant)
 * moves only with proof that the caller has that browser: the same p256dh and auth keys, which the
 * browser makes and hands to this server alone. Its own holder may update the keys. False when the
 * endpoint stays with someone else (nothing changed): knowing an endpoint is not owning it.
 */
export async function savePushSubscription(db: Db, args: { tenantId: string; userId: string; endpoint: string; p256dh: string; auth: string }): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into push_subscriptions as s (tenant_id, user_id, endpoint, p256dh, auth) values (${args.tenantId}, ${args.userId}, ${args.endpoint}, ${args.p256dh}, ${args.auth})
        on conflict (endpoint) do update set tenant_id = excluded.tenant_id, user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
        where (s.tenant_id = excluded.tenant_id and s.user_id = excluded.user_id) or (s.p256dh = excluded.p256dh and s.auth = excluded.auth)
        returning s.id`,
  );
  return rows.length > 0;
}

export async function deletePushSubscription(db: Db, args: { endpoint: string; userId?: string }): Promise<void> {
  await queryRows(db, sql`delete from push_subscriptions where endpoint = ${args.endpoint} ${args.userId ? sql`and user_id = ${args.userId}` : sql``}`);
}

export function pushSubscriptionsOf(db: Db, userId: string): Promise<PushRow[]> {
  return queryRows<PushRow>(db, sql`select endpoint, p256dh, auth from push_subscriptions where user_id = ${userId} order by created_at`);
}

/** The mail and push backlog: jobs due and not done, and how late the oldest of them is (/metrics). */
export async function queueStats(db: Db, now: Date): Promise<{ due: number; lagSeconds: number }> {
  const [row] = await queryRows<{ due: number; lagSeconds: number }>(db, sql`
    select count(*)::int as due, coalesce(extract(epoch from ${now}::timestamptz - min(due_at)), 0)::float8 as "lagSeconds"
    from jobs where done_at is null and due_at <= ${now}`);
  return row;
}
