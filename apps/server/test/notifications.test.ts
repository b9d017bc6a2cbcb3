import fs from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createECDH, randomBytes } from 'node:crypto';
// @ts-expect-error http_ece (web-push's encryption) ships no types
import ece from 'http_ece';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { calendarsApi, notificationsApi, pathOf, type Calendar, type HubEvent, type NotificationSettings, eventsApi, eventLinksApi } from '@hubbub/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { OTHER_TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { createScratchDatabase, ownDatabase, type ScratchDatabase } from './support/scratch-database.js';
import { expectProblem } from './support/problem.js';

// Alerts and reminders (issue 15): digests of new events in a calendar, reminders before followed
// events, cancellation notices, each sent once, with a one-click unsubscribe that needs no sign-in.

const DAY = 86_400_000;
const HOUR = 3_600_000;
let clock = Date.now();
const now = () => new Date(clock);

interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
  unsubscribe: string;
}

/** The outbox's messages of one kind to one address, decoded (quoted-printable, folded headers). */
async function mails(t: TestApp, purpose: string, to: string): Promise<Mail[]> {
  const files = (await fs.readdir(t.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${purpose}-${to}.eml`)).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(t.outboxDir, file), 'utf8');
      const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
      const text = raw.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
      const subject = (/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '').replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_m, q: string) =>
        q.replace(/_/g, ' ').replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8')),
      );
      const unsubscribe = /^List-Unsubscribe: <([^>]+)>/m.exec(unfolded)?.[1] ?? '';
      return { file, to, subject, text, unsubscribe };
    }),
  );
}

async function eventOf(t: TestApp, user: TestUser, over: Record<string, unknown> = {}): Promise<HubEvent> {
  const start = clock + 5 * DAY;
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    body: {
      name: `Notified ${randomUUID().slice(0, 8)}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * HOUR).toISOString(),
      timeZone: 'America/Chicago',
      area: { latitude: 44.98, longitude: -93.27, city: 'Minneapolis', state: 'MN' },
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HubEvent;
}

async function calendarOf(t: TestApp, user: TestUser, body: Record<string, unknown>): Promise<Calendar> {
  const res = await call(t.app, 'POST', calendarsApi.create.path, { jwt: user.jwt, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Calendar;
}

const run = (t: TestApp) => t.app.ctx.notifications!.runNow();

describe('alerts and reminders', () => {
  let t: TestApp;
  let scratch: ScratchDatabase | undefined;
  beforeAll(async () => {
    scratch = await ownDatabase('notifications');
    t = await build({ now, notifications: { pollMs: 3_600_000 }, ...(scratch ? { database: scratch } : {}) });
  });
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  it('settings: reminders off by default, every calendar listed with its alert; bad input refused', async () => {
    const me = await signUp(t);
    const calendar = await calendarOf(t, me, { name: 'Following', kind: 'following', alert: 'weekly' });
    expect(calendar.alert).toBe('weekly');
    const settings = (await call(t.app, 'GET', notificationsApi.settings.path, { jwt: me.jwt })).json() as NotificationSettings;
    expect(settings).toEqual({ reminder: 'off', calendars: [{ id: calendar.id, name: 'Following', alert: 'weekly' }], pushDevices: 0 });
    const changed = await call(t.app, 'POST', notificationsApi.updateSettings.path, { jwt: me.jwt, body: { reminder: '1d' } });
    expect((changed.json() as NotificationSettings).reminder).toBe('1d');
    expectProblem(await call(t.app, 'POST', notificationsApi.updateSettings.path, { jwt: me.jwt, body: { reminder: '2h' } }), 400, { code: 'validation' });
    expectProblem(await call(t.app, 'POST', calendarsApi.update.path, { jwt: me.jwt, body: { id: calendar.id, alert: 'hourly' } }), 400, { code: 'validation' });
    expectProblem(await call(t.app, 'GET', notificationsApi.settings.path), 401);
  });

  it('a daily digest lists the events new in the calendar, once: not those from before, not twice', async () => {
    const host = await signUp(t);
    await usePlan(t, host, 'Pro');
    const me = await signUp(t);
    const word = `klezmer${randomUUID().slice(0, 6)}`;
    const before = await eventOf(t, host, { name: `Old ${word}` });
    // The calendar's alerts start now: the clock meets the database's, which stamped the old event.
    await new Promise((r) => setTimeout(r, 5));
    clock = Date.now();
    const calendar = await calendarOf(t, me, { name: 'Klezmer', kind: 'search', query: { searchText: word, days: 30 }, alert: 'daily' });
    const fresh = await eventOf(t, host, { name: `New ${word}` });
    await eventOf(t, host, { name: `Canceled ${word}`, status: 3 });

    await run(t);
    expect(await mails(t, 'digest', me.email)).toHaveLength(0);
    clock += DAY + HOUR;
    await run(t);
    await run(t);
    const [digest, ...others] = await mails(t, 'digest', me.email);
    expect(others).toHaveLength(0);
    expect(digest.subject).toContain('1 new event in');
    expect(digest.text).toContain(fresh.name);
    // Read wherever the mail is opened, signed in or not: the public page.
    expect(digest.text).toContain(`/e/${fresh.slug}`);
    expect(digest.text).not.toContain(before.name);
    expect(digest.text).not.toContain(`Canceled ${word}`);
    expect(digest.unsubscribe).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    // A day later with nothing new: no email. Then a new event: only it.
    clock += DAY;
    await run(t);
    expect(await mails(t, 'digest', me.email)).toHaveLength(1);
    const later = await eventOf(t, host, { name: `Later ${word}` });
    clock += DAY;
    await run(t);
    const digests = await mails(t, 'digest', me.email);
    expect(digests).toHaveLength(2);
    expect(digests[1].text).toContain(later.name);
    expect(digests[1].text).not.toContain(fresh.name);

    // One click, no sign-in, no tenant header: that calendar's alerts stop.
    const oneClick = await t.app.inject({ method: 'POST', url: new URL(digests[1].unsubscribe).pathname, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json().message).toContain('Klezmer');
    const settings = (await call(t.app, 'GET', notificationsApi.settings.path, { jwt: me.jwt })).json() as NotificationSettings;
    expect(settings.calendars.find((c) => c.id === calendar.id)?.alert).toBe('off');
    await eventOf(t, host, { name: `After ${word}` });
    clock += DAY;
    await run(t);
    expect(await mails(t, 'digest', me.email)).toHaveLength(2);
  });

  it('reminders before followed events start, a notice instead when one is canceled; each once', async () => {
    const host = await signUp(t);
    await usePlan(t, host, 'Pro');
    const me = await signUp(t);
    const soon = await eventOf(t, host, { startDate: new Date(clock + 12 * HOUR).toISOString(), endDate: new Date(clock + 14 * HOUR).toISOString() });
    const far = await eventOf(t, host, { startDate: new Date(clock + 3 * DAY).toISOString(), endDate: new Date(clock + 3 * DAY + HOUR).toISOString() });
    const doomed = await eventOf(t, host);
    for (const event of [soon, far, doomed]) expect((await call(t.app, 'POST', eventLinksApi.create.path, { jwt: me.jwt, body: { eventId: event.id, type: 'Follow' } })).statusCode).toBe(200);
    await run(t);
    expect(await mails(t, 'reminder', me.email)).toHaveLength(0);

    await call(t.app, 'POST', notificationsApi.updateSettings.path, { jwt: me.jwt, body: { reminder: '1d' } });
    await run(t);
    await run(t);
    const reminders = await mails(t, 'reminder', me.email);
    expect(reminders).toHaveLength(1);
    expect(reminders[0].text).toContain(soon.name);
    expect(reminders[0].subject).toContain('tomorrow');

    const cancel = await call(t.app, 'POST', eventsApi.update.path, {
      jwt: host.jwt,
      body: { id: doomed.id, name: doomed.name, startDate: doomed.startDate, endDate: doomed.endDate, timeZone: doomed.timeZone, area: doomed.area, status: 3 },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await run(t);
    await run(t);
    const notices = await mails(t, 'canceled', me.email);
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe(`Canceled: ${doomed.name}`);

    // The page's unsubscribe (the same signed link) turns reminders off; a tampered or malformed link is refused.
    const token = new URL(reminders[0].unsubscribe).pathname.split('/').pop()!;
    const [body, mac] = token.split('.');
    expectProblem(await t.app.inject({ method: 'POST', url: pathOf(notificationsApi.unsubscribe, { token: `${body}.${mac.slice(0, -2)}AA` }) }), 400, { code: 'code_invalid' });
    expectProblem(await t.app.inject({ method: 'POST', url: pathOf(notificationsApi.unsubscribe, { token: 'nonsense' }) }), 400, { code: 'validation' });
    expect((await t.app.inject({ method: 'POST', url: pathOf(notificationsApi.unsubscribe, { token }) })).statusCode).toBe(200);
    expect(((await call(t.app, 'GET', notificationsApi.settings.path, { jwt: me.jwt })).json() as NotificationSettings).reminder).toBe('off');
    clock += 2 * DAY;
    await run(t);
    expect(await mails(t, 'reminder', me.email)).toHaveLength(1);
  });
});

describe('web push', () => {
  let t: TestApp;
  let scratch: ScratchDatabase | undefined;
  let server: https.Server;
  let trusted: unknown;
  let port: number;
  const received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
  /** Which endpoints answer 410 Gone (a subscription the push service forgot). */
  const gone = new Set<string>();
  beforeAll(async () => {
    // A push service of our own over https (web push is https only), its certificate trusted by this process.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'push-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    const cert = await fs.readFile(path.join(dir, 'cert.pem'));
    trusted = https.globalAgent.options.ca;
    https.globalAgent.options.ca = cert;
    server = https.createServer({ key: await fs.readFile(path.join(dir, 'key.pem')), cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(gone.has(req.url ?? '') ? 410 : 201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    scratch = await ownDatabase('push');
    t = await build({ now, notifications: { pollMs: 3_600_000 }, env: { PUSH_SERVICE_HOSTS: '127.0.0.1' }, ...(scratch ? { database: scratch } : {}) });
  });
  afterAll(async () => {
    await t.close();
    await scratch?.drop();
    await new Promise((resolve) => server.close(resolve));
    https.globalAgent.options.ca = trusted as typeof https.globalAgent.options.ca;
  });

  /** A browser's subscription: its own key pair and auth secret, as PushManager makes them. */
  function browserSubscription(name: string) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `https://127.0.0.1:${port}/push/${name}`;
    return { ecdh, auth, json: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
  }

  it('a reminder reaches the browser as an encrypted push the browser can read, signed with the server’s key', async () => {
    const host = await signUp(t);
    await usePlan(t, host, 'Pro');
    const me = await signUp(t);
    const key = (await call(t.app, 'GET', notificationsApi.pushKey.path)).json().publicKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const browser = browserSubscription(`me-${randomUUID()}`);
    const stale = browserSubscription(`stale-${randomUUID()}`);
    gone.add(new URL(stale.json.endpoint).pathname);
    expectProblem(await call(t.app, 'POST', notificationsApi.pushSubscribe.path, { jwt: me.jwt, body: { ...browser.json, endpoint: 'https://evil.example/push/1' } }), 400, { code: 'validation' });
    expectProblem(await call(t.app, 'POST', notificationsApi.pushSubscribe.path, { jwt: me.jwt, body: { ...browser.json, endpoint: browser.json.endpoint.replace('https:', 'http:') } }), 400, { code: 'validation' });
    expectProblem(await call(t.app, 'POST', notificationsApi.pushSubscribe.path, { jwt: me.jwt, body: { endpoint: browser.json.endpoint, keys: { p256dh: 'short', auth: 'x' } } }), 400, { code: 'validation' });
    expectProblem(await call(t.app, 'POST', notificationsApi.pushSubscribe.path, { body: browser.json }), 401);
    for (const sub of [browser, stale]) expect((await call(t.app, 'POST', notificationsApi.pushSubscribe.path, { jwt: me.jwt, body: sub.json })).statusCode).toBe(200);
    expect(((await call(t.app, 'GET', notificationsApi.settings.path, { jwt: me.jwt })).json() as NotificationSettings).pushDevices).toBe(2);

    await call(t.app, 'POST', notificationsApi.updateSettings.path, { jwt: me.jwt, body: { reminder: '1h' } });
    const event = await eventOf(t, host, { startDate: new Date(clock + 30 * 60_000).toISOString(), endDate: new Date(clock + 90 * 60_000).toISOString() });
    await call(t.app, 'POST', eventLinksApi.create.path, { jwt: me.jwt, body: { eventId: event.id, type: 'Attendee' } });
    await run(t);

    const push = received.find((r) => r.path === new URL(browser.json.endpoint).pathname)!;
    expect(push).toBeDefined();
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${key}$`));
    const payload = JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }).toString('utf8'));
    expect(payload).toMatchObject({ title: `Starting within the hour: ${event.name}`, url: expect.stringContaining(`/event/${event.id}`) });
    // The push service forgot the stale one (410): it is gone, the other stays.
    expect(((await call(t.app, 'GET', notificationsApi.settings.path, { jwt: me.jwt })).json() as NotificationSettings).pushDevices).toBe(1);
    expect((await call(t.app, 'DELETE', notificationsApi.pushUnsubscribe.path, { jwt: me.jwt, body: { endpoint: browser.json.endpoint } })).json().pushDevices).toBe(0);
  });

  it('issue 22 finding 8: a push endpoint stays with whoever registered it; only the same browser (the same keys) moves it', async () => {
    const [me, intruder, outsider, next] = [await signUp(t), await signUp(t), await signUp(t, { tenant: OTHER_TENANT }), await signUp(t)];
    const tenantOf = (user: TestUser) => (user === outsider ? OTHER_TENANT : undefined);
    const subscribe = (user: TestUser, body: unknown) => call(t.app, 'POST', notificationsApi.pushSubscribe.path, { jwt: user.jwt, tenant: tenantOf(user), body });
    const devices = async (user: TestUser) =>
      ((await call(t.app, 'GET', notificationsApi.settings.path, { jwt: user.jwt, tenant: tenantOf(user) })).json() as NotificationSettings).pushDevices;
    const holder = async (endpoint: string) => (await queryRows<{ userId: string; p256dh: string }>(t.app.ctx.db, sql`select user_id as "userId", p256dh from push_subscriptions where endpoint = ${endpoint}`))[0];
    const browser = browserSubscription(`mine-${randomUUID()}`);
    expect((await subscribe(me, browser.json)).statusCode).toBe(200);

    // Knowing the endpoint is not enough: someone else's keys leave it where it is, in this tenant or another.
    const theirs = browserSubscription('unused').json.keys;
    expectProblem(await subscribe(intruder, { endpoint: browser.json.endpoint, keys: theirs }), 409, { code: 'conflict' });
    expectProblem(await subscribe(outsider, { endpoint: browser.json.endpoint, keys: theirs }), 409, { code: 'conflict' });
    expect(await holder(browser.json.endpoint)).toEqual({ userId: me.id, p256dh: browser.json.keys.p256dh });
    expect([await devices(me), await devices(intruder), await devices(outsider)]).toEqual([1, 0, 0]);

    // The same browser, someone else signed in: it sends the subscription it holds, keys and all, and it moves.
    expect((await subscribe(next, browser.json)).statusCode).toBe(200);
    expect([await devices(me), await devices(next)]).toEqual([0, 1]);
    // Its holder may renew the keys of their own endpoint; the old keys then prove nothing.
    const renewed = browserSubscription('renewed').json.keys;
    expect((await subscribe(next, { endpoint: browser.json.endpoint, keys: renewed })).statusCode).toBe(200);
    expect(await holder(browser.json.endpoint)).toEqual({ userId: next.id, p256dh: renewed.p256dh });
    expectProblem(await subscribe(me, browser.json), 409, { code: 'conflict' });
    expect(await devices(next)).toBe(1);
  });
});

describe('sent exactly once across a restart', () => {
  it('a second app on the same database sends nothing the first one sent', async () => {
    const scratch = await createScratchDatabase('notifications-restart', { server: inject('databaseUrl') || undefined });
    try {
      const first = await build({ database: scratch, now, notifications: { pollMs: 3_600_000 } });
      const host = await signUp(first);
      const me = await signUp(first);
      await usePlan(first, host, 'Pro');
      await call(first.app, 'POST', notificationsApi.updateSettings.path, { jwt: me.jwt, body: { reminder: '1d' } });
      const events = await Promise.all([1, 2, 3].map(() => eventOf(first, host, { startDate: new Date(clock + 6 * HOUR).toISOString(), endDate: new Date(clock + 8 * HOUR).toISOString() })));
      for (const event of events) await call(first.app, 'POST', eventLinksApi.create.path, { jwt: me.jwt, body: { eventId: event.id, type: 'Attendee' } });
      await run(first);
      const sentFirst = await mails(first, 'reminder', me.email);
      expect(sentFirst).toHaveLength(3);
      await first.close();

      const second = await build({ database: scratch, now, notifications: { pollMs: 3_600_000 } });
      try {
        await run(second);
        expect(await mails(second, 'reminder', me.email)).toHaveLength(0);
      } finally {
        await second.close();
      }
    } finally {
      await scratch.drop();
    }
  });

  it.skipIf(!inject('databaseUrl'))('two instances on one PostgreSQL database send each message once between them', async () => {
    const scratch = await createScratchDatabase('notifications-pair', { server: inject('databaseUrl') });
    try {
      const a = await build({ database: scratch, now, notifications: { pollMs: 3_600_000, batch: 2 } });
      const b = await build({ database: scratch, now, notifications: { pollMs: 3_600_000, batch: 2 } });
      try {
        const host = await signUp(a);
        await usePlan(a, host, 'Enterprise');
        const people = await Promise.all([1, 2, 3, 4].map(() => signUp(a)));
        const events = await Promise.all([1, 2, 3].map(() => eventOf(a, host, { startDate: new Date(clock + 2 * HOUR).toISOString(), endDate: new Date(clock + 3 * HOUR).toISOString() })));
        for (const person of people) {
          await call(a.app, 'POST', notificationsApi.updateSettings.path, { jwt: person.jwt, body: { reminder: '1d' } });
          for (const event of events) await call(a.app, 'POST', eventLinksApi.create.path, { jwt: person.jwt, body: { eventId: event.id, type: 'Follow' } });
        }
        await Promise.all([run(a), run(b), run(a), run(b)]);
        for (const person of people) {
          const both = [...(await mails(a, 'reminder', person.email)), ...(await mails(b, 'reminder', person.email))];
          expect(both.map((m) => events.find((e) => m.text.includes(e.name))?.id).sort()).toEqual(events.map((e) => e.id).sort());
        }
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await scratch.drop();
    }
  });
});
