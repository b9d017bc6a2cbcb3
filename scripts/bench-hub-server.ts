/**
 * The app side of bench:hub: the app's modules (loaded only in the hub cases' processes, so the
 * baseline's heap holds nothing of them), accounts and the event the watchers join.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoginResult } from '@hubbub/contract';
import type { Database } from '../apps/server/src/db/client.js';

export const SECRET = 'bench-secret-bench-secret-bench-secret-000';
export const TENANT = 'hubbub';
const PASSWORD = 'bench password 123';

export async function loadServer() {
  const [{ sql }, contract, { build }, { openDatabase, queryRows }, { createPasswords }] = await Promise.all([
    import('drizzle-orm'),
    import('@hubbub/contract'),
    import('../apps/server/test/support/build.js'),
    import('../apps/server/src/db/client.js'),
    import('../apps/server/src/lib/passwords.js'),
  ]);
  return { sql, HUB_PATH: contract.HUB_PATH, authApi: contract.authApi, eventsApi: contract.eventsApi, build, openDatabase, queryRows, passwords: createPasswords() };
}
export type Server = Awaited<ReturnType<typeof loadServer>>;

/** A verified user straight in the database, then a real login for its JWT. */
export async function user(server: Server, app: FastifyInstance, database: Database, label: string): Promise<string> {
  const { sql, queryRows, passwords, authApi } = server;
  const tenantId = app.ctx.tenants.get(TENANT)!;
  const email = `bench-${label}-${randomUUID().slice(0, 8)}@hubbub.local`;
  await queryRows(database.db, sql`insert into users (tenant_id, email, name, password_hash, email_verified_at, plan)
    values (${tenantId}, ${email}, ${`Bench ${label}`}, ${await passwords.hash(PASSWORD)}, now(), 'Enterprise')`);
  const res = await app.inject({ method: 'POST', url: authApi.login.path, headers: { 'x-tenant': TENANT, 'content-type': 'application/json' }, payload: { email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as LoginResult).jwt;
}

/**
 * `count` verified people, each with a session of their own and its access token, as a crowd at
 * the door is: every watcher's session is checked on its own, not one session's answer shared.
 * Written straight to the database (a login each would hash a password each) and signed with the
 * app's own signer, so the tokens are what a login answers.
 */
export async function crowd(server: Server, app: FastifyInstance, database: Database, count: number): Promise<string[]> {
  const { sql, queryRows } = server;
  const tenantId = app.ctx.tenants.get(TENANT)!;
  const tag = randomUUID().slice(0, 8);
  const people = await queryRows<{ userId: string; sessionId: string; email: string; name: string }>(database.db, sql`
    with made as (
      insert into users (tenant_id, email, name, email_verified_at)
      select ${tenantId}, 'bench-crowd-' || ${tag} || '-' || n || '@hubbub.local', 'Watcher ' || n, now() from generate_series(1, ${count}::int) n
      returning id, email, name
    ), opened as (
      insert into sessions (tenant_id, user_id) select ${tenantId}, id from made returning id, user_id
    )
    select m.id as "userId", o.id as "sessionId", m.email, m.name from made m join opened o on o.user_id = m.id`);
  return Promise.all(
    people.map((p) => app.ctx.jwt.sign({ userId: p.userId, sessionId: p.sessionId, name: p.name, email: p.email, roles: [], features: [], tenant: TENANT })),
  );
}

export async function createEvent(server: Server, app: FastifyInstance, jwt: string): Promise<string> {
  const { eventsApi } = server;
  const start = Date.now() + 86_400_000;
  const res = await app.inject({
    method: 'POST',
    url: eventsApi.create.path,
    headers: { 'x-tenant': TENANT, 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    payload: {
      name: 'Bench buzz',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 3_600_000).toISOString(),
      timeZone: 'Europe/Paris',
      venue: 'Bench Hall',
      area: { name: 'Paris', type: 4, latitude: 48.85, longitude: 2.35, city: 'Paris', state: 'IDF', country: 'FR' },
    },
  });
  if (res.statusCode >= 300) throw new Error(`event create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/**
 * The event live with two flyers on stage, as at the door of a live event: every join then also
 * sends EventStarted and the flyers. Straight in the database (the host's Go live and launches
 * are not what is measured).
 */
export async function goLive(server: Server, database: Database, eventId: string): Promise<void> {
  const { sql, queryRows } = server;
  await queryRows(database.db, sql`update events set status = 1 where id = ${eventId}`);
  await queryRows(database.db, sql`insert into flyers (tenant_id, event_id, user_id, name, content_type, content_json, is_activated)
    select e.tenant_id, e.id, e.user_id, 'On stage ' || n, 'flyer/v1', '{}', true from events e, generate_series(1, 2) n where e.id = ${eventId}`);
}
