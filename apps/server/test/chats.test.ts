import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHAT_HISTORY_SIZE, toCamelCaseKeys, EventSchema, eventLinksApi, eventsApi, moderationApi, pathOf, usersApi, type ChatState, type HubEvent } from '@hubbub/contract';
import { insertMessage } from '../src/modules/chats/repository.js';
import { openReportGroups } from '../src/modules/moderation/repository.js';
import { build, TENANT, type ListeningTestApp, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { createHub, type TestHub } from './support/hub-client.js';
import { REDIS_URL, needsRedis } from './support/redis.js';

// The buzz's chat through the official SignalR client (issue 26): the room's rules, the host's tools,
// blocks both ways, reports, the history late joiners and Event.chats see, and hostile text.

const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 3 * 86_400_000;
/** A person's budget in this file (chatAccount); each test's people are fresh, so only the flood test reaches it. */
const BUDGET = 12;

const open: TestHub[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.connection.stop().catch(() => {})));
});

async function createEvent(t: TestApp, user: TestUser): Promise<HubEvent> {
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    body: {
      name: `Chatty night ${randomUUID().slice(0, 6)}`,
      startDate: new Date(T0).toISOString(),
      endDate: new Date(T0 + 3 * HOUR).toISOString(),
      timeZone: 'UTC',
      area: { latitude: -31 - Math.random(), longitude: -141 - Math.random() },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return EventSchema.parse(res.json());
}

async function watching(port: number, user: TestUser, eventId: string | null, skipNegotiation = false): Promise<TestHub> {
  const hub = createHub({ port, jwt: user.jwt, skipNegotiation });
  open.push(hub);
  await hub.connection.start();
  if (eventId) expect(await hub.connection.invoke('JoinEventSession', eventId)).toBe(true);
  return hub;
}

/** A hub call's result, camelCased as clients read it (PascalCase on the wire). */
const invoke = async <T>(hub: TestHub, method: string, ...args: unknown[]) => toCamelCaseKeys<T>(await hub.connection.invoke(method, ...args));
const send = (hub: TestHub, eventId: string, text: string) => invoke<{ id: string; text: string }>(hub, 'SendChatMessage', eventId, { Text: text });
const chatOf = (hub: TestHub, eventId: string) => invoke<ChatState>(hub, 'GetChat', eventId);
const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe('the buzz chat on one instance', () => {
  let t: ListeningTestApp;
  let host: TestUser;
  /** Shared by the tests (each in an event of its own); the flood and the blocks have people of their own. */
  let people: TestUser[];
  beforeAll(async () => {
    t = await build({ listen: true, hub: { watcherAnnounceMs: 20 }, rateLimits: { chatAccount: BUDGET } });
    [host, ...people] = await Promise.all(Array.from({ length: 7 }, () => signUp(t)));
    // One host for every test's event.
    await usePlan(t, host, 'Enterprise');
  });
  afterAll(() => t.close());

  /** A new event of the host's, the host and `who` (indexes into people) watching it. */
  async function room(who: number[] = [0, 1]) {
    const event = await createEvent(t, host);
    const hostHub = await watching(t.port, host, event.id);
    const hubs = await Promise.all(who.map((i) => watching(t.port, people[i], event.id)));
    return { host, event, people: who.map((i) => people[i]), hostHub, hubs };
  }

  it('a message reaches every watcher as plain text, and only watchers may write', async () => {
    const { event, people: [author], hostHub, hubs } = await room();
    const text = '<img src=x onerror=alert(1)> <b>Hi</b> see https://example.org/set?x=1&y=2';
    const sent = await send(hubs[0], event.id, text);
    expect(sent).toMatchObject({ eventId: event.id, userId: author.id, userName: author.name, text });
    for (const hub of [hostHub, ...hubs]) expect(await hub.next('ChatMessageSent', (p) => p.id === sent.id)).toMatchObject({ text });

    const notJoined = await watching(t.port, people[2], null);
    await expect(send(notJoined, event.id, 'hello')).rejects.toThrow(/HubException: chat_not_watching: /);
    await expect(notJoined.connection.invoke('GetChat', event.id)).rejects.toThrow(/chat_not_watching/);
  });

  it('refuses hostile text with a clear error and stores none of it', async () => {
    const { event, hubs } = await room([0]);
    const refusals: [string, RegExp][] = [
      ['x'.repeat(10_240), /HubException: validation: .*at most 500 characters/],
      ['bell \u0007 ring', /HubException: validation: .*control characters/],
      ['two\nlines', /HubException: validation: .*one line of text/],
      ['   ', /HubException: validation: .*Write a message/],
    ];
    for (const [text, error] of refusals) await expect(send(hubs[0], event.id, text)).rejects.toThrow(error);
    const state = await chatOf(hubs[0], event.id);
    expect(state.messages).toEqual([]);
  });

  it('limits a flood per person (chatAccount), with how long to wait', async () => {
    const { event, hubs } = await room([5]);
    const sends = await Promise.allSettled(Array.from({ length: BUDGET + 3 }, (_, i) => send(hubs[0], event.id, `flood ${i}`)));
    const refused = sends.filter((s) => s.status === 'rejected');
    expect(sends.filter((s) => s.status === 'fulfilled')).toHaveLength(BUDGET);
    expect(refused).toHaveLength(3);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/HubException: rate_limited: You are sending messages too fast\. Try again in \d+ seconds?\./);
  });

  it('slow mode: one message per interval for watchers, not for the host; only the host sets it', async () => {
    const { event, hostHub, hubs } = await room([0]);
    await expect(hubs[0].connection.invoke('UpdateChatSettings', event.id, { slowModeSeconds: 30, membersOnly: false })).rejects.toThrow(/HubException: not_owner: /);
    await expect(hostHub.connection.invoke('UpdateChatSettings', event.id, { slowModeSeconds: 7, membersOnly: false })).rejects.toThrow(/validation: .*slowModeSeconds is one of/);
    expect(await invoke(hostHub, 'UpdateChatSettings', event.id, { slowModeSeconds: 30, membersOnly: false })).toEqual({ eventId: event.id, slowModeSeconds: 30, membersOnly: false });
    expect(await hubs[0].next('ChatSettingsUpdated')).toEqual({ eventId: event.id, slowModeSeconds: 30, membersOnly: false });
    await send(hubs[0], event.id, 'first');
    await expect(send(hubs[0], event.id, 'second')).rejects.toThrow(/HubException: chat_slow_mode: Slow mode is on: one message every 30 seconds\. Wait \d+ seconds?\./);
    await send(hostHub, event.id, 'host one');
    await send(hostHub, event.id, 'host two');
  });

  it('members only: people who follow or attend the event (and its host) may write; the others read', async () => {
    const { host, event, people, hostHub, hubs } = await room([0]);
    await hostHub.connection.invoke('UpdateChatSettings', event.id, { slowModeSeconds: 0, membersOnly: true });
    expect(await chatOf(hubs[0], event.id)).toMatchObject({ isMember: false, settings: { membersOnly: true } });
    await expect(send(hubs[0], event.id, 'can I?')).rejects.toThrow(/HubException: chat_members_only: /);
    // A star is not membership; a follow is.
    await call(t.app, 'POST', eventLinksApi.create.path, { jwt: people[0].jwt, body: { eventId: event.id, type: 'Star' } });
    await expect(send(hubs[0], event.id, 'now?')).rejects.toThrow(/chat_members_only/);
    expect((await call(t.app, 'POST', eventLinksApi.create.path, { jwt: people[0].jwt, body: { eventId: event.id, type: 'Follow' } })).statusCode).toBe(200);
    await send(hubs[0], event.id, 'a member now');
    await send(hostHub, event.id, `the host ${host.name}`);
  });

  it('delete: the host removes any message, an author their own, nobody else', async () => {
    const { event, hostHub, hubs } = await room();
    const first = await send(hubs[0], event.id, 'regrettable');
    const second = await send(hubs[1], event.id, 'mine to take back');
    await expect(hubs[1].connection.invoke('DeleteChatMessage', event.id, first.id)).rejects.toThrow(/HubException: not_owner: /);
    await expect(hubs[1].connection.invoke('DeleteChatMessage', event.id, randomUUID())).rejects.toThrow(/HubException: not_found: /);
    await hostHub.connection.invoke('DeleteChatMessage', event.id, first.id);
    await hubs[1].connection.invoke('DeleteChatMessage', event.id, second.id);
    for (const hub of [hostHub, ...hubs]) {
      await hub.next('ChatMessageDeleted', (p) => p.id === first.id);
      await hub.next('ChatMessageDeleted', (p) => p.id === second.id);
    }
    expect((await chatOf(hubs[0], event.id)).messages).toEqual([]);
  });

  it('mute: the muted person is told, cannot write, keeps reading; the host sees who is muted and can unmute', async () => {
    const { event, people, hostHub, hubs } = await room();
    await expect(hubs[1].connection.invoke('MuteChatMember', event.id, { userId: people[0].id, muted: true })).rejects.toThrow(/not_owner/);
    await expect(hostHub.connection.invoke('MuteChatMember', event.id, { userId: randomUUID(), muted: true })).rejects.toThrow(/not_found/);
    await hostHub.connection.invoke('MuteChatMember', event.id, { userId: people[0].id, muted: true });
    expect(await hubs[0].next('ChatMemberMuted')).toEqual({ eventId: event.id, userId: people[0].id, muted: true });
    await expect(send(hubs[0], event.id, 'let me speak')).rejects.toThrow(/HubException: chat_muted: /);
    const said = await send(hubs[1], event.id, 'still heard');
    await hubs[0].next('ChatMessageSent', (p) => p.id === said.id);
    expect((await chatOf(hostHub, event.id)).mutedUserIds).toEqual([people[0].id]);
    expect(await chatOf(hubs[0], event.id)).toMatchObject({ muted: true, mutedUserIds: [] });
    await settle();
    // Nobody else hears who was muted.
    expect(hubs[1].received.ChatMemberMuted).toEqual([]);
    await hostHub.connection.invoke('MuteChatMember', event.id, { userId: people[0].id, muted: false });
    await send(hubs[0], event.id, 'thank you');
  });

  it('blocks: people who blocked each other neither see nor are seen, live, in the history and in Event.chats', async () => {
    const { event, people, hubs } = await room([3, 4, 2]);
    const [blocker, blocked, bystander] = people;
    expect((await call(t.app, 'POST', pathOf(usersApi.block, { id: blocked.id, flag: 1 }), { jwt: blocker.jwt })).statusCode).toBe(200);
    const fromBlocked = await send(hubs[1], event.id, 'from the blocked one');
    const fromBlocker = await send(hubs[0], event.id, 'from the blocker');
    await hubs[2].next('ChatMessageSent', (p) => p.id === fromBlocked.id);
    await hubs[2].next('ChatMessageSent', (p) => p.id === fromBlocker.id);
    await hubs[0].next('ChatMessageSent', (p) => p.id === fromBlocker.id);
    await hubs[1].next('ChatMessageSent', (p) => p.id === fromBlocked.id);
    await settle();
    expect(hubs[0].received.ChatMessageSent.map((p) => (p as { id: string }).id)).not.toContain(fromBlocked.id);
    expect(hubs[1].received.ChatMessageSent.map((p) => (p as { id: string }).id)).not.toContain(fromBlocker.id);
    const history = async (user: TestUser, hub: TestHub) => ({
      live: (await chatOf(hub, event.id)).messages.map((m) => m.text),
      event: EventSchema.parse((await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }), { jwt: user.jwt })).json()).chats.map((m) => m.text),
    });
    expect(await history(blocker, hubs[0])).toEqual({ live: ['from the blocker'], event: ['from the blocker'] });
    expect(await history(blocked, hubs[1])).toEqual({ live: ['from the blocked one'], event: ['from the blocked one'] });
    expect(await history(bystander, hubs[2])).toEqual({ live: ['from the blocked one', 'from the blocker'], event: ['from the blocked one', 'from the blocker'] });
    // The blocked person cannot report what they could not see.
    const report = await call(t.app, 'POST', moderationApi.report.path, { jwt: blocked.jwt, body: { targetType: 'chat', targetId: fromBlocker.id, reason: 'spam' } });
    expect(report.statusCode).toBe(404);
    const hidden = await call(t.app, 'POST', moderationApi.report.path, { jwt: bystander.jwt, body: { targetType: 'chat', targetId: randomUUID(), reason: 'spam' } });
    expect(hidden.statusCode).toBe(404);
  });

  it('report: a message goes into the moderation queue with its author, words and event', async () => {
    const { event, people, hubs } = await room();
    const said = await send(hubs[0], event.id, 'buy cheap followers at spam.example');
    const body = { targetType: 'chat', targetId: said.id, reason: 'spam', note: 'Selling' };
    const report = await call(t.app, 'POST', moderationApi.report.path, { jwt: people[1].jwt, body });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ targetType: 'chat', targetId: said.id, reason: 'spam' });
    expect((await call(t.app, 'POST', moderationApi.report.path, { jwt: people[1].jwt, body })).statusCode).toBe(409);
    const groups = await openReportGroups(t.app.ctx.db, t.app.ctx.tenants.get(TENANT)!, 500);
    expect(groups.find((g) => g.targetId === said.id)).toMatchObject({
      targetType: 'chat',
      targetName: `${people[0].name}: buy cheap followers at spam.example`,
      eventId: event.id,
      reporters: 1,
    });
  });

  it(`late joiners get the last ${CHAT_HISTORY_SIZE} messages, oldest first; Event.chats returns them to signed-in viewers only`, async () => {
    const { host, event, hubs } = await room([0]);
    const tenantId = t.app.ctx.tenants.get(TENANT)!;
    const base = Date.now() - 60_000;
    for (let i = 0; i < CHAT_HISTORY_SIZE + 5; i++) {
      await insertMessage(t.app.ctx.db, { tenantId, eventId: event.id, userId: host.id, text: `line ${i}`, now: new Date(base + i * 10), slowModeSeconds: 0, keep: CHAT_HISTORY_SIZE });
    }
    await send(hubs[0], event.id, 'the latest');
    const late = people[1];
    const lateHub = await watching(t.port, late, event.id);
    const state = await chatOf(lateHub, event.id);
    expect(state.messages).toHaveLength(CHAT_HISTORY_SIZE);
    expect(state.messages[0].text).toBe('line 6');
    expect(state.messages.at(-1)).toMatchObject({ text: 'the latest', userName: expect.any(String) });
    expect(state).toMatchObject({ isHost: false, isMember: false, muted: false, settings: { slowModeSeconds: 0, membersOnly: false } });

    const signedIn = EventSchema.parse((await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }), { jwt: late.jwt })).json());
    expect(signedIn.chats.map((m) => m.text)).toEqual(state.messages.map((m) => m.text));
    const visitor = EventSchema.parse((await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }))).json());
    expect(visitor.chats).toEqual([]);
  });
});

// Two instances need one database holding the event: PostgreSQL. Each PGlite instance is its own in-memory database.
const sharedDatabase = Boolean(inject('databaseUrl'));

describe.skipIf(!sharedDatabase || !REDIS_URL)(needsRedis('the chat across two app instances sharing Redis (PostgreSQL only)'), () => {
  let a: ListeningTestApp;
  let b: ListeningTestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([build({ env: { REDIS_URL }, listen: true }), build({ env: { REDIS_URL }, listen: true })]);
  });
  afterAll(async () => {
    await Promise.all(open.splice(0).map((h) => h.connection.stop().catch(() => {})));
    await a?.close();
    await b?.close();
  });

  it('a message sent on A reaches watchers on B, except one who blocked its author; a delete follows', async () => {
    const [host, onB, blocker] = await Promise.all([signUp(a), signUp(a), signUp(a)]);
    const event = await createEvent(a, host);
    const hostHub = await watching(a.port, host, event.id, true);
    const watcherB = await watching(b.port, onB, event.id, true);
    const blockerB = await watching(b.port, blocker, event.id, true);
    expect((await call(a.app, 'POST', pathOf(usersApi.block, { id: host.id, flag: 1 }), { jwt: blocker.jwt })).statusCode).toBe(200);
    const said = await send(hostHub, event.id, 'Hello from instance A');
    expect(await watcherB.next('ChatMessageSent', (p) => p.id === said.id)).toMatchObject({ text: 'Hello from instance A', userId: host.id });
    const back = await send(watcherB, event.id, 'Hello back from B');
    expect(await hostHub.next('ChatMessageSent', (p) => p.id === back.id)).toMatchObject({ userId: onB.id });
    await blockerB.next('ChatMessageSent', (p) => p.id === back.id);
    await hostHub.connection.invoke('DeleteChatMessage', event.id, said.id);
    await watcherB.next('ChatMessageDeleted', (p) => p.id === said.id);
    await settle();
    expect(watcherB.received.ChatMessageSent).toHaveLength(2);
    expect(blockerB.received.ChatMessageSent.map((p) => (p as { id: string }).id)).toEqual([back.id]);
  });
});
