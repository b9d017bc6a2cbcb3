import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import {
  EventStatus,
  eventLinksApi,
  eventsApi,
  flyersApi,
  formatNumber,
  formatRange,
  moderationApi,
  pathOf,
  projectDocumentApi,
  publicEventPath,
  type HubEvent,
} from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { createJwtSigner } from '../src/lib/jwt.js';
import { escapeHtml } from '../src/lib/html-file.js';
import { setEventStatus } from '../src/modules/events/service.js';
import { JWT_SECRET, OTHER_TENANT, TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { multipart } from './support/multipart.js';

// The public event page (/e/{slug}): readable without an account, with link-preview tags; drafts,
// hidden events, other tenants' events and unknown addresses a friendly 404; a signed-in browser
// sent on to the full page.

let t: TestApp;
let host: TestUser;
beforeAll(async () => {
  t = await build();
  host = await signUp(t, { name: 'Hana <i>Host</i>' });
  await usePlan(t, host, 'Pro');
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
const SITE = 'http://localhost:8080';
const HOSTILE = 'Fair </script><img src=x onerror=alert(1)> "quoted" & café 🎪';

async function eventOf(user: TestUser, over: Record<string, unknown> = {}, tenant?: string): Promise<HubEvent> {
  const start = Date.now() + 26 * HOUR;
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    tenant,
    body: {
      name: `Lantern walk ${Math.random().toString(36).slice(2, 8)}`,
      startDate: at(start),
      endDate: at(start + 3 * HOUR),
      timeZone: 'America/Chicago',
      venue: 'Riverfront Plaza',
      contentJson: 'Bring a lantern; we walk along the river.',
      area: { name: 'Omaha, NE', type: 4, latitude: 41.26, longitude: -95.94, city: 'Omaha', state: 'NE' },
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HubEvent;
}

/** A browser's GET: no tenant header, no bearer; a cookie and a language when given. */
const visit = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });

/** The web app's session cookie as js-cookie writes it (JSON, URI-encoded). */
const sessionCookie = (jwt: string) => `hubbub_token=${encodeURIComponent(JSON.stringify({ jwt, refreshToken: 'r' }))}`;

/** The content of `<meta property|name="key" content="...">`, unescaped. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function expectMissing(res: { statusCode: number; headers: Record<string, unknown>; body: string }, what: string) {
  expect(res.statusCode, what).toBe(404);
  expect(String(res.headers['content-type']), what).toBe('text/html; charset=utf-8');
  expect(res.body, what).toContain("<h1>This event isn't here</h1>");
  expect(res.body, what).toContain('href="/search"');
  expect(res.body, what).toContain('<meta name="robots" content="noindex">');
}

describe('GET /e/{slug}: the public page of a published event', () => {
  let event: HubEvent;
  let page: string;
  beforeAll(async () => {
    event = await eventOf(host, { name: HOSTILE, venue: 'The <b>Hall</b>', contentJson: 'Bring a lantern.\n<script>alert(2)</script>' });
    for (const _ of [0, 1]) {
      const fan = await signUp(t);
      expect((await call(t.app, 'POST', eventLinksApi.create.path, { jwt: fan.jwt, body: { eventId: event.id, type: 'Attendee' } })).statusCode).toBe(200);
    }
    const flyer = { version: 1, background: { kind: 'solid', color: '#312e81' }, blocks: [{ kind: 'text', id: 't1', text: 'Doors at <7>', fontSize: 40, color: '#ffffff', align: 'center', x: 0.5, y: 0.4 }], imagePath: null };
    expect((await call(t.app, 'POST', flyersApi.create.path, { jwt: host.jwt, body: { eventId: event.id, name: 'Main <stage>', contentJson: JSON.stringify(flyer) } })).statusCode).toBe(200);
    const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Stage <A> at 7' }] }] };
    const doc = await call(t.app, 'POST', projectDocumentApi.create.path, { jwt: host.jwt, body: { title: 'Programme <&>', eventId: event.id, visibility: 'public', contentJson: JSON.stringify(body) } });
    expect(doc.statusCode, doc.body).toBe(200);
    await call(t.app, 'POST', projectDocumentApi.create.path, { jwt: host.jwt, body: { title: 'Secret run sheet', eventId: event.id, visibility: 'private' } });
    const res = await visit(publicEventPath(event.slug));
    expect(res.statusCode, res.body).toBe(200);
    page = res.body;
  });

  it('answers HTML without an account, with the tags link previews read describing the event', async () => {
    const res = await visit(publicEventPath(event.slug));
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain(`<title>${escapeHtml(HOSTILE)} · Hubbub</title>`);
    const canonical = `${SITE}/e/${event.slug}`;
    expect(page).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(meta(page, 'og:title')).toBe(HOSTILE);
    expect(meta(page, 'twitter:title')).toBe(HOSTILE);
    expect(meta(page, 'og:url')).toBe(canonical);
    expect(meta(page, 'og:type')).toBe('website');
    expect(meta(page, 'twitter:card')).toBe('summary_large_image');
    // The description says when and where, then what.
    const when = meta(page, 'og:description')!;
    expect(when).toMatch(/^\w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2}\s[AP]M C[SD]T · The <b>Hall<\/b> · Omaha, NE\. Bring a lantern\./);
    expect(meta(page, 'description')).toBe(when);
    expect(meta(page, 'twitter:description')).toBe(when);
    // Without a thumbnail: a drawn card, at an absolute address on PUBLIC_URL.
    const image = meta(page, 'og:image')!;
    expect(image).toMatch(new RegExp(`^${SITE}/e/${event.slug}/preview\\.png\\?v=[\\w-]+$`));
    expect(meta(page, 'twitter:image')).toBe(image);
    expect(meta(page, 'og:image:type')).toBe('image/png');
  });

  it('shows what a person needs to decide: name, when, where with a map, host, description, flyers, public documents, going count, actions', async () => {
    expect(page.match(/<h1[ >]/g)).toHaveLength(1);
    expect(page).toContain(`<h1>${escapeHtml(HOSTILE)}</h1>`);
    expect(page).toMatch(/<main id="main"/);
    expect(page).toContain('<header class="bar">');
    const when = formatRange(event.startDate, event.endDate, { locale: 'en-US', timeZone: 'America/Chicago' });
    expect(page).toContain(`>${escapeHtml(when)}</time>`);
    expect(page).toContain('Central Time (Chicago)');
    expect(page).toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 300" role="img" aria-label="Map of Omaha, NE">');
    expect(page).toContain(`href="/person/${host.id}"`);
    expect(page).toContain('Hana &lt;i&gt;Host&lt;/i&gt;');
    expect(page).toContain('Bring a lantern.\n&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(page).toContain('Doors at &lt;7&gt;');
    expect(page).toContain('Main &lt;stage&gt;');
    expect(page).toContain('<summary>Programme &lt;&amp;&gt;</summary>');
    expect(page).toContain('Stage &lt;A&gt; at 7');
    expect(page).not.toContain('Secret run sheet');
    expect(page).toMatch(/data-testid="going-count"><strong>2<\/strong> going/);
    expect(page).toContain(`href="/e/${event.slug}/calendar.ics"`);
    expect(page).toContain(`href="/login?redirect=${encodeURIComponent(`/e/${event.slug}`)}" data-testid="going-sign-in"`);
    expect(page).toContain("Sign in to say you're going");
    expect(page).toContain(`href="/register?redirect=${encodeURIComponent(`/e/${event.slug}`)}"`);
    expect(page).toMatch(/data-testid="event-phase">Upcoming</);
    // Not live: no buzz button.
    expect(page).not.toContain('data-testid="watch-buzz"');
  });

  it('turns nothing anyone typed into markup, and runs only its own script', () => {
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<b>Hall');
    expect(page).not.toContain('<i>Host');
    expect(page).not.toContain('<stage>');
    expect(page).not.toContain('alert(2)</script>');
    const scripts = [...page.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual([expect.stringMatching(/^<script src="\/e\/event-page\.js\?v=[\w-]+" defer>$/)]);
    // No tag carries an event handler (attribute values, where escaped text may say "onerror=", set aside).
    const tags = [...page.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0].replace(/"[^"]*"/g, '""'));
    expect(tags.filter((tag) => /\son\w+=/i.test(tag))).toEqual([]);
  });

  it('is fast to cache correctly: varies on the cookie and the language, revalidates, answers 304 when unchanged, and carries the security headers', async () => {
    const res = await visit(publicEventPath(event.slug));
    expect(String(res.headers.vary)).toMatch(/Cookie/);
    expect(String(res.headers.vary)).toMatch(/Accept-Language/);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const again = await visit(publicEventPath(event.slug), { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('writes dates and numbers in the reader\'s language (Accept-Language), en-US without one', async () => {
    const res = await visit(publicEventPath(event.slug), { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    const when = formatRange(event.startDate, event.endDate, { locale: 'de-DE', timeZone: 'America/Chicago' });
    expect(res.body).toContain(`>${escapeHtml(when)}</time>`);
    expect(res.body).toContain('lang="de-DE"');
    expect(formatNumber(1234, { locale: 'de-DE' })).toBe('1.234');
  });

  it('serves its script, the calendar file and the preview picture without an account', async () => {
    const script = /<script src="([^"]+)"/.exec(page)![1];
    const js = await visit(script);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toContain('Your time: ');
    expect((await visit('/e/event-page.js?v=old')).headers['cache-control']).toBe('no-cache');
    // The reader's time is written by a worker, with the contract's formatter, once the page is idle.
    const workerUrl = /<time [^>]*data-worker="([^"]+)"/.exec(page)![1];
    expect(workerUrl).toMatch(/^\/e\/reader-time\.js\?v=[\w-]+$/);
    const worker = await visit(workerUrl);
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(worker.body).toContain('postMessage');

    const ics = await visit(`/e/${event.slug}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain(`UID:${event.id}@localhost`);

    const png = await t.app.inject({ method: 'GET', url: new URL(meta(page, 'og:image')!).pathname + new URL(meta(page, 'og:image')!).search });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const info = await sharp(png.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);
  });

  it('uses the event\'s own thumbnail for previews, as a 1200×630 JPEG, and shows it on the page', async () => {
    const pictured = await eventOf(host, { name: 'Pictured fair' });
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ff8800' } }).jpeg().toBuffer();
    const { payload, contentType } = multipart([{ name: 'file', data: jpeg, filename: 'x.jpg', contentType: 'image/jpeg' }]);
    const up = await t.app.inject({ method: 'POST', url: pathOf(eventsApi.setThumbnail, { id: pictured.id }), headers: { 'x-tenant': TENANT, 'content-type': contentType, authorization: `Bearer ${host.jwt}` }, payload });
    expect(up.statusCode, up.body).toBe(200);
    const thumbnail = (up.json() as HubEvent).thumbnailPath!;
    const html = (await visit(publicEventPath(pictured.slug))).body;
    expect(html).toContain(`<img class="hero" src="${thumbnail}"`);
    const image = new URL(meta(html, 'og:image')!);
    expect(image.pathname).toBe(`/e/${pictured.slug}/preview.jpg`);
    expect(meta(html, 'og:image:type')).toBe('image/jpeg');
    const res = await visit(image.pathname + image.search);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const info = await sharp(res.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('says Live with "Watch the buzz" leading to sign-in then the buzz, while a buzz runs; Canceled when canceled', async () => {
    const live = await eventOf(host, { name: 'Live jam' });
    await setEventStatus({ ctx: t.app.ctx, eventId: live.id, status: EventStatus.Started });
    const html = (await visit(publicEventPath(live.slug))).body;
    expect(html).toMatch(/data-testid="event-phase">Live</);
    expect(html).toContain(`href="/login?redirect=${encodeURIComponent(`/buzz/${live.id}`)}" data-testid="watch-buzz"`);
    await setEventStatus({ ctx: t.app.ctx, eventId: live.id, status: EventStatus.Canceled });
    const canceled = (await visit(publicEventPath(live.slug))).body;
    expect(canceled).toMatch(/data-testid="event-phase">Canceled</);
    expect(meta(canceled, 'og:title')).toBe('Canceled: Live jam');
    expect(canceled).not.toContain('data-testid="watch-buzz"');
  });
});

describe('GET /e/{slug}: what is not public is a friendly 404', () => {
  it('an unknown slug', async () => {
    expectMissing(await visit('/e/no-such-event-anywhere'), 'unknown');
  });

  it('a draft (publish date ahead), with its calendar file and preview', async () => {
    const draft = await eventOf(host, { name: 'Draft fair', publishOnDate: at(Date.now() + 2 * HOUR) });
    expectMissing(await visit(publicEventPath(draft.slug)), 'draft');
    expectMissing(await visit(`/e/${draft.slug}/calendar.ics`), 'draft ics');
    expectMissing(await visit(`/e/${draft.slug}/preview.png`), 'draft preview');
  });

  it('an event moderators hid', async () => {
    const boss = await signUp(t);
    await queryRows(t.app.ctx.db, sql`update users set roles = '{Admin}' where id = ${boss.id}`);
    const hidden = await eventOf(host, { name: 'Hidden fair' });
    expect((await visit(publicEventPath(hidden.slug))).statusCode).toBe(200);
    const hide = await call(t.app, 'POST', pathOf(moderationApi.eventHide, { id: hidden.id }), { jwt: boss.jwt, body: { reason: 'Sells fake tickets' } });
    expect(hide.statusCode, hide.body).toBe(200);
    expectMissing(await visit(publicEventPath(hidden.slug)), 'hidden');
    expectMissing(await visit(`/e/${hidden.slug}/preview.jpg`), 'hidden preview');
  });

  it("another tenant's event, even with a slug nobody here has", async () => {
    const stranger = await signUp(t, { tenant: OTHER_TENANT });
    const theirs = await eventOf(stranger, { name: `Elsewhere ${Date.now()}` }, OTHER_TENANT);
    expectMissing(await visit(publicEventPath(theirs.slug)), 'other tenant');
  });

  it('hostile addresses never fail: odd characters, encodings, lengths and depths', async () => {
    const paths = [
      '/e/',
      '/e/%00',
      '/e/a%00b',
      '/e/..%2F..%2Fetc%2Fpasswd',
      '/e/%2E',
      `/e/${'a'.repeat(121)}`,
      `/e/${'a'.repeat(700)}`,
      '/e/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      "/e/x'%20or%201=1--",
      '/e/%F0%9F%8E%AA',
      '/e/UPPER-case',
      '/e/-leading-dash',
      '/e/a/b/c',
      '/e/no-such/calendar.ics',
      '/e/no-such/preview.png',
      '/e/no-such/preview.gif',
      '/e/event-page.js/x',
      '/e/%E0%A4%A',
    ];
    for (const path of paths) {
      const res = await visit(path);
      expect(res.statusCode, path).toBeLessThan(500);
      expect([400, 404], path).toContain(res.statusCode);
      if (res.statusCode === 404) expect(res.body, path).toContain("This event isn't here");
      expect(res.body, path).not.toContain('<script>alert');
    }
  });
});

describe('GET /e/{slug} in a signed-in browser', () => {
  let event: HubEvent;
  beforeAll(async () => {
    event = await eventOf(host, { name: 'Signed-in fair' });
  });

  it('sends a signed-in person to the full page, never cached for anyone else', async () => {
    const fan = await signUp(t);
    const res = await visit(publicEventPath(event.slug), { cookie: sessionCookie(fan.jwt) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/event/${event.id}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toMatch(/Cookie/);
  });

  it('also with an expired token (the full page refreshes it)', async () => {
    const fan = await signUp(t);
    const expired = await createJwtSigner(JWT_SECRET, -10).sign({ userId: fan.id, name: fan.name, email: fan.email, roles: [], features: [], tenant: TENANT, sessionId: '00000000-0000-4000-8000-000000000009' });
    expect((await visit(publicEventPath(event.slug), { cookie: sessionCookie(expired) })).headers.location).toBe(`/event/${event.id}`);
  });

  it('takes its owner to a draft of theirs; anyone else still gets the 404', async () => {
    const draft = await eventOf(host, { name: 'Own draft', publishOnDate: at(Date.now() + 2 * HOUR) });
    expect((await visit(publicEventPath(draft.slug), { cookie: sessionCookie(host.jwt) })).headers.location).toBe(`/event/${draft.id}`);
    const fan = await signUp(t);
    expectMissing(await visit(publicEventPath(draft.slug), { cookie: sessionCookie(fan.jwt) }), 'draft, signed in');
  });

  it('shows the public page for a cookie that is not a session of this site: forged, another tenant, or not JSON', async () => {
    const fan = await signUp(t);
    const forged = await createJwtSigner('another-secret-another-secret-another-secret').sign({ userId: fan.id, name: '', email: '', roles: [], features: [], tenant: TENANT, sessionId: 'x' });
    const stranger = await signUp(t, { tenant: OTHER_TENANT });
    for (const cookie of [sessionCookie(forged), sessionCookie(stranger.jwt), 'hubbub_token=not-json', `hubbub_token=${encodeURIComponent('{"jwt":42}')}`, sessionCookie('a.b.c')]) {
      const res = await visit(publicEventPath(event.slug), { cookie });
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body).toContain('<h1>Signed-in fair</h1>');
    }
  });
});
