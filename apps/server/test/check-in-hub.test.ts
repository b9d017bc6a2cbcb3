import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInApi, eventsApi, goingApi, pathOf, type HubEvent, type MyTickets } from '@hubbub/contract';
import { build, type ListeningTestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { createHub, type TestHub } from './support/hub-client.js';

// The door on the hub (issue 30): devices at the door join it as its host or door staff, and hear
// each check-in and undo at once, through the official SignalR client.

let t: ListeningTestApp;
const open: TestHub[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await build({ listen: true });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.connection.stop().catch(() => {})));
});
afterAll(() => t.close());

async function connected(user: TestUser): Promise<TestHub> {
  const hub = createHub({ port: t.port, jwt: user.jwt });
  open.push(hub);
  await hub.connection.start();
  return hub;
}

describe('the door on the hub', () => {
  it('lets the host join the door, not a stranger; every device at the door hears a check-in and an undo at once', async () => {
    const [host, guest, stranger] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    await usePlan(t, host, 'Enterprise');
    const start = Date.now() + HOUR;
    const created = await call(t.app, 'POST', eventsApi.create.path, {
      jwt: host.jwt,
      body: { name: `Door ${randomUUID().slice(0, 8)}`, startDate: new Date(start).toISOString(), endDate: new Date(start + HOUR).toISOString(), timeZone: 'UTC', area: { latitude: 40, longitude: -90 } },
    });
    const event = created.json() as HubEvent;
    expect((await call(t.app, 'PUT', pathOf(goingApi.get, { id: event.id }), { jwt: guest.jwt, body: { guests: 0 } })).statusCode).toBe(200);
    const [ticket] = ((await call(t.app, 'GET', pathOf(checkInApi.tickets, { id: event.id }), { jwt: guest.jwt })).json() as MyTickets).tickets;

    const [first, second, outsider] = await Promise.all([connected(host), connected(host), connected(stranger)]);
    expect(await first.connection.invoke('JoinDoor', event.id)).toBe(true);
    expect(await second.connection.invoke('JoinDoor', event.id)).toBe(true);
    expect(await outsider.connection.invoke('JoinDoor', event.id)).toBe(false);
    expect(await outsider.connection.invoke('JoinDoor', randomUUID())).toBe(false);

    const scanned = await call(t.app, 'POST', pathOf(checkInApi.scan, { id: event.id }), { jwt: host.jwt, body: { scans: [{ code: ticket!.code, device: 'Door A' }] } });
    expect(scanned.statusCode, scanned.body).toBe(200);
    for (const hub of [first, second]) expect(await hub.next('DoorChanged', (p) => (p.counts as { checkedIn: number }).checkedIn === 1, 2000)).toEqual({ eventId: event.id, counts: { going: 1, checkedIn: 1 } });

    await call(t.app, 'POST', pathOf(checkInApi.undo, { id: event.id }), { jwt: host.jwt, body: { goingId: ticket!.goingId, seat: 0 } });
    expect(await second.next('DoorChanged', (p) => (p.counts as { checkedIn: number }).checkedIn === 0, 2000)).toEqual({ eventId: event.id, counts: { going: 1, checkedIn: 0 } });

    // A device that left hears no more; the stranger never heard anything.
    await second.connection.invoke('LeaveDoor', event.id);
    await call(t.app, 'POST', pathOf(checkInApi.scan, { id: event.id }), { jwt: host.jwt, body: { scans: [{ code: ticket!.code, device: 'Door A' }] } });
    await first.next('DoorChanged', (p) => (p.counts as { checkedIn: number }).checkedIn === 1 && first.received.DoorChanged.length === 3, 2000);
    expect(second.received.DoorChanged).toHaveLength(2);
    expect(outsider.received.DoorChanged).toEqual([]);
  });
});
