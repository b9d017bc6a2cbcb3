import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geoApi, authApi, pathOf, usersApi, accountApi, type HubEvent, eventsApi } from '@hubbub/contract';
import { build, type ListeningTestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';
import { multipart } from './support/multipart.js';
import { createHub } from './support/hub-client.js';

// Inputs a fuzzer found answered with a 500 (issue 9), each now a clear 4xx that changes nothing.

let t: ListeningTestApp;
let host: TestUser;
let event: HubEvent;

const HOUR = 3_600_000;
const start = Math.ceil(Date.now() / HOUR) * HOUR + 3 * 24 * HOUR;
const eventBody = (area: Record<string, unknown> = {}) => ({
  name: `Hostile ${randomUUID().slice(0, 8)}`,
  startDate: new Date(start).toISOString(),
  endDate: new Date(start + 2 * HOUR).toISOString(),
  timeZone: 'UTC',
  area: { latitude: -31.5, longitude: -141.5, city: 'Nowhere', ...area },
});

beforeAll(async () => {
  t = await build({ listen: true });
  host = await signUp(t);
  const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody() });
  expect(res.statusCode, res.body).toBe(200);
  event = res.json();
});
afterAll(() => t.close());

describe('dates far in the future', () => {
  it('refuses a search from the year 9999 with a 400 naming startDate', async () => {
    const body = expectProblem(await call(t.app, 'POST', eventsApi.search.path, { body: { startDate: '9999-12-31T23:59:59Z', days: 366 } }), 400, { code: 'validation' });
    expect(body.errors).toHaveProperty('startDate');
  });

  it('answers a search from the last accepted instant plus a whole year (the arithmetic stays in range)', async () => {
    const res = await call(t.app, 'POST', eventsApi.search.path, { body: { startDate: '2999-12-31T23:59:59Z', days: 366 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalCount).toBe(0);
  });

  it('refuses an event dated before 1900', async () => {
    const body = { ...eventBody(), startDate: '1899-12-31T23:00:00Z', endDate: '1900-01-01T01:00:00Z' };
    expectProblem(await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body }), 400, { code: 'validation' });
  });
});

describe('text the database cannot store', () => {
  it('refuses an unpaired surrogate in any area field, naming the field, and stores nothing', async () => {
    const before = (await call(t.app, 'GET', eventsApi.mine.path, { jwt: host.jwt })).json().events.length;
    for (const field of ['city', 'state', 'name', 'streetAddress', 'zipCode', 'country']) {
      const update = { id: event.id, ...eventBody({ [field]: `bad\ud800` }) };
      const res = await call(t.app, 'POST', eventsApi.update.path, { jwt: host.jwt, body: update });
      const problem = expectProblem(res, 400, { code: 'validation' });
      expect(problem.errors).toHaveProperty(`area.${field}`);
    }
    expect((await call(t.app, 'GET', eventsApi.mine.path, { jwt: host.jwt })).json().events.length).toBe(before);
    expect((await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }))).json().area.city).toBe('Nowhere');
  });

  it('refuses control characters in bodies and query strings, and a lone low surrogate', async () => {
    expectProblem(await call(t.app, 'POST', eventsApi.search.path, { body: { searchText: 'bell\u0007' } }), 400, { code: 'validation' });
    expectProblem(await call(t.app, 'POST', eventsApi.search.path, { body: { areaText: '\udc00x' } }), 400, { code: 'validation' });
    expectProblem(await call(t.app, 'GET', `${geoApi.cities.path}?search=%07Omaha`), 400, { code: 'validation' });
  });

  it('still takes emoji, accents, tabs and line breaks', async () => {
    const res = await call(t.app, 'POST', eventsApi.update.path, { jwt: host.jwt, body: { id: event.id, ...eventBody({ city: 'Café 🎉' }), contentJson: 'line one\n\tline two' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('broken multipart', () => {
  const upload = (opts: { contentType: string; payload: Buffer | string; jwt?: string; url?: string }) =>
    t.app.inject({
      method: 'POST',
      url: opts.url ?? pathOf(eventsApi.setThumbnail, { id: event.id }),
      headers: { 'x-tenant': 'hubbub', authorization: `Bearer ${opts.jwt ?? host.jwt}`, 'content-type': opts.contentType },
      payload: opts.payload,
    });

  it('answers every broken form with a 4xx Problem, for the owner and for anyone else', async () => {
    const stranger = await signUp(t);
    const good = multipart([{ name: 'file', data: Buffer.alloc(2000, 1), filename: 'a.png', contentType: 'image/png' }]);
    const cases = [
      { contentType: 'multipart/form-data', payload: good.payload },
      { contentType: 'multipart/form-data; boundary=not-the-one', payload: good.payload },
      { contentType: good.contentType, payload: good.payload.subarray(0, 120) },
      { contentType: good.contentType, payload: JSON.stringify({ file: 'x' }) },
      { contentType: 'multipart/form-data; boundary=', payload: '--\r\n' },
    ];
    for (const c of cases) {
      for (const jwt of [host.jwt, stranger.jwt]) {
        const res = await upload({ ...c, jwt });
        expect(res.statusCode, `${c.contentType} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        expectProblem(res, res.statusCode);
      }
    }
    expect((await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }))).json().thumbnailPath).toBeNull();
  });
});

describe('what Node refuses before Fastify', () => {
  it('answers headers that are too large with a 431 Problem', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(t.port, '127.0.0.1', () => {
        socket.write(`GET ${accountApi.manifest.path} HTTP/1.1\r\nHost: x\r\nX-Tenant: hubbub\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ status: 431, code: 'malformed_request' });
  });
});

describe('hub arguments', () => {
  it('refuses a session title with a control character as a hub error, and changes nothing', async () => {
    const hub = createHub({ port: t.port, jwt: host.jwt });
    await hub.connection.start();
    try {
      await expect(hub.connection.invoke('UpdateEventSession', event.id, { state: 'Started', title: 'Live\u0000' })).rejects.toThrow(/control characters/);
      expect((await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }))).json().status).toBe(0);
    } finally {
      await hub.connection.stop();
    }
  });
});

describe('addresses the router cannot decode', () => {
  it('answers a broken percent escape in the path with a 400 Problem', async () => {
    for (const url of [pathOf(authApi.verify, { tokenOrCode: 'x' }).replace(/x$/, '%ED%A0%80'), pathOf(usersApi.getPublic, { id: 'x' }).replace(/x$/, '%E0%A4%A')]) {
      expectProblem(await t.app.inject({ method: url.includes('verify') ? 'POST' : 'GET', url, headers: { 'x-tenant': 'hubbub' } }), 400, { code: 'malformed_request' });
    }
  });
});

describe('numbers the database cannot store', () => {
  it('takes a subnormal coordinate as 0 instead of failing in PostgreSQL', async () => {
    const res = await call(t.app, 'GET', `${geoApi.citiesNearby.path}?latitude=-5e-324&longitude=0`);
    expect(res.statusCode, res.body).toBe(200);
    const created = await call(t.app, 'POST', eventsApi.update.path, { jwt: host.jwt, body: { id: event.id, ...eventBody({ latitude: 5e-324, longitude: -5e-324 }) } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().area).toMatchObject({ latitude: 0, longitude: 0 });
  });
});
