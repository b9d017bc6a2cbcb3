import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountDataApi, calendarsApi, eventLinksApi, eventsApi, goingApi, homeApi, pathOf, type AccountExport, type Calendar, type Home, type GoingPeople, type GoingSummary, type HubEvent } from '@hubbub/contract';
import { build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { createScratchDatabase, ownDatabase, type ScratchDatabase } from './support/scratch-database.js';
import { expectDetailedProblem } from './support/problem.js';

// Going (issue 28): seats, a waitlist that promotes itself, guests, the host's list and its CSV.

const HOUR = 3_600_000;
let clock = Date.now();
const now = () => new Date(clock);

const at = (id: string) => pathOf(goingApi.get, { id });
const peoplePath = (id: string, query = '') => `${pathOf(goingApi.people, { id })}${query}`;

async function eventOf(t: TestApp, host: TestUser): Promise<HubEvent> {
  const start = clock + 3 * 24 * HOUR;
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: host.jwt,
    body: {
      name: `Seated ${randomUUID().slice(0, 8)}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * HOUR).toISOString(),
      timeZone: 'America/Chicago',
      area: { latitude: 44.98, longitude: -93.27, city: 'Minneapolis', state: 'MN' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HubEvent;
}

async function settings(t: TestApp, host: TestUser, eventId: string, body: Record<string, unknown>): Promise<GoingSummary> {
  const res = await call(t.app, 'PUT', pathOf(goingApi.settings, { id: eventId }), { jwt: host.jwt, body: { capacity: null, maxGuests: 0, offerHours: 24, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GoingSummary;
}

async function say(t: TestApp, user: TestUser, eventId: string, guests = 0): Promise<GoingSummary> {
  const res = await call(t.app, 'PUT', at(eventId), { jwt: user.jwt, body: { guests } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GoingSummary;
}

async function summary(t: TestApp, user: TestUser | null, eventId: string): Promise<GoingSummary> {
  const res = await call(t.app, 'GET', at(eventId), { jwt: user?.jwt });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GoingSummary;
}

/** The host's whole list, every page. */
async function everyone(t: TestApp, host: TestUser, eventId: string): Promise<GoingPeople['people']> {
  const all: GoingPeople['people'] = [];
  for (let page = 1; ; page++) {
    const res = await call(t.app, 'GET', peoplePath(eventId, `?pageNumber=${page}`), { jwt: host.jwt });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as GoingPeople;
    all.push(...body.people);
    if (all.length >= body.totalCount || !body.people.length) return all;
  }
}

/** Emails of one purpose to one address in an app's outbox (quoted-printable undone). */
async function mailsTo(t: TestApp, email: string, purpose: string): Promise<string[]> {
  const files = (await fs.readdir(t.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${purpose}-${email}.eml`));
  return Promise.all(
    files.map(async (f) =>
      (await fs.readFile(path.join(t.outboxDir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})((?:=[0-9A-F]{2})*)/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8')),
    ),
  );
}
const seatMails = (t: TestApp, email: string) => mailsTo(t, email, 'seat-offered');

/** People signed up a few at a time (each is a registration, a verification and a login). */
async function crowd(t: TestApp, n: number): Promise<TestUser[]> {
  const people: TestUser[] = [];
  while (people.length < n) people.push(...(await Promise.all(Array.from({ length: Math.min(25, n - people.length) }, () => signUp(t)))));
  return people;
}

/** Checks the invariants of one event's seats: never over capacity, places in line 1..n with no gaps. */
function expectSound(list: GoingPeople['people'], capacity: number) {
  const seated = list.filter((p) => p.state !== 'waitlisted');
  expect(seated.reduce((n, p) => n + 1 + p.guests, 0)).toBeLessThanOrEqual(capacity);
  const places = list.filter((p) => p.state === 'waitlisted').map((p) => p.place);
  expect([...places].sort((a, b) => a! - b!)).toEqual(places.map((_, i) => i + 1));
}

const run = (t: TestApp) => t.app.ctx.notifications.runNow();

describe('going: seats, waitlist, guests', () => {
  let t: TestApp;
  let host: TestUser;
  let people: TestUser[];
  let scratch: ScratchDatabase | undefined;
  beforeAll(async () => {
    scratch = await ownDatabase('going');
    t = await build({ now, notifications: { pollMs: 3_600_000 }, ...(scratch ? { database: scratch } : {}) });
    host = await signUp(t, { name: 'Hana Host' });
    await usePlan(t, host, 'Enterprise');
    people = await crowd(t, 500);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  it('500 people saying Going at once for 100 seats: exactly 100 seats, 400 in line at places 1 to 400; a freed seat goes to the first in line once, by email', async () => {
    const event = await eventOf(t, host);
    await settings(t, host, event.id, { capacity: 100 });
    const answers = await Promise.all(people.map((p) => call(t.app, 'PUT', at(event.id), { jwt: p.jwt, body: {} })));
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const mine = answers.map((r) => (r.json() as GoingSummary).mine!);
    expect(mine.filter((m) => m.state === 'going')).toHaveLength(100);
    expect(mine.filter((m) => m.state === 'waitlisted')).toHaveLength(400);

    const list = await everyone(t, host, event.id);
    expect(list).toHaveLength(500);
    expectSound(list, 100);
    const s = await summary(t, null, event.id);
    expect(s).toMatchObject({ going: 100, seatsTaken: 100, waitlisted: 400, mine: null });
    // Confirmed seats are the spec's Attendee links.
    const ev = (await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }), { jwt: host.jwt })).json() as HubEvent;
    expect(ev.linkCounts.Attendee).toBe(100);

    // Two seats freed at once: the first two in line are offered one each, exactly once.
    const byId = new Map(people.map((p) => [p.id, p]));
    const line = list.filter((p) => p.state === 'waitlisted').sort((a, b) => a.place! - b.place!);
    const seated = list.filter((p) => p.state === 'going');
    await Promise.all(seated.slice(0, 2).map((p) => call(t.app, 'DELETE', at(event.id), { jwt: byId.get(p.userId)!.jwt })));
    const first = byId.get(line[0].userId)!;
    const second = byId.get(line[1].userId)!;
    const third = byId.get(line[2].userId)!;
    expect((await summary(t, first, event.id)).mine).toMatchObject({ state: 'offered', place: null });
    expect((await summary(t, second, event.id)).mine).toMatchObject({ state: 'offered' });
    expect((await summary(t, third, event.id)).mine).toMatchObject({ state: 'waitlisted', place: 1 });
    expectSound(await everyone(t, host, event.id), 100);

    await Promise.all([run(t), run(t)]);
    await run(t);
    const mails = await seatMails(t, first.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`/event/${event.id}`);
    expect(await seatMails(t, second.email)).toHaveLength(1);
    expect(await seatMails(t, third.email)).toHaveLength(0);

    // The first confirms and becomes an attendee; the second's offer lapses and passes to the third.
    const confirmed = await call(t.app, 'POST', pathOf(goingApi.confirm, { id: event.id }), { jwt: first.jwt });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as GoingSummary).mine).toMatchObject({ state: 'going' });
    clock += 25 * HOUR;
    try {
      await run(t);
      await run(t);
      expect((await summary(t, second, event.id)).mine).toBeNull();
      expect((await summary(t, third, event.id)).mine).toMatchObject({ state: 'offered' });
      expect(await seatMails(t, third.email)).toHaveLength(1);
      expectDetailedProblem(await call(t.app, 'POST', pathOf(goingApi.confirm, { id: event.id }), { jwt: second.jwt }), 409, 'no_seat_offered');
    } finally {
      clock -= 25 * HOUR;
    }
    expectSound(await everyone(t, host, event.id), 100);
  }, 120_000);

  it('raising the capacity offers the new seats to the line in order; lowering it takes no seat from anyone', async () => {
    const event = await eventOf(t, host);
    await settings(t, host, event.id, { capacity: 2 });
    const five = people.slice(0, 5);
    for (const p of five) await say(t, p, event.id);
    expect((await summary(t, null, event.id)).waitlisted).toBe(3);
    const raised = await settings(t, host, event.id, { capacity: 4 });
    expect(raised).toMatchObject({ seatsTaken: 4, waitlisted: 1 });
    expect((await summary(t, five[2], event.id)).mine?.state).toBe('offered');
    expect((await summary(t, five[3], event.id)).mine?.state).toBe('offered');
    expect((await summary(t, five[4], event.id)).mine).toMatchObject({ state: 'waitlisted', place: 1 });
    const lowered = await settings(t, host, event.id, { capacity: 1 });
    expect(lowered).toMatchObject({ seatsTaken: 4, waitlisted: 1 });
    // No limit: the line is offered seats at once.
    expect(await settings(t, host, event.id, { capacity: null })).toMatchObject({ seatsTaken: 5, waitlisted: 0 });
  });

  it('guests: within the host\'s limit, taking seats; over it a 400 naming guests and nothing stored', async () => {
    const event = await eventOf(t, host);
    const [a, b, c] = people.slice(10, 13);
    let res = await call(t.app, 'PUT', at(event.id), { jwt: a.jwt, body: { guests: 1 } });
    expectDetailedProblem(res, 400, 'validation');
    expect(res.json().errors.guests[0]).toMatch(/does not allow guests/);
    await settings(t, host, event.id, { capacity: 4, maxGuests: 2 });
    res = await call(t.app, 'PUT', at(event.id), { jwt: a.jwt, body: { guests: 3 } });
    expectDetailedProblem(res, 400, 'validation');
    expect(res.json().errors.guests[0]).toMatch(/at most 2 guests/);
    res = await call(t.app, 'PUT', at(event.id), { jwt: a.jwt, body: { guests: 11 } });
    expectDetailedProblem(res, 400, 'validation');
    res = await call(t.app, 'PUT', at(event.id), { jwt: a.jwt, body: { guests: 'two' } });
    expectDetailedProblem(res, 400, 'validation');
    expect((await summary(t, a, event.id)).mine).toBeNull();

    expect((await say(t, a, event.id, 2)).mine).toMatchObject({ state: 'going', guests: 2 });
    // A party of three does not fit in the one seat left: the line.
    expect((await say(t, b, event.id, 2)).mine).toMatchObject({ state: 'waitlisted', place: 1 });
    // Nobody jumps the line, even one who would fit.
    expect((await say(t, c, event.id)).mine).toMatchObject({ state: 'waitlisted', place: 2 });
    // Saying it again changes nothing.
    expect((await say(t, a, event.id, 2)).mine).toMatchObject({ state: 'going', guests: 2 });
    await call(t.app, 'DELETE', at(event.id), { jwt: c.jwt });
    await call(t.app, 'DELETE', at(event.id), { jwt: b.jwt });
    expect((await say(t, b, event.id)).mine).toMatchObject({ state: 'going', guests: 0 });
    // More guests than the seats left: refused, and nothing changes.
    res = await call(t.app, 'PUT', at(event.id), { jwt: b.jwt, body: { guests: 2 } });
    expectDetailedProblem(res, 409, 'conflict');
    expect(res.json().errors.guests).toBeDefined();
    expect((await summary(t, b, event.id)).mine).toMatchObject({ guests: 0 });
    expect((await summary(t, null, event.id)).seatsTaken).toBe(4);
  });

  it('bad settings are refused naming the field; only the host sets them or reads the list', async () => {
    const event = await eventOf(t, host);
    const path = pathOf(goingApi.settings, { id: event.id });
    for (const [body, field] of [
      [{ capacity: 0, maxGuests: 0, offerHours: 24 }, 'capacity'],
      [{ capacity: 1.5, maxGuests: 0, offerHours: 24 }, 'capacity'],
      [{ capacity: 10, maxGuests: 11, offerHours: 24 }, 'maxGuests'],
      [{ capacity: 10, maxGuests: 0, offerHours: 0 }, 'offerHours'],
      [{ capacity: 10, maxGuests: 0, offerHours: 169 }, 'offerHours'],
    ] as const) {
      const res = await call(t.app, 'PUT', path, { jwt: host.jwt, body });
      expectDetailedProblem(res, 400, 'validation');
      expect(Object.keys(res.json().errors).join(), JSON.stringify(body)).toContain(field);
    }
    expect((await summary(t, null, event.id)).settings).toEqual({ capacity: null, maxGuests: 0, offerHours: 24, approval: false, questions: [] });
    const stranger = people[20];
    expectDetailedProblem(await call(t.app, 'PUT', path, { jwt: stranger.jwt, body: { capacity: 1, maxGuests: 0, offerHours: 1 } }), 403, 'not_owner');
    expectDetailedProblem(await call(t.app, 'GET', peoplePath(event.id), { jwt: stranger.jwt }), 403, 'not_owner');
    expectDetailedProblem(await call(t.app, 'GET', pathOf(goingApi.export, { id: event.id }), { jwt: stranger.jwt }), 403, 'not_owner');
    expectDetailedProblem(await call(t.app, 'PUT', at(randomUUID()), { jwt: stranger.jwt, body: {} }), 404, 'not_found');
    expectDetailedProblem(await call(t.app, 'PUT', at(event.id), { body: {} }), 401, 'unauthenticated');
  });

  it("the spec's Attendee link takes a seat, is refused on a full event, and removing it frees the seat", async () => {
    const event = await eventOf(t, host);
    await settings(t, host, event.id, { capacity: 1 });
    const [a, b] = people.slice(30, 32);
    const link = await call(t.app, 'POST', eventLinksApi.create.path, { jwt: a.jwt, body: { eventId: event.id, type: 'Attendee' } });
    expect(link.statusCode, link.body).toBe(200);
    expect((await summary(t, a, event.id)).mine).toMatchObject({ state: 'going' });
    expectDetailedProblem(await call(t.app, 'POST', eventLinksApi.create.path, { jwt: b.jwt, body: { eventId: event.id, type: 'Attendee' } }), 409, 'event_full');
    expect((await summary(t, b, event.id)).mine).toBeNull();
    await say(t, b, event.id);
    expect((await call(t.app, 'DELETE', pathOf(eventLinksApi.delete, { id: link.json().id }), { jwt: a.jwt })).statusCode).toBe(200);
    expect((await summary(t, a, event.id)).mine).toBeNull();
    expect((await summary(t, b, event.id)).mine?.state).toBe('offered');
  });

  it('the host\'s list: search, states, and a CSV a spreadsheet cannot run', async () => {
    const event = await eventOf(t, host);
    await settings(t, host, event.id, { capacity: 1 });
    const sly = await signUp(t, { name: '=HYPERLINK("http://evil.example","x")' });
    await say(t, people[40], event.id);
    await say(t, sly, event.id);
    const waiting = (await call(t.app, 'GET', peoplePath(event.id, '?state=waitlisted'), { jwt: host.jwt })).json() as GoingPeople;
    expect(waiting.people.map((p) => [p.userId, p.place])).toEqual([[sly.id, 1]]);
    const found = (await call(t.app, 'GET', peoplePath(event.id, `?q=${encodeURIComponent(people[40].email)}`), { jwt: host.jwt })).json() as GoingPeople;
    expect(found.people.map((p) => p.userId)).toEqual([people[40].id]);
    expectDetailedProblem(await call(t.app, 'GET', peoplePath(event.id, '?state=maybe'), { jwt: host.jwt }), 400, 'validation');

    const csv = await call(t.app, 'GET', pathOf(goingApi.export, { id: event.id }), { jwt: host.jwt });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Name,Email,State,Guests,Place in line,Offer open until (UTC),Since (UTC),Checked in');
    expect(lines[1]).toContain(`${people[40].email},Going,0`);
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil.example"",""x""\)",/);
    expect(lines[2]).toContain(',Waitlisted,0,1,');
  });

  it('questions: required ones answered, each of its kind, none unknown; a clear 400 naming the answer and nothing stored', async () => {
    const event = await eventOf(t, host);
    const [diet, size, car] = [randomUUID(), randomUUID(), randomUUID()];
    const questions = [
      { id: diet, kind: 'text', label: 'Anything we should know about your diet?', required: false },
      { id: size, kind: 'choice', label: 'T-shirt size', required: true, choices: ['S', 'M', 'L'] },
      { id: car, kind: 'yesno', label: 'Coming by car?', required: true },
    ];
    const saved = await settings(t, host, event.id, { questions });
    expect(saved.settings.questions).toEqual(questions.map((q) => ({ choices: [], ...q })));
    const [a] = people.slice(60, 61);
    const bad: [Record<string, unknown>, string, RegExp][] = [
      [{ [car]: true }, `answers.${size}`, /T-shirt size” needs an answer/],
      [{ [size]: 'XL', [car]: true }, `answers.${size}`, /one of its choices/],
      [{ [size]: 'M', [car]: 'yes' }, `answers.${car}`, /yes or no/],
      [{ [size]: 'M', [car]: true, [diet]: 'x'.repeat(501) }, `answers.${diet}`, /at most 500/],
      [{ [size]: 'M', [car]: true, [randomUUID()]: 'hello' }, 'answers.', /no such question/],
    ];
    for (const [answers, field, message] of bad) {
      const res = await call(t.app, 'PUT', at(event.id), { jwt: a.jwt, body: { answers } });
      expectDetailedProblem(res, 400, 'validation');
      const errors = res.json().errors as Record<string, string[]>;
      const key = Object.keys(errors).find((k) => k.startsWith(field))!;
      expect(key, JSON.stringify(errors)).toBeDefined();
      expect(errors[key].join(' ')).toMatch(message);
    }
    expect((await summary(t, a, event.id)).mine).toBeNull();
    const ok = await call(t.app, 'PUT', at(event.id), { jwt: a.jwt, body: { answers: { [size]: 'M', [car]: false, [diet]: '  vegetarian  ' } } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as GoingSummary).mine).toMatchObject({ state: 'going', answers: { [size]: 'M', [car]: false, [diet]: 'vegetarian' } });
    // The person's data export has it.
    const mine = (await call(t.app, 'GET', accountDataApi.export.path, { jwt: a.jwt })).json() as AccountExport;
    expect(mine.going).toContainEqual(expect.objectContaining({ eventId: event.id, state: 'going', answers: { [size]: 'M', [car]: false, [diet]: 'vegetarian' } }));
    const csv = (await call(t.app, 'GET', pathOf(goingApi.export, { id: event.id }), { jwt: host.jwt })).body.split('\r\n');
    expect(csv[0]).toBe('Name,Email,State,Guests,Place in line,Offer open until (UTC),Since (UTC),Checked in,Anything we should know about your diet?,T-shirt size,Coming by car?');
    expect(csv[1]).toMatch(/,vegetarian,M,No$/);
    // Bad questions are refused naming the field.
    for (const bogus of [
      [{ id: diet, kind: 'choice', label: 'Pick', choices: ['only one'] }],
      [{ id: diet, kind: 'text', label: '' }],
      [{ id: diet, kind: 'text', label: 'A' }, { id: diet, kind: 'text', label: 'B' }],
      Array.from({ length: 11 }, () => ({ id: randomUUID(), kind: 'text', label: 'Q' })),
    ]) {
      const res = await call(t.app, 'PUT', pathOf(goingApi.settings, { id: event.id }), { jwt: host.jwt, body: { capacity: null, maxGuests: 0, offerHours: 24, questions: bogus } });
      expectDetailedProblem(res, 400, 'validation');
      expect(Object.keys(res.json().errors).join()).toMatch(/^questions/);
    }
  });

  it('approval: requests wait, the host approves (a seat, or the line when full) or declines with a message; the link call is refused', async () => {
    const event = await eventOf(t, host);
    await settings(t, host, event.id, { capacity: 1, approval: true });
    const [a, b, c] = people.slice(70, 73);
    expect((await say(t, a, event.id)).mine).toMatchObject({ state: 'pending' });
    expect((await say(t, b, event.id)).mine).toMatchObject({ state: 'pending' });
    expect((await say(t, c, event.id)).mine).toMatchObject({ state: 'pending' });
    expect(await summary(t, null, event.id)).toMatchObject({ going: 0, seatsTaken: 0, pending: 3 });
    expectDetailedProblem(await call(t.app, 'POST', eventLinksApi.create.path, { jwt: people[73].jwt, body: { eventId: event.id, type: 'Attendee' } }), 409, 'approval_required');
    const decide = (who: TestUser, body: Record<string, unknown>, as = host) => call(t.app, 'PUT', pathOf(goingApi.decide, { id: event.id, userId: who.id }), { jwt: as.jwt, body });
    expectDetailedProblem(await decide(a, { decision: 'approve' }, b), 403, 'not_owner');
    expectDetailedProblem(await decide(a, { decision: 'maybe' }), 400, 'validation');
    expectDetailedProblem(await decide(people[74], { decision: 'approve' }), 404, 'not_found');
    expect((await decide(a, { decision: 'approve' })).statusCode).toBe(200);
    expect((await summary(t, a, event.id)).mine?.state).toBe('going');
    expectDetailedProblem(await decide(a, { decision: 'approve' }), 409, 'conflict');
    // Full: the next approved joins the line.
    await decide(b, { decision: 'approve' });
    expect((await summary(t, b, event.id)).mine).toMatchObject({ state: 'waitlisted', place: 1 });
    const declined = await decide(c, { decision: 'decline', message: 'Sorry, members only this time.' });
    expect(declined.statusCode).toBe(200);
    expect((await summary(t, c, event.id)).mine).toMatchObject({ state: 'declined', declineMessage: 'Sorry, members only this time.' });
    expectDetailedProblem(await call(t.app, 'PUT', at(event.id), { jwt: c.jwt, body: {} }), 409, 'conflict');
    // Leaving keeps a decline; a's leaving offers b the seat.
    await call(t.app, 'DELETE', at(event.id), { jwt: c.jwt });
    expect((await summary(t, c, event.id)).mine?.state).toBe('declined');
    await call(t.app, 'DELETE', at(event.id), { jwt: a.jwt });
    expect((await summary(t, b, event.id)).mine?.state).toBe('offered');
    const pending = (await call(t.app, 'GET', peoplePath(event.id, '?state=declined'), { jwt: host.jwt })).json() as GoingPeople;
    expect(pending.people.map((p) => [p.userId, p.declineMessage])).toEqual([[c.id, 'Sorry, members only this time.']]);

    // Each decision is mailed once, saying where the person stands now (b's approval into the line became a seat offer, mailed as such).
    await run(t);
    await run(t);
    const [toA, toB, toC] = await Promise.all([a, b, c].map((p) => mailsTo(t, p.email, 'going-decision')));
    expect(toA).toHaveLength(0); // a left since: nothing to say.
    expect(toB).toHaveLength(0);
    expect(toC).toHaveLength(1);
    expect(toC[0]).toContain(`Your request for ${event.name} was declined`);
    expect(toC[0]).toContain('They wrote: “Sorry, members only this time.”');
    const [d] = people.slice(75, 76);
    await say(t, d, event.id);
    await settings(t, host, event.id, { capacity: 5, approval: true });
    await decide(d, { decision: 'approve' });
    await run(t);
    const toD = await mailsTo(t, d.email, 'going-decision');
    expect(toD).toHaveLength(1);
    expect(toD[0]).toContain(`The host approved your request: you are going to ${event.name}`);
  });

  it('a calendar of the events I am going to holds my seats, not my places in line', async () => {
    const seated = await eventOf(t, host);
    const full = await eventOf(t, host);
    await settings(t, host, full.id, { capacity: 1 });
    const [me, other] = people.slice(80, 82);
    await say(t, other, full.id);
    await say(t, me, seated.id);
    expect((await say(t, me, full.id)).mine?.state).toBe('waitlisted');
    const created = await call(t.app, 'POST', calendarsApi.create.path, { jwt: me.jwt, body: { name: 'Going', kind: 'going', alert: 'off' } });
    expect(created.statusCode, created.body).toBe(200);
    const feedPath = new URL((created.json() as Calendar).feedUrl).pathname;
    let feed = (await t.app.inject({ method: 'GET', url: feedPath })).body;
    expect(feed).toContain(seated.name);
    expect(feed).not.toContain(full.name);
    // The seat comes: the feed has it.
    await call(t.app, 'DELETE', at(full.id), { jwt: other.jwt });
    await call(t.app, 'POST', pathOf(goingApi.confirm, { id: full.id }), { jwt: me.jwt });
    feed = (await t.app.inject({ method: 'GET', url: feedPath })).body;
    expect(feed).toContain(full.name);
  });

  it('the home page shows where the person stands: going, a seat offered, their place in line', async () => {
    const event = await eventOf(t, host);
    await settings(t, host, event.id, { capacity: 1 });
    const [a, b, c] = people.slice(100, 103);
    for (const p of [a, b, c]) await say(t, p, event.id);
    const home = async (who: TestUser) =>
      ((await call(t.app, 'GET', `${homeApi.get.path}?timeZone=America%2FChicago`, { jwt: who.jwt })).json() as Home).next.find((e) => e.id === event.id);
    expect(await home(a)).toMatchObject({ relation: 'attendee', waitlistPlace: null });
    expect(await home(c)).toMatchObject({ relation: 'waitlisted', waitlistPlace: 2 });
    await call(t.app, 'DELETE', at(event.id), { jwt: a.jwt });
    expect(await home(b)).toMatchObject({ relation: 'offered' });
    expect(await home(c)).toMatchObject({ relation: 'waitlisted', waitlistPlace: 1 });
    expect(await home(a)).toBeUndefined();
  });

  it('the host writes to everyone going (not the line), a few times a day; others cannot', async () => {
    const event = await eventOf(t, host);
    await settings(t, host, event.id, { capacity: 2 });
    const [a, b, c] = people.slice(90, 93);
    for (const p of [a, b, c]) await say(t, p, event.id);
    const messagePath = pathOf(goingApi.message, { id: event.id });
    expectDetailedProblem(await call(t.app, 'POST', messagePath, { jwt: host.jwt, body: { message: '   ' } }), 400, 'validation');
    expectDetailedProblem(await call(t.app, 'POST', messagePath, { jwt: host.jwt, body: { message: 'x'.repeat(2001) } }), 400, 'validation');
    expectDetailedProblem(await call(t.app, 'POST', messagePath, { jwt: a.jwt, body: { message: 'Hi all' } }), 403, 'not_owner');
    const sent = await call(t.app, 'POST', messagePath, { jwt: host.jwt, body: { message: 'Doors open at 7.\nBring a <b>torch</b>.' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ recipients: 2, fediverse: 0, leftToday: 2 });
    await run(t);
    await run(t);
    const mailsTo = async (email: string) => {
      const files = (await fs.readdir(t.outboxDir)).filter((f) => f.endsWith(`-going-message-${email}.eml`));
      return Promise.all(files.map(async (f) => (await fs.readFile(path.join(t.outboxDir, f), 'utf8')).replace(/=\r?\n/g, '')));
    };
    const toA = await mailsTo(a.email);
    expect(toA).toHaveLength(1);
    expect(toA[0]).toContain('Bring a <b>torch</b>.');
    expect(await mailsTo(b.email)).toHaveLength(1);
    expect(await mailsTo(c.email)).toHaveLength(0);
    expect(await mailsTo(host.email)).toHaveLength(0);
    for (const n of [1, 0]) expect((await call(t.app, 'POST', messagePath, { jwt: host.jwt, body: { message: `Update ${n}` } })).json().leftToday).toBe(n);
    const limited = await call(t.app, 'POST', messagePath, { jwt: host.jwt, body: { message: 'One more' } });
    expectDetailedProblem(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(80_000);
  });

  it('a canceled or ended event takes nobody', async () => {
    const event = await eventOf(t, host);
    expect((await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: event.id }), { jwt: host.jwt })).statusCode).toBe(200);
    expectDetailedProblem(await call(t.app, 'PUT', at(event.id), { jwt: people[50].jwt, body: {} }), 409, 'conflict');
  });
});

describe.skipIf(!inject('databaseUrl'))('going on two instances sharing one PostgreSQL database', () => {
  it('200 Going calls split over two instances for 50 seats: exactly 50; seats freed on both promote each person once, mailed once', async () => {
    const scratch = await createScratchDatabase('going-pair', { server: inject('databaseUrl') });
    try {
      const a = await build({ database: scratch, now, notifications: { pollMs: 3_600_000 } });
      const b = await build({ database: scratch, now, notifications: { pollMs: 3_600_000 } });
      try {
        const host = await signUp(a);
        await usePlan(a, host, 'Enterprise');
        const people = await crowd(a, 200);
        const event = await eventOf(a, host);
        await settings(a, host, event.id, { capacity: 50 });
        const answers = await Promise.all(people.map((p, i) => call((i % 2 ? a : b).app, 'PUT', at(event.id), { jwt: p.jwt, body: {} })));
        expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
        let list = await everyone(b, host, event.id);
        expect(list.filter((p) => p.state === 'going')).toHaveLength(50);
        expectSound(list, 50);

        // One leaves on a, the host raises the capacity by two on b, at the same moment: three offers, to the first three in line.
        const byId = new Map(people.map((p) => [p.id, p]));
        const line = list.filter((p) => p.state === 'waitlisted').sort((x, y) => x.place! - y.place!);
        const leaver = byId.get(list.find((p) => p.state === 'going')!.userId)!;
        await Promise.all([
          call(a.app, 'DELETE', at(event.id), { jwt: leaver.jwt }),
          call(b.app, 'PUT', pathOf(goingApi.settings, { id: event.id }), { jwt: host.jwt, body: { capacity: 52, maxGuests: 0, offerHours: 24 } }),
        ]);
        list = await everyone(a, host, event.id);
        expect(list.filter((p) => p.state === 'offered').map((p) => p.userId).sort()).toEqual(line.slice(0, 3).map((p) => p.userId).sort());
        expectSound(list, 52);
        await Promise.all([run(a), run(b), run(a), run(b)]);
        for (const p of line.slice(0, 3)) {
          const email = byId.get(p.userId)!.email;
          expect([...(await seatMails(a, email)), ...(await seatMails(b, email))]).toHaveLength(1);
        }
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await scratch.drop();
    }
  }, 180_000);
});
