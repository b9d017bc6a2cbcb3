import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_ON_DOWNLOAD_HTML, DOCUMENT_CONTENT_JSON_MAX, DOCUMENT_LINK_REL, projectDocumentApi, pathOf, type HubEvent, type ProjectDocument, type ProjectDocumentSearchResult, eventsApi } from '@hubbub/contract';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { OTHER_TENANT, TENANT, build, type TestApp } from './support/build.js';
import { multipart } from './support/multipart.js';
import { setPlanByOperator } from '../src/modules/subscription/service.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
const text = (s: string, marks?: unknown[]) => ({ type: 'text', text: s, ...(marks ? { marks } : {}) });
const doc = (...paragraphs: unknown[][]) => JSON.stringify({ type: 'doc', content: paragraphs.map((content) => ({ type: 'paragraph', content })) });

async function host(): Promise<TestUser> {
  const user = await signUp(t);
  await usePlan(t, user, 'Pro');
  return user;
}

async function eventOf(user: TestUser, over: Record<string, unknown> = {}): Promise<HubEvent> {
  const start = Date.now() + 5 * HOUR;
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    body: { name: 'Harvest fair', startDate: at(start), endDate: at(start + HOUR), timeZone: 'UTC', area: { latitude: 10, longitude: 10 }, ...over },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HubEvent;
}

async function create(user: TestUser, body: Record<string, unknown>): Promise<ProjectDocument> {
  const res = await call(t.app, 'POST', projectDocumentApi.create.path, { jwt: user.jwt, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProjectDocument;
}

async function search(user: TestUser, body: Record<string, unknown>): Promise<ProjectDocumentSearchResult> {
  const res = await call(t.app, 'POST', projectDocumentApi.search.path, { jwt: user.jwt, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProjectDocumentSearchResult;
}

describe('the five spec calls', () => {
  it('create returns the document; get, update (200, next version) and delete (200) work for its author', async () => {
    const me = await host();
    const made = await create(me, { title: 'Run sheet', contentJson: doc([text('Doors at 6')]) });
    expect(made).toMatchObject({ title: 'Run sheet', version: 1, visibility: 'private', eventId: null, userId: me.id });
    expect((await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: made.id }), { jwt: me.jwt })).json()).toEqual(made);

    const saved = await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: me.jwt, body: { id: made.id, version: 1, title: 'Run sheet v2', contentJson: doc([text('Doors at 7')]) } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, title: 'Run sheet v2' });

    expect((await call(t.app, 'DELETE', pathOf(projectDocumentApi.delete, { id: made.id }), { jwt: me.jwt })).json()).toEqual({ ok: true });
    expectProblem(await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: made.id }), { jwt: me.jwt }), 404);
  });

  it('a stale version is 409 version_conflict with the version stored, and changes nothing', async () => {
    const me = await host();
    const made = await create(me, { title: 'FAQ', contentJson: doc([text('Q1')]) });
    const first = await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: me.jwt, body: { id: made.id, version: 1, title: 'FAQ', contentJson: doc([text('from tab A')]) } });
    expect(first.statusCode).toBe(200);
    const second = expectProblem(await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: me.jwt, body: { id: made.id, version: 1, title: 'FAQ', contentJson: doc([text('from tab B')]) } }), 409, { code: 'version_conflict' });
    expect(second.currentVersion).toBe(2);
    expect(((await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: made.id }), { jwt: me.jwt })).json() as ProjectDocument).contentJson).toContain('from tab A');
  });

  it('others: a private document is 404 to strangers and anonymous, changes are refused, other tenants see nothing', async () => {
    const me = await host();
    const stranger = await host();
    const made = await create(me, { title: 'Private notes', contentJson: doc([text('secret')]) });
    expectProblem(await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: made.id }), { jwt: stranger.jwt }), 404);
    expectProblem(await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: made.id })), 404);
    expectProblem(await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: stranger.jwt, body: { id: made.id, version: 1, title: 'Mine now', contentJson: doc([text('x')]) } }), 404);
    expectProblem(await call(t.app, 'DELETE', pathOf(projectDocumentApi.delete, { id: made.id }), { jwt: stranger.jwt }), 404);
    expectProblem(await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: made.id }), { jwt: me.jwt, tenant: OTHER_TENANT }), 401);
    const outsider = await signUp(t, { tenant: OTHER_TENANT });
    expectProblem(await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: made.id }), { jwt: outsider.jwt, tenant: OTHER_TENANT }), 404);
    expect(((await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: made.id }), { jwt: me.jwt })).json() as ProjectDocument).title).toBe('Private notes');
  });

  it('bad input is a 400 naming the field, and stores nothing', async () => {
    const me = await host();
    const theirs = await eventOf(await host());
    const cases: [string, Record<string, unknown>, string][] = [
      ['no title', { title: ' ', contentJson: doc([text('x')]) }, 'title'],
      ['a title of 201 characters', { title: 't'.repeat(201) }, 'title'],
      ['broken JSON', { title: 'x', contentJson: '{"type":"doc"' }, 'contentJson'],
      ['not a doc', { title: 'x', contentJson: '{"type":"paragraph"}' }, 'contentJson'],
      ['an unknown node', { title: 'x', contentJson: JSON.stringify({ type: 'doc', content: [{ type: 'script', content: [] }] }) }, 'contentJson'],
      ['a javascript: link', { title: 'x', contentJson: doc([text('click', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])]) }, 'contentJson'],
      ['an image from elsewhere', { title: 'x', contentJson: JSON.stringify({ type: 'doc', content: [{ type: 'image', attrs: { src: 'https://evil.example/x.png' } }] }) }, 'contentJson'],
      ['a heading level 7', { title: 'x', contentJson: JSON.stringify({ type: 'doc', content: [{ type: 'heading', attrs: { level: 7 } }] }) }, 'contentJson'],
      ['an unknown event', { title: 'x', eventId: '00000000-0000-4000-8000-000000000000' }, 'eventId'],
      ["someone else's event", { title: 'x', eventId: theirs.id }, 'eventId'],
      ['public without an event', { title: 'x', visibility: 'public' }, 'visibility'],
      ['an unknown visibility', { title: 'x', visibility: 'everyone' }, 'visibility'],
      ['a wrong contentType', { title: 'x', contentType: 'text/html' }, 'contentType'],
      ['oversized', { title: 'x', contentJson: doc([text('a'.repeat(DOCUMENT_CONTENT_JSON_MAX))]) }, 'contentJson'],
    ];
    for (const [label, body, field] of cases) {
      const problem = expectProblem(await call(t.app, 'POST', projectDocumentApi.create.path, { jwt: me.jwt, body }), 400);
      expect(problem.errors, label).toHaveProperty(field);
    }
    expect((await search(me, {})).totalCount).toBe(0);
    expectProblem(await call(t.app, 'POST', projectDocumentApi.create.path, { body: { title: 'x' } }), 401);
  });

  it('HTML in text is kept as text; safe links are kept', async () => {
    const me = await host();
    const body = doc([text('<script>alert(1)</script>'), text('site', [{ type: 'link', attrs: { href: 'https://example.org/a?b=1' } }])]);
    const made = await create(me, { title: '<b>bold?</b>', contentJson: body });
    // Stored in its strict form: the same text and link, the link given the forced rel (issue 22).
    expect(JSON.parse(made.contentJson)).toEqual(
      JSON.parse(doc([text('<script>alert(1)</script>'), text('site', [{ type: 'link', attrs: { href: 'https://example.org/a?b=1', rel: DOCUMENT_LINK_REL } }])])),
    );
    expect(made.title).toBe('<b>bold?</b>');
  });
});

describe('public documents', () => {
  it('show on their event for anyone who can see the event; private ones and draft events do not', async () => {
    const me = await host();
    const event = await eventOf(me);
    const published = await create(me, { title: 'Programme', eventId: event.id, visibility: 'public', contentJson: doc([text('Stage A at 7')]) });
    await create(me, { title: 'Budget', eventId: event.id, contentJson: doc([text('private')]) });
    const list = await call(t.app, 'GET', pathOf(projectDocumentApi.ofEvent, { eventId: event.id }));
    expect(list.statusCode).toBe(200);
    expect((list.json() as ProjectDocument[]).map((d) => d.title)).toEqual(['Programme']);
    expect((await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: published.id }))).statusCode).toBe(200);

    const draft = await eventOf(me, { publishOnDate: at(Date.now() + 3 * HOUR) });
    const early = await create(me, { title: 'Early', eventId: draft.id, visibility: 'public', contentJson: doc([text('soon')]) });
    expectProblem(await call(t.app, 'GET', pathOf(projectDocumentApi.ofEvent, { eventId: draft.id })), 404);
    expectProblem(await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: early.id })), 404);
    expect((await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: early.id }), { jwt: me.jwt })).statusCode).toBe(200);
  });

  it('a public document is still only its author\'s to change', async () => {
    const me = await host();
    const other = await host();
    const event = await eventOf(me);
    const made = await create(me, { title: 'FAQ', eventId: event.id, visibility: 'public', contentJson: doc([text('q')]) });
    expectProblem(await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: other.jwt, body: { id: made.id, version: 1, title: 'hijack' } }), 403, { code: 'not_owner' });
    expectProblem(await call(t.app, 'DELETE', pathOf(projectDocumentApi.delete, { id: made.id }), { jwt: other.jwt }), 403, { code: 'not_owner' });
  });
});

describe('search', () => {
  it('finds words in the title and body, title hits ranked first, with highlighted snippets', async () => {
    const me = await host();
    const word = `lantern${Math.random().toString(36).slice(2, 7)}`;
    const inBody = await create(me, { title: 'Vendors', contentJson: doc([text(`Bring your own ${word} and a chair. Parking is behind the hall.`)]) });
    const inTitle = await create(me, { title: `The ${word} parade`, contentJson: doc([text('Route along the river.')]) });
    await create(me, { title: 'Unrelated', contentJson: doc([text('Nothing to see')]) });
    const result = await search(me, { searchText: word, orderBy: 'Relevance' });
    expect(result.totalCount).toBe(2);
    expect(result.documents.map((d) => d.id)).toEqual([inTitle.id, inBody.id]);
    const snippet = result.documents[1].snippet;
    expect(snippet.filter((p) => p.hit).map((p) => p.text.toLowerCase())).toEqual([word]);
    expect(snippet.map((p) => p.text).join('')).toContain('Bring your own');
    // A hit deep in a long body: the excerpt is around it, cut at whole words, with the ends marked.
    const filler = Array.from({ length: 300 }, (_, i) => `filler${i}`).join(' ');
    const deep = await create(me, { title: 'Long', contentJson: doc([text(`${filler} the ${word}-stand opens ${filler}`)]) });
    const deepHit = (await search(me, { searchText: word, orderBy: 'Relevance' })).documents.find((d) => d.id === deep.id)!;
    const deepText = deepHit.snippet.map((p) => p.text).join('');
    expect(deepText.startsWith('… filler')).toBe(true);
    expect(deepText.endsWith(' …')).toBe(true);
    expect(deepText).toContain(`the ${word}-stand opens`);
    expect(deepHit.snippet.filter((p) => p.hit).map((p) => p.text)).toEqual([word]);
    // Another person's documents never appear.
    expect((await search(await host(), { searchText: word })).totalCount).toBe(0);
  });

  it('filters by event and sorts by title or update', async () => {
    const me = await host();
    const event = await eventOf(me);
    const b = await create(me, { title: 'B notes', eventId: event.id });
    const a = await create(me, { title: 'a notes', eventId: event.id });
    await create(me, { title: 'C elsewhere' });
    expect((await search(me, { eventId: event.id, orderBy: 'Title' })).documents.map((d) => d.id)).toEqual([a.id, b.id]);
    expect((await search(me, { eventId: event.id })).documents.map((d) => d.id)).toEqual([a.id, b.id]);
    expect((await search(me, { eventId: event.id, orderBy: 'Updated', isDescending: false })).documents.map((d) => d.id)).toEqual([b.id, a.id]);
    expect((await search(me, {})).totalCount).toBe(3);
    // A page past the last still says how many there are.
    expect(await search(me, { pageNumber: 2 })).toMatchObject({ totalCount: 3, pageNumber: 2, documents: [] });
    expect(await search(me, { searchText: 'notes', pageNumber: 5 })).toMatchObject({ totalCount: 2, documents: [] });
  });

  it('odd search text is a search, never an error', async () => {
    const me = await host();
    for (const q of ['"unterminated', 'a & b | !c', ':*', '(((', 'OR', '-']) expect((await search(me, { searchText: q })).documents).toEqual([]);
  });
});

describe('revisions', () => {
  it('keeps each replaced version; lists, shows and restores one', async () => {
    const me = await host();
    const made = await create(me, { title: 'Press kit', contentJson: doc([text('first')]) });
    for (const [version, words] of [[1, 'second'], [2, 'third']] as const) {
      expect((await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: me.jwt, body: { id: made.id, version, title: 'Press kit', contentJson: doc([text(words)]) } })).statusCode).toBe(200);
    }
    const list = (await call(t.app, 'GET', pathOf(projectDocumentApi.revisions, { id: made.id }), { jwt: me.jwt })).json() as { version: number }[];
    expect(list.map((r) => r.version)).toEqual([2, 1]);
    expect(((await call(t.app, 'GET', pathOf(projectDocumentApi.revision, { id: made.id, version: 1 }), { jwt: me.jwt })).json() as { contentJson: string }).contentJson).toContain('first');
    const restored = (await call(t.app, 'POST', pathOf(projectDocumentApi.restore, { id: made.id, version: 1 }), { jwt: me.jwt })).json() as ProjectDocument;
    expect(restored.version).toBe(4);
    expect(restored.contentJson).toContain('first');
    // The restore can be undone: the version it replaced is kept.
    expect(((await call(t.app, 'GET', pathOf(projectDocumentApi.revisions, { id: made.id }), { jwt: me.jwt })).json() as { version: number }[]).map((r) => r.version)).toEqual([3, 2, 1]);
    expectProblem(await call(t.app, 'GET', pathOf(projectDocumentApi.revision, { id: made.id, version: 9 }), { jwt: me.jwt }), 404);
    expectProblem(await call(t.app, 'GET', pathOf(projectDocumentApi.revisions, { id: made.id }), { jwt: (await host()).jwt }), 404);
    expectProblem(await call(t.app, 'GET', `${pathOf(projectDocumentApi.revisions, { id: made.id })}/abc`, { jwt: me.jwt }), 400);
  });
});

describe('pictures', () => {
  const upload = (user: TestUser, id: string, data: Buffer, tenant = TENANT) => {
    const { payload, contentType } = multipart([{ name: 'file', data, filename: 'photo.png', contentType: 'image/png' }]);
    return t.app.inject({ method: 'POST', url: pathOf(projectDocumentApi.uploadImage, { id }), headers: { 'x-tenant': tenant, 'content-type': contentType, authorization: `Bearer ${user.jwt}` }, payload });
  };
  const fileOf = (publicPath: string) => path.join(t.dataDir, 'uploads', publicPath.slice('/uploads/'.length));

  it('are checked by content, re-encoded without metadata, usable in the body, and deleted with the document', async () => {
    const me = await host();
    const made = await create(me, { title: 'Press kit' });
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#3366ff' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .png()
      .toBuffer();
    const res = await upload(me, made.id, png);
    expect(res.statusCode, res.body).toBe(200);
    const { path: src } = res.json() as { path: string };
    expect(src).toMatch(/^\/uploads\/documents\/.+\.webp$/);
    const stored = fs.readFileSync(fileOf(src));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 2000, height: 1000 });
    expect(meta.exif).toBeUndefined();

    const body = JSON.stringify({ type: 'doc', content: [{ type: 'image', attrs: { src, alt: 'Stage plan' } }] });
    const saved = await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: me.jwt, body: { id: made.id, version: 1, title: 'Press kit', contentJson: body } });
    expect(saved.statusCode, saved.body).toBe(200);

    expect((await call(t.app, 'DELETE', pathOf(projectDocumentApi.delete, { id: made.id }), { jwt: me.jwt })).statusCode).toBe(200);
    expect(fs.existsSync(fileOf(src))).toBe(false);
  });

  it('refuses what is not a picture, strangers, other tenants and unknown documents, storing nothing', async () => {
    const me = await host();
    const stranger = await host();
    const made = await create(me, { title: 'Vendors' });
    const before = fs.existsSync(path.join(t.dataDir, 'uploads', 'documents')) ? fs.readdirSync(path.join(t.dataDir, 'uploads', 'documents')).length : 0;
    expectProblem(await upload(me, made.id, Buffer.from('<svg onload="alert(1)"></svg>')), 400, { code: 'image_invalid' });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    expectProblem(await upload(stranger, made.id, png), 404);
    expectProblem(await upload(me, made.id, png, OTHER_TENANT), 401);
    expectProblem(await upload(me, '00000000-0000-4000-8000-000000000000', png), 404);
    const after = fs.existsSync(path.join(t.dataDir, 'uploads', 'documents')) ? fs.readdirSync(path.join(t.dataDir, 'uploads', 'documents')).length : 0;
    expect(after).toBe(before);
  });
});

describe('HTML download', () => {
  it('is one self-contained file for holders of the add-on, pictures inlined and user text inert; refused without it', async () => {
    const me = await host();
    const made = await create(me, { title: 'Press <kit>' });
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const { payload, contentType } = multipart([{ name: 'file', data: png, filename: 'p.png', contentType: 'image/png' }]);
    const up = await t.app.inject({ method: 'POST', url: pathOf(projectDocumentApi.uploadImage, { id: made.id }), headers: { 'x-tenant': TENANT, 'content-type': contentType, authorization: `Bearer ${me.jwt}` }, payload });
    const src = (up.json() as { path: string }).path;
    const body = JSON.stringify({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [text('<img src=x onerror=alert(1)>'), text('map', [{ type: 'link', attrs: { href: 'https://example.org/map' } }])] },
        { type: 'image', attrs: { src, alt: 'Stage' } },
      ],
    });
    expect((await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: me.jwt, body: { id: made.id, version: 1, title: 'Press <kit>', contentJson: body } })).statusCode).toBe(200);

    const refused = await call(t.app, 'GET', pathOf(projectDocumentApi.export, { id: made.id }), { jwt: me.jwt });
    expectProblem(refused, 403, { code: 'add_on_required' });

    await setPlanByOperator(t.app.ctx.db, { tenantId: t.app.ctx.tenants.get(TENANT)!, email: me.email, plan: 'Pro', addOns: [ADD_ON_DOWNLOAD_HTML], at: new Date() });
    const res = await call(t.app, 'GET', pathOf(projectDocumentApi.export, { id: made.id }), { jwt: me.jwt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-disposition']).toContain('Press _kit_.html');
    expect(res.body).toContain('<title>Press &lt;kit&gt;</title>');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).toMatch(/<img src="data:image\/webp;base64,[A-Za-z0-9+/=]+" alt="Stage">/);
    expect(res.body).not.toContain('/uploads/');

    // Someone else's private document is not found, with or without the add-on.
    const stranger = await host();
    await setPlanByOperator(t.app.ctx.db, { tenantId: t.app.ctx.tenants.get(TENANT)!, email: stranger.email, plan: 'Pro', addOns: [ADD_ON_DOWNLOAD_HTML], at: new Date() });
    expectProblem(await call(t.app, 'GET', pathOf(projectDocumentApi.export, { id: made.id }), { jwt: stranger.jwt }), 404);
    expectProblem(await call(t.app, 'GET', pathOf(projectDocumentApi.export, { id: made.id })), 401);
  });
});
