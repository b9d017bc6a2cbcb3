import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eventsApi, type HubEvent } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { findSessionView } from '../src/modules/events/service.js';
import { findSessionViews } from '../src/modules/event-sessions/repository.js';
import { build, TENANT, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';

// The hub reads the event for a crowd of viewers at once (findSessionViews); each viewer must get
// exactly what events' findSessionView answers them alone: who may see it, their role, the block.

const HOUR = 3_600_000;
const start = Math.ceil(Date.now() / HOUR) * HOUR + 4 * 24 * HOUR;

let t: TestApp;
let host: TestUser;
let people: Record<'coHost' | 'door' | 'invitedById' | 'invitedByEmail' | 'stranger' | 'blocked', TestUser>;
let tenantId: string;

async function createEvent(): Promise<HubEvent> {
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: host.jwt,
    body: { name: `Views ${randomUUID().slice(0, 8)}`, startDate: new Date(start).toISOString(), endDate: new Date(start + HOUR).toISOString(), timeZone: 'UTC', area: { latitude: -32, longitude: -146 } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await build();
  tenantId = t.app.ctx.tenants.get(TENANT)!;
  host = await signUp(t);
  // An event per case.
  await usePlan(t, host, 'Enterprise');
  const [coHost, door, invitedById, invitedByEmail, stranger, blocked] = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
  people = { coHost, door, invitedById, invitedByEmail, stranger, blocked };
  await queryRows(t.app.ctx.db, sql`insert into user_blocks (tenant_id, blocker_id, blocked_id) values (${tenantId}, ${host.id}, ${blocked.id})`);
});
afterAll(() => t.close());

/** The event's co-host, door staff and invitations, straight in the database (their own suites test how they are made). */
async function withGuests(eventId: string): Promise<void> {
  const db = t.app.ctx.db;
  for (const [person, role] of [
    [people.coHost, 'co-host'],
    [people.door, 'door'],
  ] as const) {
    await queryRows(db, sql`insert into event_co_hosts (tenant_id, event_id, email, role, token, user_id, accepted_at)
      values (${tenantId}, ${eventId}, ${person.email}, ${role}, ${randomUUID()}, ${person.id}, now())`);
  }
  await queryRows(db, sql`insert into going_invitations (tenant_id, event_id, user_id) values (${tenantId}, ${eventId}, ${people.invitedById.id})`);
  await queryRows(db, sql`insert into going_invitations (tenant_id, event_id, email) values (${tenantId}, ${eventId}, ${people.invitedByEmail.email})`);
}

const cases: [string, string][] = [
  ['public', `visibility = 'public'`],
  ['unlisted', `visibility = 'unlisted'`],
  ['invite-only', `visibility = 'invite'`],
  ['not yet published', `publish_on = now() + interval '1 day'`],
  ['hidden by moderators', `hidden_at = now()`],
];

describe('a crowd\'s views of an event', () => {
  it.each(cases)('%s: each viewer gets what they would alone', async (label, change) => {
    const event = await createEvent();
    await withGuests(event.id);
    await queryRows(t.app.ctx.db, sql`update events set ${sql.raw(change)} where id = ${event.id}`);
    const viewers = [host, ...Object.values(people)].map((p) => p.id);
    // Someone with no account, and the same viewer twice, in the same read.
    viewers.push(randomUUID(), people.stranger.id);
    const now = t.app.ctx.now();
    const together = await findSessionViews(t.app.ctx.db, { tenantId, eventId: event.id, viewerIds: viewers, now });
    const tenant = { id: tenantId, key: TENANT };
    for (const viewerId of viewers) {
      const alone = await findSessionView({ ctx: t.app.ctx, tenant, eventId: event.id, viewerId });
      expect(together.get(viewerId), viewerId).toEqual(alone);
    }
    // The event is there at all for its host, whatever its state.
    expect(together.get(host.id)).toMatchObject({ ownerId: host.id, role: 'host', blocked: false });
    expect(together.get(people.coHost.id)).toMatchObject({ role: 'co-host' });
    if (label === 'public') {
      expect(together.get(people.blocked.id)).toMatchObject({ blocked: true, role: null });
      expect(together.get(people.door.id)).toMatchObject({ role: 'door' });
    }
    if (label === 'invite-only') {
      expect(together.get(people.stranger.id)).toBeUndefined();
      expect(together.get(people.invitedByEmail.id)).toBeDefined();
      expect(together.get(people.invitedById.id)).toBeDefined();
    }
  });

  it('answers nobody for an unknown event, another tenant\'s, or ids that are not ids', async () => {
    const event = await createEvent();
    const viewerIds = [host.id, 'not-a-uuid', "'); drop table events; --"];
    const now = t.app.ctx.now();
    expect((await findSessionViews(t.app.ctx.db, { tenantId, eventId: randomUUID(), viewerIds, now })).size).toBe(0);
    const other = t.app.ctx.tenants.get('other')!;
    expect((await findSessionViews(t.app.ctx.db, { tenantId: other, eventId: event.id, viewerIds, now })).size).toBe(0);
    const views = await findSessionViews(t.app.ctx.db, { tenantId, eventId: event.id, viewerIds, now });
    expect([...views.keys()]).toEqual([host.id]);
  });
});
