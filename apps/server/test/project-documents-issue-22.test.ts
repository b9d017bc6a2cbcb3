import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ADD_ON_DOWNLOAD_HTML, DOCUMENT_CONTENT_TYPE, DOCUMENT_LINK_REL, projectDocumentApi, pathOf, type HubEvent, type ProjectDocument, eventsApi } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { setPlanByOperator } from '../src/modules/subscription/service.js';
import { updateDocument } from '../src/modules/project-documents/service.js';
import { checkStoredDocuments } from '../src/modules/project-documents/stored-content.js';
import { TENANT, build, type TestApp } from './support/build.js';
import { createScratchDatabase } from './support/scratch-database.js';
import { multipart } from './support/multipart.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';

// Issue 22 findings 4, 5 and the documents half of 9, and acceptance 2's migration: a body is
// stored as the strict form of what was checked (never the text as sent), every link with the
// forced rel, pictures only from this server's uploads; whatever someone may not see answers
// like what does not exist; bodies stored before are brought to the strict form at start.

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
const NO_ID = '00000000-0000-4000-8000-000000000000';
const text = (s: string, marks?: unknown[]) => ({ type: 'text', text: s, ...(marks ? { marks } : {}) });
const body = (...content: unknown[]) => JSON.stringify({ type: 'doc', content });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const linked = (s: string, attrs: Record<string, unknown>) => text(s, [{ type: 'link', attrs }]);
/** The shape of a picture the upload answers, for a document id. */
const pictureOf = (documentId: string) => `/uploads/documents/${documentId}-0123456789ab.webp`;

async function host(app: TestApp = t): Promise<TestUser> {
  const user = await signUp(app);
  await usePlan(app, user, 'Pro');
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

async function create(user: TestUser, input: Record<string, unknown>, app: TestApp = t): Promise<ProjectDocument> {
  const res = await call(app.app, 'POST', projectDocumentApi.create.path, { jwt: user.jwt, body: input });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProjectDocument;
}

const stored = async (app: TestApp, id: string) =>
  (await queryRows<{ contentJson: string; contentRules: number }>(app.app.ctx.db, sql`select content_json as "contentJson", content_rules as "contentRules" from project_documents where id = ${id}`))[0];

describe('issue 22 finding 4: a document body is stored as its parsed, strict form', () => {
  it('refuses unknown attributes (onclick, onerror, onmouseover), other link targets and classes, storing nothing', async () => {
    const me = await host();
    const made = await create(me, { title: 'Programme' });
    const cases: [string, string][] = [
      ['onclick on a paragraph', JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', attrs: { onclick: 'alert(1)' }, content: [text('x')] }] })],
      ['onerror on a picture', body({ type: 'image', attrs: { src: pictureOf(made.id), onerror: 'alert(1)' } })],
      ['onmouseover on a link', body(para(linked('x', { href: 'https://example.org', onmouseover: 'alert(1)' })))],
      ['a link target other than _blank', body(para(linked('x', { href: 'https://example.org', target: '_top' })))],
      ['a class on a link', body(para(linked('x', { href: 'https://example.org', class: 'mantine-Overlay-root' })))],
      ['a class through a code language', body({ type: 'codeBlock', attrs: { language: 'js mantine-Overlay-root' }, content: [text('x')] })],
    ];
    for (const [label, contentJson] of cases) {
      expect(expectProblem(await call(t.app, 'POST', projectDocumentApi.create.path, { jwt: me.jwt, body: { title: label, contentJson } }), 400).errors, label).toHaveProperty('contentJson');
      expect(expectProblem(await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: me.jwt, body: { id: made.id, version: 1, title: label, contentJson } }), 400).errors, label).toHaveProperty('contentJson');
    }
    expect(await stored(t, made.id)).toEqual({ contentJson: '{"type":"doc","content":[{"type":"paragraph"}]}', contentRules: 1 });
  });

  it('forces rel="noopener noreferrer" on links (no reverse tabnabbing) and stores the parsed form, never the text as sent', async () => {
    const me = await host();
    const event = await eventOf(me);
    // Pretty-printed, keys in another order, rel "opener": what is stored is rebuilt from what was checked.
    const sent = JSON.stringify({ content: [{ content: [{ text: 'Tickets', marks: [{ attrs: { target: '_blank', rel: 'opener', href: 'https://example.org/t' }, type: 'link' }], type: 'text' }], type: 'paragraph' }], type: 'doc' }, null, 2);
    const strict = '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","marks":[{"type":"link","attrs":{"href":"https://example.org/t","target":"_blank","rel":"noopener noreferrer nofollow"}}],"text":"Tickets"}]}]}';
    expect(DOCUMENT_LINK_REL).toBe('noopener noreferrer nofollow');
    const made = await create(me, { title: 'Programme', eventId: event.id, visibility: 'public', contentJson: sent });
    expect(made.contentJson).toBe(strict);
    expect((await stored(t, made.id)).contentJson).toBe(strict);
    // As the public event page reads it, signed in or not.
    expect(((await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: made.id }))).json() as ProjectDocument).contentJson).toBe(strict);
    expect(((await call(t.app, 'GET', pathOf(projectDocumentApi.ofEvent, { eventId: event.id }))).json() as ProjectDocument[]).map((d) => d.contentJson)).toEqual([strict]);

    const saved = await call(t.app, 'POST', projectDocumentApi.update.path, {
      jwt: me.jwt,
      body: { id: made.id, version: 1, title: 'Programme', eventId: event.id, visibility: 'public', contentJson: body(para(linked('Map', { href: 'https://example.org/m', rel: 'opener' }))) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await stored(t, made.id)).contentJson).toBe(body(para({ type: 'text', marks: [{ type: 'link', attrs: { href: 'https://example.org/m', rel: DOCUMENT_LINK_REL } }], text: 'Map' })));
    expect((await stored(t, made.id)).contentJson).not.toContain('opener"');
  });
});

describe("issue 22 finding 5: a document's pictures come only from this server's uploads", () => {
  const upload = async (user: TestUser, id: string) => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    const { payload, contentType } = multipart([{ name: 'file', data: png, filename: 'p.png', contentType: 'image/png' }]);
    const res = await t.app.inject({ method: 'POST', url: pathOf(projectDocumentApi.uploadImage, { id }), headers: { 'x-tenant': TENANT, 'content-type': contentType, authorization: `Bearer ${user.jwt}` }, payload });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { path: string }).path;
  };

  it('refuses a picture from any other address, also one shaped like an upload; takes the uploaded one as it is', async () => {
    const me = await host();
    const made = await create(me, { title: 'Press kit' });
    const src = await upload(me, made.id);
    const file = src.slice('/uploads/documents/'.length);
    for (const foreign of [
      `https://tracker.example/documents/${file}`,
      `http://10.0.0.1/documents/${file}`,
      `https://tracker.example${src}`,
      `//tracker.example${src}`,
      '/uploads/documents/../../presence/api/v1/auth/user',
      '/uploads/documents/a/b.webp',
    ]) {
      const res = await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: me.jwt, body: { id: made.id, version: 1, title: 'Press kit', contentJson: body({ type: 'image', attrs: { src: foreign, alt: 'x' } }) } });
      expect(expectProblem(res, 400).errors, foreign).toHaveProperty('contentJson');
    }
    expect((await stored(t, made.id)).contentJson).not.toContain('tracker');
    const ours = body({ type: 'image', attrs: { src, alt: 'Stage' } });
    expect((await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: me.jwt, body: { id: made.id, version: 1, title: 'Press kit', contentJson: ours } })).statusCode).toBe(200);
    expect((await stored(t, made.id)).contentJson).toBe(ours);
  });

  it('with S3, takes pictures under S3_PUBLIC_URL and from no other bucket or host', async () => {
    const me = await host();
    const made = await create(me, { title: 'Press kit' });
    // The server as configured with S3 (the app start with S3 is in the acceptance 2 test below).
    const ctx = { ...t.app.ctx, config: { ...t.app.ctx.config, S3_BUCKET: 'hubbub-docs', S3_PUBLIC_URL: 'https://cdn.example/hubbub-docs' } };
    const auth = { userId: me.id, sessionId: NO_ID, tenant: { id: t.app.ctx.tenants.get(TENANT)!, key: TENANT }, roles: [] };
    const file = pictureOf(made.id).slice('/uploads/documents/'.length);
    const save = (src: string, version: number) =>
      updateDocument({ ctx, auth, input: { id: made.id, version, title: 'Press kit', eventId: null, contentType: DOCUMENT_CONTENT_TYPE, visibility: 'private', contentJson: body({ type: 'image', attrs: { src } }) } });
    expect((await save(`https://cdn.example/hubbub-docs/documents/${file}`, 1)).version).toBe(2);
    for (const foreign of [`https://cdn.example/other-bucket/documents/${file}`, `https://tracker.example/hubbub-docs/documents/${file}`]) {
      await expect(save(foreign, 2), foreign).rejects.toMatchObject({ status: 400, code: 'validation' });
    }
    expect((await stored(t, made.id)).contentJson).toBe(body({ type: 'image', attrs: { src: `https://cdn.example/hubbub-docs/documents/${file}` } }));
  });
});

describe('issue 22 finding 9: a document someone may not see answers exactly like one that does not exist', () => {
  it('a public document on a draft event: every call of a stranger is the same 404 as for no document', async () => {
    const me = await host();
    const stranger = await host();
    await setPlanByOperator(t.app.ctx.db, { tenantId: t.app.ctx.tenants.get(TENANT)!, email: stranger.email, plan: 'Pro', addOns: [ADD_ON_DOWNLOAD_HTML], at: new Date() });
    const draft = await eventOf(me, { publishOnDate: at(Date.now() + 3 * HOUR) });
    const early = await create(me, { title: 'Early', eventId: draft.id, visibility: 'public', contentJson: body(para(text('soon'))) });
    expect((await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: me.jwt, body: { id: early.id, version: 1, title: 'Early', eventId: draft.id, visibility: 'public', contentJson: body(para(text('sooner'))) } })).statusCode).toBe(200);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    const image = multipart([{ name: 'file', data: png, filename: 'p.png', contentType: 'image/png' }]);

    const calls: [string, (id: string) => Promise<Awaited<ReturnType<typeof call>>>][] = [
      ['get', (id) => call(t.app, 'GET', pathOf(projectDocumentApi.get, { id }), { jwt: stranger.jwt })],
      ['revisions', (id) => call(t.app, 'GET', pathOf(projectDocumentApi.revisions, { id }), { jwt: stranger.jwt })],
      ['revision', (id) => call(t.app, 'GET', pathOf(projectDocumentApi.revision, { id, version: 1 }), { jwt: stranger.jwt })],
      ['restore', (id) => call(t.app, 'POST', pathOf(projectDocumentApi.restore, { id, version: 1 }), { jwt: stranger.jwt })],
      ['update', (id) => call(t.app, 'POST', projectDocumentApi.update.path, { jwt: stranger.jwt, body: { id, version: 2, title: 'mine' } })],
      ['delete', (id) => call(t.app, 'DELETE', pathOf(projectDocumentApi.delete, { id }), { jwt: stranger.jwt })],
      ['export', (id) => call(t.app, 'GET', pathOf(projectDocumentApi.export, { id }), { jwt: stranger.jwt })],
      [
        'picture',
        (id) =>
          t.app.inject({ method: 'POST', url: pathOf(projectDocumentApi.uploadImage, { id }), headers: { 'x-tenant': TENANT, 'content-type': image.contentType, authorization: `Bearer ${stranger.jwt}` }, payload: image.payload }),
      ],
    ];
    for (const [label, send] of calls) {
      const hidden = expectProblem(await send(early.id), 404, { code: 'not_found' });
      const missing = expectProblem(await send(NO_ID), 404, { code: 'not_found' });
      expect(hidden, label).toEqual(missing);
    }
    // Untouched, for its author.
    expect(((await call(t.app, 'GET', pathOf(projectDocumentApi.get, { id: early.id }), { jwt: me.jwt })).json() as ProjectDocument).version).toBe(2);
  });

  it("creating a document tells no difference between an event that does not exist and someone else's draft or event", async () => {
    const me = await host();
    const other = await host();
    const draft = await eventOf(other, { publishOnDate: at(Date.now() + 3 * HOUR) });
    const published = await eventOf(other);
    const answer = async (eventId: string) => {
      const problem = expectProblem(await call(t.app, 'POST', projectDocumentApi.create.path, { jwt: me.jwt, body: { title: 'x', eventId } }), 400);
      return problem;
    };
    const missing = await answer(NO_ID);
    expect(missing.errors).toHaveProperty('eventId');
    expect(await answer(draft.id)).toEqual(missing);
    expect(await answer(published.id)).toEqual(missing);
  });
});

describe('issue 22 acceptance 2: documents stored before the strict rules are brought to them once, at start', () => {
  const S3 = { S3_BUCKET: 'hubbub-docs', S3_PUBLIC_URL: 'https://cdn.example/hubbub-docs' };

  it('keeps every word, drops unsafe attributes, forces rel, turns a foreign picture into a link; documents and kept revisions', { timeout: 300_000 }, async () => {
    const scratch = await createScratchDatabase('documents-strict', { server: inject('databaseUrl') });
    try {
      const first = await build({ database: scratch });
      let me!: TestUser;
      let made!: ProjectDocument;
      try {
        me = await host(first);
        made = await create(me, { title: 'Run sheet', contentJson: body(para(text('first'))) }, first);
        const saved = await call(first.app, 'POST', projectDocumentApi.update.path, { jwt: me.jwt, body: { id: made.id, version: 1, title: 'Run sheet', contentJson: body(para(text('second'))) } });
        expect(saved.statusCode, saved.body).toBe(200);
        // As the earlier server stored them: whatever its looser check let through, under no rules (content_rules 0).
        const legacy = body(
          { type: 'paragraph', attrs: { onclick: 'alert(1)' }, content: [linked('Doors at 6', { href: 'https://example.org/tickets', rel: 'opener', target: '_blank', class: 'x', onmouseover: 'alert(2)' })] },
          { type: 'image', attrs: { src: 'https://tracker.example/documents/pixel.gif', alt: 'Stage plan', onerror: 'alert(3)' } },
          { type: 'image', attrs: { src: pictureOf(made.id), alt: 'Our map', onerror: 'alert(4)' } },
          { type: 'image', attrs: { src: `${S3.S3_PUBLIC_URL}/documents/${pictureOf(made.id).split('/').pop()}`, alt: 'In the bucket' } },
          { type: 'image', attrs: { src: `https://cdn.example/other-bucket/documents/${pictureOf(made.id).split('/').pop()}`, alt: 'Elsewhere' } },
          { type: 'codeBlock', attrs: { language: 'js x' }, content: [text('npm start')] },
        );
        const legacyRevision = body({ type: 'image', attrs: { src: 'http://192.168.1.1/documents/cam.jpg' } }, para(text('first', [{ type: 'bold' }])));
        await queryRows(first.app.ctx.db, sql`update project_documents set content_json = ${legacy}, plain_text = 'old', content_rules = 0 where id = ${made.id}`);
        await queryRows(first.app.ctx.db, sql`update project_document_revisions set content_json = ${legacyRevision}, content_rules = 0 where document_id = ${made.id}`);
      } finally {
        await first.close();
      }

      // Started again, now with S3: which pictures are this server's follows its configuration, which the web app is told too.
      const second = await build({ database: scratch, env: S3 });
      try {
        expect((await second.app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } })).json()).toMatchObject({ uploadsUrl: S3.S3_PUBLIC_URL });
        const doc = (await call(second.app, 'GET', pathOf(projectDocumentApi.get, { id: made.id }), { jwt: me.jwt })).json() as ProjectDocument;
        expect(doc.version).toBe(2);
        expect(JSON.parse(doc.contentJson)).toEqual({
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'link', attrs: { href: 'https://example.org/tickets', target: '_blank', rel: DOCUMENT_LINK_REL, class: null } }], text: 'Doors at 6' }] },
            { type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'link', attrs: { href: 'https://tracker.example/documents/pixel.gif', rel: DOCUMENT_LINK_REL } }], text: 'Stage plan' }] },
            { type: 'image', attrs: { src: pictureOf(made.id), alt: 'Our map' } },
            { type: 'image', attrs: { src: `${S3.S3_PUBLIC_URL}/documents/${pictureOf(made.id).split('/').pop()}`, alt: 'In the bucket' } },
            {
              type: 'paragraph',
              content: [{ type: 'text', marks: [{ type: 'link', attrs: { href: `https://cdn.example/other-bucket/documents/${pictureOf(made.id).split('/').pop()}`, rel: DOCUMENT_LINK_REL } }], text: 'Elsewhere' }],
            },
            { type: 'codeBlock', content: [{ type: 'text', text: 'npm start' }] },
          ],
        });
        const revision = (await call(second.app, 'GET', pathOf(projectDocumentApi.revision, { id: made.id, version: 1 }), { jwt: me.jwt })).json() as { contentJson: string };
        expect(JSON.parse(revision.contentJson)).toEqual({
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'link', attrs: { href: 'http://192.168.1.1/documents/cam.jpg', rel: DOCUMENT_LINK_REL } }], text: 'http://192.168.1.1/documents/cam.jpg' }] },
            { type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'bold' }], text: 'first' }] },
          ],
        });
        // The search text is made again from what is kept.
        const found = await call(second.app, 'POST', projectDocumentApi.search.path, { jwt: me.jwt, body: { searchText: 'Stage plan' } });
        expect((found.json() as { documents: { id: string }[] }).documents.map((d) => d.id)).toEqual([made.id]);
        const rules = await queryRows<{ n: number }>(
          second.app.ctx.db,
          sql`select content_rules as n from project_documents where id = ${made.id} union all select content_rules from project_document_revisions where document_id = ${made.id}`,
        );
        expect(rules.map((r) => r.n)).toEqual([1, 1]);
        // Once: the next start finds nothing left to do.
        expect(await checkStoredDocuments({ db: second.app.ctx.db, options: {} })).toEqual({ checked: 0, changed: 0 });
      } finally {
        await second.close();
      }
    } finally {
      await scratch.drop();
    }
  });
});
