import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkInApi,
  eventsApi,
  goingApi,
  pathOf,
  readTicketCode,
  ticketCode,
  ticketPayload,
  type CheckInCounts,
  type CheckInScan,
  type CheckInScanResults,
  type Door,
  type HubEvent,
  type MyTickets,
} from '@hubbub/contract';
import fs from 'node:fs/promises';
import path from 'node:path';
import { coHostsApi, projectDocumentApi, type CoHosts } from '@hubbub/contract';
import { createTicketSigner } from '../src/lib/ticket-signer.js';
import { build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { expectDetailedProblem, expectProblem } from './support/problem.js';
import { ownDatabase, type ScratchDatabase } from './support/scratch-database.js';

// Check-in (issue 30): signed tickets, the door's list and counts, first scan wins, undo.

const HOUR = 3_600_000;
const clock = Date.now();
const now = () => new Date(clock);

describe('check-in: tickets and the door', () => {
  let t: TestApp;
  let host: TestUser;
  let ana: TestUser;
  let ben: TestUser;
  let stranger: TestUser;
  let event: HubEvent;
  let other: HubEvent;

  async function eventOf(): Promise<HubEvent> {
    const start = clock + 2 * HOUR;
    const res = await call(t.app, 'POST', eventsApi.create.path, {
      jwt: host.jwt,
      body: {
        name: `Door ${randomUUID().slice(0, 8)}`,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 3 * HOUR).toISOString(),
        timeZone: 'America/Chicago',
        area: { latitude: 44.98, longitude: -93.27, city: 'Minneapolis', state: 'MN' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as HubEvent;
    const set = await call(t.app, 'PUT', pathOf(goingApi.settings, { id: created.id }), { jwt: host.jwt, body: { capacity: null, maxGuests: 2, offerHours: 24 } });
    expect(set.statusCode, set.body).toBe(200);
    return created;
  }

  async function go(user: TestUser, eventId: string, guests = 0) {
    const res = await call(t.app, 'PUT', pathOf(goingApi.get, { id: eventId }), { jwt: user.jwt, body: { guests } });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function tickets(user: TestUser, eventId: string): Promise<MyTickets['tickets']> {
    const res = await call(t.app, 'GET', pathOf(checkInApi.tickets, { id: eventId }), { jwt: user.jwt });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as MyTickets).tickets;
  }

  const scanCall = (eventId: string, scans: CheckInScan[], user = host) => call(t.app, 'POST', pathOf(checkInApi.scan, { id: eventId }), { jwt: user.jwt, body: { scans } });

  async function scan(eventId: string, scans: CheckInScan[]): Promise<CheckInScanResults> {
    const res = await scanCall(eventId, scans);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CheckInScanResults;
  }

  async function doorOf(eventId: string): Promise<Door> {
    const res = await call(t.app, 'GET', pathOf(checkInApi.door, { id: eventId }), { jwt: host.jwt });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Door;
  }

  let scratch: ScratchDatabase | undefined;

  beforeAll(async () => {
    // Its own database on PostgreSQL: it reads its outbox, which other files' notification workers would otherwise fill or empty.
    scratch = await ownDatabase('check-in');
    t = await build({ now, ...(scratch ? { database: scratch } : {}) });
    host = await signUp(t, { name: 'Hana Host' });
    await usePlan(t, host, 'Enterprise');
    [ana, ben, stranger] = await Promise.all([signUp(t, { name: 'Ana Arrives' }), signUp(t, { name: 'Ben Brings' }), signUp(t, { name: 'Sam Stranger' })]);
    event = await eventOf();
    other = await eventOf();
    await go(ana, event.id, 1);
    await go(ben, event.id);
    await go(ben, other.id);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  it('gives each seat held a signed ticket; nobody else gets one', async () => {
    const mine = await tickets(ana, event.id);
    expect(mine.map((k) => k.seat)).toEqual([0, 1]);
    for (const ticket of mine) expect(readTicketCode(ticket.code)).toMatchObject({ eventId: event.id, goingId: ticket.goingId, seat: ticket.seat });
    expect(await tickets(stranger, event.id)).toEqual([]);
    expectDetailedProblem(await call(t.app, 'GET', pathOf(checkInApi.tickets, { id: randomUUID() }), { jwt: ana.jwt }), 404, 'not_found');
  });

  it('shows the host every seat and the counts; the door is the host\'s alone', async () => {
    const door = await doorOf(event.id);
    expect(door.seats.map((s) => [s.name, s.seat, s.checkedIn])).toEqual([
      ['Ana Arrives', 0, null],
      ['Ana Arrives', 1, null],
      ['Ben Brings', 0, null],
    ]);
    expect(door.counts).toEqual({ going: 3, checkedIn: 0 });
    expect(door.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectDetailedProblem(await call(t.app, 'GET', pathOf(checkInApi.door, { id: event.id }), { jwt: ana.jwt }), 403, 'not_owner');
    expectDetailedProblem(await scanCall(event.id, [{ code: (await tickets(ana, event.id))[0]!.code, device: 'Sneaky' }], ana), 403, 'not_owner');
    expectProblem(await call(t.app, 'GET', pathOf(checkInApi.door, { id: event.id })), 401);
  });

  it('checks a ticket in once; a second scan says who and when; undo makes it good again', async () => {
    const [seat0] = await tickets(ana, event.id);
    const first = await scan(event.id, [{ code: seat0!.code, device: 'Door A' }]);
    expect(first.results[0]).toMatchObject({ outcome: 'checked-in', seat: { name: 'Ana Arrives', seat: 0, checkedIn: { by: 'Hana Host', device: 'Door A', at: now().toISOString() } } });
    expect(first.counts).toEqual({ going: 3, checkedIn: 1 });

    const again = await scan(event.id, [{ code: seat0!.code, device: 'Door B' }]);
    expect(again.results[0]).toMatchObject({ outcome: 'already', seat: { checkedIn: { by: 'Hana Host', device: 'Door A' } } });
    expect(again.counts.checkedIn).toBe(1);
    expect((await tickets(ana, event.id))[0]!.checkedInAt).toBe(now().toISOString());

    const undo = await call(t.app, 'POST', pathOf(checkInApi.undo, { id: event.id }), { jwt: host.jwt, body: { goingId: seat0!.goingId, seat: 0 } });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json() as CheckInCounts).toEqual({ going: 3, checkedIn: 0 });
    expectDetailedProblem(await call(t.app, 'POST', pathOf(checkInApi.undo, { id: event.id }), { jwt: host.jwt, body: { goingId: seat0!.goingId, seat: 0 } }), 404, 'not_found');
    expect((await scan(event.id, [{ code: seat0!.code, device: 'Door B' }])).results[0]!.outcome).toBe('checked-in');
  });

  it('refuses a ticket of another event, an altered code, a code signed with another key and text that is no code', async () => {
    const [bens] = await tickets(ben, other.id);
    const read = readTicketCode(bens!.code)!;
    const altered = ticketCode(ticketPayload({ ...read, eventId: event.id }), read.signature);
    const otherKey = createTicketSigner('another server secret, another server secret');
    const payload = ticketPayload({ eventId: event.id, goingId: (await tickets(ben, event.id))[0]!.goingId, seat: 0 });
    const foreign = ticketCode(payload, otherKey.sign(t.app.ctx.tenants.get('hubbub')!, payload));
    const { results, counts } = await scan(event.id, [
      { code: bens!.code, device: 'Door A' },
      { code: altered, device: 'Door A' },
      { code: foreign, device: 'Door A' },
      { code: 'https://example.com/ticket', device: 'Door A' },
    ]);
    expect(results).toEqual([
      { outcome: 'other-event', seat: null },
      { outcome: 'forged', seat: null },
      { outcome: 'forged', seat: null },
      { outcome: 'forged', seat: null },
    ]);
    expect(counts.checkedIn).toBe(1);
  });

  it('checks in from the list by seat; a seat given back is not going any more', async () => {
    const [bens] = await tickets(ben, event.id);
    const picked = await scan(event.id, [{ goingId: bens!.goingId, seat: 0, device: 'Door A' }]);
    expect(picked.results[0]).toMatchObject({ outcome: 'checked-in', seat: { name: 'Ben Brings' } });
    expect(picked.counts).toEqual({ going: 3, checkedIn: 2 });
    // A guest seat Ana never had.
    expect((await scan(event.id, [{ goingId: bens!.goingId, seat: 2, device: 'Door A' }])).results[0]!.outcome).toBe('not-going');

    // Let in at the door, he stays on the list until the door undoes it.
    expectDetailedProblem(await call(t.app, 'DELETE', pathOf(goingApi.leave, { id: event.id }), { jwt: ben.jwt }), 409, 'conflict');
    expect((await call(t.app, 'POST', pathOf(checkInApi.undo, { id: event.id }), { jwt: host.jwt, body: { goingId: bens!.goingId, seat: 0 } })).statusCode).toBe(200);
    const left = await call(t.app, 'DELETE', pathOf(goingApi.leave, { id: event.id }), { jwt: ben.jwt });
    expect(left.statusCode, left.body).toBe(200);
    const after = await scan(event.id, [{ code: bens!.code, device: 'Door A' }]);
    expect(after.results[0]!.outcome).toBe('not-going');
    expect(after.counts).toEqual({ going: 2, checkedIn: 1 });
    // A guest let in keeps their seat: fewer guests are refused while one is checked in.
    const [, anasGuest] = await tickets(ana, event.id);
    expect((await scan(event.id, [{ code: anasGuest!.code, device: 'Door A' }])).results[0]!.outcome).toBe('checked-in');
    const fewer = await call(t.app, 'PUT', pathOf(goingApi.get, { id: event.id }), { jwt: ana.jwt, body: { guests: 0 } });
    expectDetailedProblem(fewer, 409, 'conflict');
    expect(Object.keys(fewer.json().errors)).toEqual(['guests']);
    expect((await call(t.app, 'POST', pathOf(checkInApi.undo, { id: event.id }), { jwt: host.jwt, body: { goingId: anasGuest!.goingId, seat: 1 } })).statusCode).toBe(200);
    await go(ben, event.id);
  });

  it('keeps the earliest of two offline scans, whichever reaches the server first', async () => {
    const [, guest] = await tickets(ana, event.id);
    const later = new Date(clock - 60_000).toISOString();
    const earlier = new Date(clock - 120_000).toISOString();
    expect((await scan(event.id, [{ code: guest!.code, device: 'Door A', scannedAt: later }])).results[0]!.outcome).toBe('checked-in');
    const second = await scan(event.id, [{ code: guest!.code, device: 'Door B', scannedAt: earlier }]);
    expect(second.results[0]).toMatchObject({ outcome: 'checked-in', seat: { checkedIn: { device: 'Door B', at: earlier } } });
    const third = await scan(event.id, [{ code: guest!.code, device: 'Door A', scannedAt: later }]);
    expect(third.results[0]).toMatchObject({ outcome: 'already', seat: { checkedIn: { device: 'Door B', at: earlier } } });
    // Door B's queue sent again (its answer was lost on the way): its own scan, still the one kept.
    expect((await scan(event.id, [{ code: guest!.code, device: 'Door B', scannedAt: earlier }])).results[0]!.outcome).toBe('checked-in');
    // A time from the future is now; one from last week is a day ago.
    const [dana, eli] = await Promise.all([signUp(t, { name: 'Dana Early' }), signUp(t, { name: 'Eli Late' })]);
    await Promise.all([go(dana, event.id), go(eli, event.id)]);
    const [danas, elis] = [(await tickets(dana, event.id))[0]!, (await tickets(eli, event.id))[0]!];
    const clamped = await scan(event.id, [
      { code: danas.code, device: 'Door A', scannedAt: new Date(clock + HOUR).toISOString() },
      { code: elis.code, device: 'Door A', scannedAt: new Date(clock - 7 * 24 * HOUR).toISOString() },
    ]);
    expect(clamped.results.map((r) => r.seat!.checkedIn!.at)).toEqual([now().toISOString(), new Date(clock - 24 * HOUR).toISOString()]);
  });

  it('lets exactly one of twenty devices scanning the same ticket at once check it in', async () => {
    const fresh = await signUp(t, { name: 'Cleo Crowd' });
    await go(fresh, event.id);
    const [ticket] = await tickets(fresh, event.id);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => scan(event.id, [{ code: ticket!.code, device: `Door ${i}` }])));
    const outcomes = answers.map((a) => a.results[0]!.outcome);
    expect(outcomes.filter((o) => o === 'checked-in')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already')).toHaveLength(19);
    const winner = answers.find((a) => a.results[0]!.outcome === 'checked-in')!.results[0]!.seat!.checkedIn!.device;
    expect(new Set(answers.map((a) => a.results[0]!.seat!.checkedIn!.device))).toEqual(new Set([winner]));
  });

  it("shows check-ins in the host's list and its CSV", async () => {
    const res = await call(t.app, 'GET', pathOf(goingApi.people, { id: event.id }), { jwt: host.jwt });
    expect(res.statusCode, res.body).toBe(200);
    const people = (res.json() as { people: { name: string; guests: number; checkedIn: number }[] }).people;
    expect(people.find((p) => p.name === 'Ana Arrives')).toMatchObject({ guests: 1, checkedIn: 2 });
    expect(people.find((p) => p.name === 'Ben Brings')).toMatchObject({ checkedIn: 0 });
    const csv = await call(t.app, 'GET', pathOf(goingApi.export, { id: event.id }), { jwt: host.jwt });
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toContain(',Checked in');
    expect(lines.find((l) => l.startsWith('Ana Arrives,'))).toMatch(/,2$/);
  });

  it('messages only those with a seat not checked in yet, when the host asks', async () => {
    const res = await call(t.app, 'POST', pathOf(goingApi.message, { id: event.id }), { jwt: host.jwt, body: { message: 'Doors close in 10 minutes!', audience: 'not-checked-in' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recipients).toBe(1);
    await t.app.ctx.notifications.runNow();
    const mailed = (await fs.readdir(t.outboxDir)).filter((f) => f.includes('-going-message-'));
    expect(mailed.map((f) => f.replace(/^.*-going-message-/, '').replace(/\.eml$/, ''))).toEqual([ben.email]);
    const bad = await call(t.app, 'POST', pathOf(goingApi.message, { id: event.id }), { jwt: host.jwt, body: { message: 'Hi', audience: 'latecomers' } });
    expectDetailedProblem(bad, 400, 'validation');
    expect(Object.keys(bad.json().errors)).toEqual(['audience']);
  });

  it('refuses bad scans with a Problem naming the field, and stores nothing', async () => {
    const before = (await doorOf(event.id)).counts;
    const [seat0] = await tickets(ben, event.id);
    for (const [body, field] of [
      [{ scans: [] }, 'scans'],
      [{ scans: Array.from({ length: 501 }, () => ({ code: seat0!.code, device: 'Door A' })) }, 'scans'],
      [{ scans: [{ code: seat0!.code, goingId: seat0!.goingId, seat: 0, device: 'Door A' }] }, 'scans.0.code'],
      [{ scans: [{ device: 'Door A' }] }, 'scans.0.code'],
      [{ scans: [{ code: seat0!.code, device: '' }] }, 'scans.0.device'],
      [{ scans: [{ code: seat0!.code, device: 'Door A', scannedAt: 'yesterday' }] }, 'scans.0.scannedAt'],
      [{ scans: [{ code: 'x'.repeat(301), device: 'Door A' }] }, 'scans.0.code'],
      [{ scans: [{ goingId: 'not-an-id', seat: 0, device: 'Door A' }] }, 'scans.0.goingId'],
    ] as const) {
      const res = await call(t.app, 'POST', pathOf(checkInApi.scan, { id: event.id }), { jwt: host.jwt, body });
      expectDetailedProblem(res, 400, 'validation');
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body).slice(0, 200)).toContain(field);
    }
    expect((await doorOf(event.id)).counts).toEqual(before);
  });

  describe('door staff', () => {
    /** The newest co-host email to an address, and the link's secret in it. */
    async function staffLink(email: string): Promise<{ text: string; token: string } | undefined> {
      await t.app.ctx.notifications.runNow();
      const files = (await fs.readdir(t.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(`-co-host-${email}.eml`)).sort();
      if (!files.length) return undefined;
      const text = (await fs.readFile(path.join(t.outboxDir, files.at(-1)!), 'utf8')).replace(/=\r?\n/g, '');
      return { text, token: /\/co-host\/([A-Za-z0-9_-]+)/.exec(text)![1]! };
    }
    const invite = (body: unknown, user = host) => call(t.app, 'POST', pathOf(coHostsApi.invite, { id: event.id }), { jwt: user.jwt, body });
    const accept = (user: TestUser, token: string) => call(t.app, 'POST', pathOf(coHostsApi.accept, { id: event.id }), { jwt: user.jwt, body: { token } });

    it('a person named door staff by email opens their link, works the door, and nothing else; taken back, the door closes', async () => {
      const staff = await signUp(t, { name: 'Stef Staff' });
      const named = await invite({ email: staff.email.toUpperCase() });
      expect(named.statusCode, named.body).toBe(200);
      expect((named.json() as CoHosts).coHosts).toMatchObject([{ email: staff.email, role: 'check-in', name: null, acceptedAt: null }]);
      const mail = await staffLink(staff.email);
      expect(mail!.text).toContain('Hana Host asked you to check people in at the door of');
      // Mailed once, whatever the worker's rounds.
      await t.app.ctx.notifications.runNow();
      expect((await fs.readdir(t.outboxDir)).filter((f) => f.endsWith(`-co-host-${staff.email}.eml`))).toHaveLength(1);

      // Before opening the link they are nobody at the door.
      expectDetailedProblem(await call(t.app, 'GET', pathOf(checkInApi.door, { id: event.id }), { jwt: staff.jwt }), 403, 'not_owner');
      const opened = await accept(staff, mail!.token);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json()).toEqual({ eventId: event.id, role: 'check-in' });
      expect((await accept(staff, mail!.token)).statusCode).toBe(200);
      // The link is theirs now: someone else opening it gets nothing.
      expectDetailedProblem(await accept(stranger, mail!.token), 404, 'not_found');
      expectDetailedProblem(await accept(stranger, 'not-a-token'), 404, 'not_found');

      const door = await call(t.app, 'GET', pathOf(checkInApi.door, { id: event.id }), { jwt: staff.jwt });
      expect(door.statusCode, door.body).toBe(200);
      expect((door.json() as Door).viewer).toBe('check-in');
      const [danas] = (door.json() as Door).seats.filter((s) => s.name === 'Dana Early');
      const undone = await call(t.app, 'POST', pathOf(checkInApi.undo, { id: event.id }), { jwt: staff.jwt, body: { goingId: danas!.goingId, seat: 0 } });
      expect(undone.statusCode, undone.body).toBe(200);
      const scanned = await scanCall(event.id, [{ goingId: danas!.goingId, seat: 0, device: 'Staff phone' }], staff);
      expect(scanned.statusCode, scanned.body).toBe(200);
      expect((scanned.json() as CheckInScanResults).results[0]).toMatchObject({ outcome: 'checked-in', seat: { checkedIn: { by: 'Stef Staff', device: 'Staff phone' } } });

      // Every other host surface stays the host's.
      const id = event.id;
      for (const [method, url, body] of [
        ['POST', eventsApi.update.path, { id, name: 'Taken over', startDate: event.startDate, endDate: event.endDate, timeZone: event.timeZone, area: event.area }],
        ['DELETE', pathOf(eventsApi.delete, { id }), undefined],
        ['POST', pathOf(eventsApi.cancel, { id }), undefined],
        ['PUT', pathOf(goingApi.settings, { id }), { capacity: 1, maxGuests: 0, offerHours: 24 }],
        ['GET', pathOf(goingApi.people, { id }), undefined],
        ['GET', pathOf(goingApi.export, { id }), undefined],
        ['POST', pathOf(goingApi.message, { id }), { message: 'Hello from the door' }],
        ['GET', pathOf(goingApi.invitations, { id }), undefined],
        ['GET', pathOf(coHostsApi.list, { id }), undefined],
        ['POST', pathOf(coHostsApi.invite, { id }), { email: 'friend@example.test' }],
      ] as const) {
        const res = await call(t.app, method, url, { jwt: staff.jwt, body });
        expect([403, 404], `${method} ${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      }
      expect((await doorOf(event.id)).name).toBe(event.name);
      // The host's own documents of the event stay theirs: the door staff neither reads one nor sees it listed.
      const doc = await call(t.app, 'POST', projectDocumentApi.create.path, { jwt: host.jwt, body: { title: 'Door float and cash count', eventId: id } });
      expect(doc.statusCode, doc.body).toBe(200);
      expect([403, 404]).toContain((await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: doc.json().id }), { jwt: staff.jwt })).statusCode);
      const listed = await call(t.app, 'GET', pathOf(projectDocumentApi.ofEvent, { eventId: id }), { jwt: staff.jwt });
      expect(JSON.stringify(listed.json())).not.toContain(doc.json().id);

      // Taken back: the door closes at once, and the link no longer works.
      const coHostId = (named.json() as CoHosts).coHosts[0]!.id;
      const removed = await call(t.app, 'DELETE', pathOf(coHostsApi.remove, { id: event.id, coHostId }), { jwt: host.jwt });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((removed.json() as CoHosts).coHosts).toEqual([]);
      expectDetailedProblem(await call(t.app, 'GET', pathOf(checkInApi.door, { id: event.id }), { jwt: staff.jwt }), 403, 'not_owner');
      expectDetailedProblem(await scanCall(event.id, [{ goingId: danas!.goingId, seat: 0, device: 'Staff phone' }], staff), 403, 'not_owner');
      expectDetailedProblem(await accept(staff, mail!.token), 404, 'not_found');
      expectDetailedProblem(await call(t.app, 'DELETE', pathOf(coHostsApi.remove, { id: event.id, coHostId }), { jwt: host.jwt }), 404, 'not_found');
    });

    it("refuses a bad address, the host's own, and more than the limit, naming the field; nothing stored", async () => {
      for (const body of [{ email: 'not-an-address' }, { email: '' }, { email: 'ok@example.test', role: 'owner' }]) {
        const res = await invite(body);
        expectDetailedProblem(res, 400, 'validation');
        expect(Object.keys(res.json().errors)).toEqual([Object.keys(body).at(-1) === 'role' ? 'role' : 'email']);
      }
      const own = await invite({ email: host.email });
      expectDetailedProblem(own, 400, 'validation');
      expect(own.json().errors).toEqual({ email: ['You host this event already.'] });
      expectDetailedProblem(await invite({ email: 'x@example.test' }, ana), 403, 'not_owner');
      expect((await call(t.app, 'GET', pathOf(coHostsApi.list, { id: event.id }), { jwt: host.jwt })).json().coHosts).toEqual([]);

      for (let i = 0; i < 20; i++) expect((await invite({ email: `door-${i}@example.test` })).statusCode).toBe(200);
      expectDetailedProblem(await invite({ email: 'door-20@example.test' }), 409, 'conflict');
      // Naming one already named again keeps the count.
      expect((await invite({ email: 'door-3@example.test' })).statusCode).toBe(200);
      expect((await call(t.app, 'GET', pathOf(coHostsApi.list, { id: event.id }), { jwt: host.jwt })).json().coHosts).toHaveLength(20);
    });
  });
});
