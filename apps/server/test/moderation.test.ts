import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OVERVIEW_DAYS, moderationApi, pathOf, type AdminOverview, type AuditLog, type HubEvent, type ReportQueue, eventsApi } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { OTHER_TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ rateLimits: { reportAccount: 5 } });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

async function admin(tenant?: string): Promise<TestUser> {
  const user = await signUp(t, { tenant });
  await queryRows(t.app.ctx.db, sql`update users set roles = '{Admin}' where id = ${user.id}`);
  return user;
}

async function eventOf(user: TestUser, name = 'Night market'): Promise<HubEvent> {
  const start = Date.now() + 5 * HOUR;
  const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: user.jwt, body: { name, startDate: at(start), endDate: at(start + HOUR), timeZone: 'UTC', area: { latitude: 10, longitude: 10 } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HubEvent;
}

const report = (user: TestUser, body: Record<string, unknown>) => call(t.app, 'POST', moderationApi.report.path, { jwt: user.jwt, body });
const auditCount = async () => (await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from audit_log`))[0].n;

describe('reports', () => {
  it('takes one open report per reporter and target, for events, flyers and people the reporter can see', async () => {
    const host = await signUp(t);
    const fan = await signUp(t);
    const event = await eventOf(host);
    const res = await report(fan, { targetType: 'event', targetId: event.id, reason: 'scam', note: 'Asks for a deposit by wire.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ targetType: 'event', targetId: event.id, reason: 'scam' });
    expectProblem(await report(fan, { targetType: 'event', targetId: event.id, reason: 'spam' }), 409, { code: 'conflict' });
    expect((await report(fan, { targetType: 'user', targetId: host.id, reason: 'hate' })).statusCode).toBe(200);
  });

  it('refuses bad input, unseen targets, oneself and anonymous callers, storing nothing', async () => {
    const fan = await signUp(t);
    const stranger = await signUp(t, { tenant: OTHER_TENANT });
    const before = (await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from reports`))[0].n;
    expectProblem(await report(fan, { targetType: 'event', targetId: 'not-a-uuid', reason: 'spam' }), 400, { code: 'validation' });
    expectProblem(await report(fan, { targetType: 'planet', targetId: fan.id, reason: 'spam' }), 400, { code: 'validation' });
    expectProblem(await report(fan, { targetType: 'user', targetId: fan.id, reason: 'rude' }), 400, { code: 'validation' });
    expectProblem(await report(fan, { targetType: 'user', targetId: fan.id, reason: 'spam', note: 'x'.repeat(1001) }), 400, { code: 'validation' });
    expectProblem(await report(fan, { targetType: 'user', targetId: fan.id, reason: 'spam' }), 400, { code: 'validation' });
    expectProblem(await report(fan, { targetType: 'user', targetId: stranger.id, reason: 'spam' }), 404, { code: 'not_found' });
    expectProblem(await report(fan, { targetType: 'flyer', targetId: '00000000-0000-4000-8000-000000000000', reason: 'spam' }), 404, { code: 'not_found' });
    expectProblem(await call(t.app, 'POST', moderationApi.report.path, { body: { targetType: 'user', targetId: fan.id, reason: 'spam' } }), 401);
    const after = (await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from reports`))[0].n;
    expect(after).toBe(before);
  });

  it('is rate-limited per account', async () => {
    const fan = await signUp(t);
    const targets = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
    const codes: number[] = [];
    for (const target of targets) codes.push((await report(fan, { targetType: 'user', targetId: target.id, reason: 'spam' })).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]).toBe(429);
  });
});

describe('the admin API', () => {
  const ADMIN_CALLS = [
    ['GET', moderationApi.reports.path, undefined],
    ['POST', pathOf(moderationApi.reportDismiss, { targetType: 'user', targetId: '00000000-0000-4000-8000-000000000000' }), { reason: 'Looked at it' }],
    ['GET', moderationApi.audit.path, undefined],
    ['GET', moderationApi.overview.path, undefined],
  ] as const;

  it.each(ADMIN_CALLS)('%s %s: anonymous 401, a non-admin 403, an admin of another tenant sees nothing of this one', async (method, url, body) => {
    expectProblem(await call(t.app, method, url, { body }), 401);
    const person = await signUp(t);
    expectProblem(await call(t.app, method, url, { jwt: person.jwt, body }), 403, { code: 'admin_required' });
    const otherAdmin = await admin(OTHER_TENANT);
    // Their token is not valid here, and in their own tenant they see their own tenant only.
    expectProblem(await call(t.app, method, url, { jwt: otherAdmin.jwt, body }), 401);
    const own = await call(t.app, method, url, { jwt: otherAdmin.jwt, body, tenant: OTHER_TENANT });
    expect([200, 404]).toContain(own.statusCode);
  });

  it('checks the role in the database, not the token: a removed admin is refused at once', async () => {
    const boss = await admin();
    // The token was issued before the role was granted, and the role is removed again: both follow the database.
    expect((await call(t.app, 'GET', moderationApi.reports.path, { jwt: boss.jwt })).statusCode).toBe(200);
    await queryRows(t.app.ctx.db, sql`update users set roles = '{}' where id = ${boss.id}`);
    expectProblem(await call(t.app, 'GET', moderationApi.reports.path, { jwt: boss.jwt }), 403, { code: 'admin_required' });
  });

  it('groups open reports by target; dismissing closes them and is in the audit log, which has no way to change it', async () => {
    const boss = await admin();
    const host = await signUp(t);
    const event = await eventOf(host, `Suspicious raffle ${Date.now()}`);
    const [a, b] = [await signUp(t), await signUp(t)];
    await report(a, { targetType: 'event', targetId: event.id, reason: 'scam', note: 'Fake prizes' });
    await report(b, { targetType: 'event', targetId: event.id, reason: 'scam' });
    const queue = (await call(t.app, 'GET', moderationApi.reports.path, { jwt: boss.jwt })).json() as ReportQueue;
    const group = queue.groups.find((g) => g.targetId === event.id)!;
    expect(group).toMatchObject({ targetType: 'event', targetName: event.name, eventId: event.id, reporters: 2, reasons: [{ reason: 'scam', count: 2 }], notes: ['Fake prizes'] });

    const audits = await auditCount();
    expectProblem(await call(t.app, 'POST', pathOf(moderationApi.reportDismiss, { targetType: 'event', targetId: event.id }), { jwt: boss.jwt, body: { reason: '' } }), 400, { code: 'validation' });
    expect(await auditCount()).toBe(audits);
    const dismissed = await call(t.app, 'POST', pathOf(moderationApi.reportDismiss, { targetType: 'event', targetId: event.id }), { jwt: boss.jwt, body: { reason: 'A real raffle, checked with the host' } });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expectProblem(await call(t.app, 'POST', pathOf(moderationApi.reportDismiss, { targetType: 'event', targetId: event.id }), { jwt: boss.jwt, body: { reason: 'Again' } }), 404);
    const after = (await call(t.app, 'GET', moderationApi.reports.path, { jwt: boss.jwt })).json() as ReportQueue;
    expect(after.groups.find((g) => g.targetId === event.id)).toBeUndefined();

    const log = (await call(t.app, 'GET', `${moderationApi.audit.path}?targetId=${event.id}`, { jwt: boss.jwt })).json() as AuditLog;
    expect(log.entries).toEqual([
      expect.objectContaining({ actorId: boss.id, actorName: boss.name, action: 'reports.dismiss', targetType: 'event', targetId: event.id, reason: 'A real raffle, checked with the host', before: { openReports: 2 }, after: { openReports: 0 } }),
    ]);
    // Append-only, even for the database's own users.
    const refusal = (query: Promise<unknown>) => query.then(() => 'changed', (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`);
    expect(await refusal(queryRows(t.app.ctx.db, sql`delete from audit_log where target_id = ${event.id}`))).toMatch(/append-only/);
    expect(await refusal(queryRows(t.app.ctx.db, sql`update audit_log set reason = 'edited' where target_id = ${event.id}`))).toMatch(/append-only/);
    // A reporter may report again once their report is closed.
    expect((await report(a, { targetType: 'event', targetId: event.id, reason: 'spam' })).statusCode).toBe(200);
  });

  it("gives the overview: counts now and 30 days of sign-ups and events created", async () => {
    const boss = await admin();
    const host = await signUp(t);
    await eventOf(host, 'Counted fair');
    const res = await call(t.app, 'GET', moderationApi.overview.path, { jwt: boss.jwt });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json() as AdminOverview;
    const [people] = await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from users where tenant_id = ${t.app.ctx.tenants.get('hubbub')!}`);
    expect(o.people).toBe(people.n);
    expect(o.events).toBeGreaterThanOrEqual(1);
    expect(o.days).toHaveLength(OVERVIEW_DAYS);
    const today = new Date().toISOString().slice(0, 10);
    expect(o.days.at(-1)).toMatchObject({ day: today });
    expect(o.days.at(-1)!.signUps).toBeGreaterThanOrEqual(2);
    expect(o.days.at(-1)!.eventsCreated).toBeGreaterThanOrEqual(1);
    expect(o.days.reduce((n, d) => n + d.signUps, 0)).toBe(people.n);
  });
});
