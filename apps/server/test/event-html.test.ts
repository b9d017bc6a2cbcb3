import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ADD_ON_DOWNLOAD_HTML, safeFileName, type HubEvent, eventsApi, flyersApi, launchesApi, pathOf } from '@hubbub/contract';
import { setPlanByOperator } from '../src/modules/subscription/service.js';
import { OTHER_TENANT, TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { multipart } from './support/multipart.js';
import { expectProblem } from './support/problem.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
const HOSTILE = 'Fair </script><img src=x onerror=alert(1)> "quoted" & café 🎪';

async function holder(addOns: string[] = [ADD_ON_DOWNLOAD_HTML]): Promise<TestUser> {
  const user = await signUp(t);
  const result = await setPlanByOperator(t.app.ctx.db, { tenantId: t.app.ctx.tenants.get(TENANT)!, email: user.email, plan: 'Pro', addOns, at: new Date() });
  expect(result).toBe('done');
  return user;
}

async function eventOf(host: TestUser, over: Record<string, unknown> = {}): Promise<HubEvent> {
  const start = Date.now() + 2 * HOUR;
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: host.jwt,
    body: {
      name: HOSTILE,
      startDate: at(start),
      endDate: at(start + 3 * HOUR),
      timeZone: 'America/Chicago',
      venue: 'The <b>Hall</b>',
      contentJson: 'Bring a lantern.\n<script>alert(2)</script>',
      area: { name: 'Omaha', type: 4, latitude: 41.26, longitude: -95.94, city: 'Omaha', state: 'NE' },
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HubEvent;
}

function download(user: TestUser | undefined, id: string, tenant?: string) {
  return call(t.app, 'GET', pathOf(eventsApi.export, { id }), { jwt: user?.jwt, tenant });
}

describe('GET event/export/{id}', () => {
  let host: TestUser;
  let event: HubEvent;
  let flyerId: string;
  beforeAll(async () => {
    host = await holder();
    event = await eventOf(host);
    const jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#ff8800' } }).jpeg().toBuffer();
    const { payload, contentType } = multipart([{ name: 'file', data: jpeg, filename: 'x.jpg', contentType: 'image/jpeg' }]);
    const up = await t.app.inject({ method: 'POST', url: pathOf(eventsApi.setThumbnail, { id: event.id }), headers: { 'x-tenant': TENANT, 'content-type': contentType, authorization: `Bearer ${host.jwt}` }, payload });
    expect(up.statusCode, up.body).toBe(200);
    const content = {
      version: 1,
      background: { kind: 'gradient', name: 'Dusk', colors: ['#ff0080', '#7928ca'], angle: 135 },
      blocks: [
        { kind: 'text', id: 't1', text: 'Lanterns <u>tonight</u>', fontSize: 32, color: '#ffffff', align: 'center', x: 0.5, y: 0.3 },
        { kind: 'emoji', id: 'e1', emoji: '🏮', name: 'red-paper-lantern', size: 64, x: 0.5, y: 0.6 },
      ],
    };
    const flyer = await call(t.app, 'POST', flyersApi.create.path, { jwt: host.jwt, body: { eventId: event.id, name: 'Main <flyer>', contentJson: JSON.stringify(content) } });
    expect(flyer.statusCode, flyer.body).toBe(200);
    flyerId = flyer.json().id;
    const launch = await call(t.app, 'POST', launchesApi.create.path, { jwt: host.jwt, body: { eventId: event.id, flyerIds: [flyerId], startDate: at(Date.now() + HOUR), endDate: at(Date.now() + 2 * HOUR) } });
    expect(launch.statusCode, launch.body).toBe(200);
  });

  it('answers one self-contained page as an attachment, named after the event through the safe file name rule', async () => {
    const res = await download(host, event.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const disposition = String(res.headers['content-disposition']);
    const name = safeFileName(`${HOSTILE}.html`);
    expect(name).toBe('Fair __script__img src=x onerror=alert(1)_ _quoted_ & café 🎪.html');
    expect(disposition).toBe(`attachment; filename="Fair __script__img src=x onerror=alert(1)_ _quoted_ & caf_ _.html"; filename*=UTF-8''${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    const html = res.body;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);
    // The thumbnail inlined, the map drawn, the flyer and its launch there.
    expect(html).toMatch(/<img class="hero" src="data:image\/webp;base64,[A-Za-z0-9+/=]+"/);
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(html).toContain('Lanterns &lt;u&gt;tonight&lt;/u&gt;');
    expect(html).toContain('🏮');
    expect(html).toContain('linear-gradient(135deg, #ff0080, #7928ca)');
    expect(html).toContain('Main &lt;flyer&gt;');
    expect(html).toMatch(/<ol class="timeline"><li>.*Main &lt;flyer&gt;.*Scheduled/);
    // Nothing anyone typed becomes markup, and nothing points outside the file.
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<u>');
    expect(html).not.toContain('<b>Hall');
    expect(html).toContain('Fair &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; café 🎪');
    expect(html).not.toMatch(/(src|href)="(?!data:)/);
  });

  it('refuses an account without the add-on, naming it and where to get it', async () => {
    const plain = await holder([]);
    const problem = expectProblem(await download(plain, event.id), 403, { code: 'add_on_required' });
    expect(problem.detail).toContain(ADD_ON_DOWNLOAD_HTML);
    expect(problem.detail).toMatch(/Subscription/);
  });

  it('reads the add-on from the database, not the token: a token from before a cancellation does not open it', async () => {
    const user = await holder();
    await setPlanByOperator(t.app.ctx.db, { tenantId: t.app.ctx.tenants.get(TENANT)!, email: user.email, plan: 'Free', addOns: [], at: new Date() });
    expectProblem(await download(user, event.id), 403, { code: 'add_on_required' });
  });

  it('needs a signed-in person', async () => {
    expectProblem(await download(undefined, event.id), 401);
  });

  it('is 404 for an unknown id, someone else\'s draft and another tenant; 400 for a malformed id', async () => {
    const reader = await holder();
    expectProblem(await download(reader, '00000000-0000-4000-8000-000000000000'), 404);
    const draft = await eventOf(host, { name: 'Draft fair', publishOnDate: at(Date.now() + HOUR) });
    expectProblem(await download(reader, draft.id), 404);
    expect((await download(host, draft.id)).statusCode).toBe(200);
    expectProblem(await download(reader, event.id, OTHER_TENANT), 401);
    expectProblem(await download(reader, 'not-a-uuid'), 400);
  });

  it('another reader with the add-on downloads a published event', async () => {
    const reader = await holder();
    const res = await download(reader, event.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Main &lt;flyer&gt;');
  });

  it('a thumbnail file gone missing leaves the picture out rather than failing', async () => {
    const lone = await eventOf(host, { name: 'Lost picture' });
    const jpeg = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#0088ff' } }).jpeg().toBuffer();
    const { payload, contentType } = multipart([{ name: 'file', data: jpeg, filename: 'x.jpg', contentType: 'image/jpeg' }]);
    const up = await t.app.inject({ method: 'POST', url: pathOf(eventsApi.setThumbnail, { id: lone.id }), headers: { 'x-tenant': TENANT, 'content-type': contentType, authorization: `Bearer ${host.jwt}` }, payload });
    await t.app.ctx.files.remove((up.json() as HubEvent).thumbnailPath!);
    const res = await download(host, lone.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('class="hero"');
  });
});
