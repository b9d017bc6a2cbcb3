import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { EventSchema, type HubEvent, eventsApi, pathOf, smallThumbnailPath } from '@hubbub/contract';
import { TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { expectDetailedProblem as expectProblem } from './support/problem.js';
import { multipart, type Part } from './support/multipart.js';

let t: TestApp;
let bigJpeg: Buffer;
beforeAll(async () => {
  t = await build();
  bigJpeg = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#f00' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif' } } })
    .toBuffer();
});
afterAll(() => t.close());


const UNKNOWN_ID = '7d3f5c1e-0000-4000-8000-0000000000b1';
const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 5 * 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

function upload(user: TestUser | undefined, eventId: string, parts: Part[]): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: pathOf(eventsApi.setThumbnail, { id: eventId }),
    headers: { 'x-tenant': TENANT, 'content-type': contentType, ...(user ? { authorization: `Bearer ${user.jwt}` } : {}) },
    payload,
  });
}

const file = (data: Buffer | string, filename = 'flyer.jpg', contentType = 'image/jpeg'): Part[] => [{ name: 'file', data, filename, contentType }];

async function uploadOk(user: TestUser, eventId: string, parts: Part[]): Promise<HubEvent> {
  const res = await upload(user, eventId, parts);
  expect(res.statusCode, res.body).toBe(200);
  return EventSchema.strict().parse(res.json());
}

async function create(user: TestUser): Promise<HubEvent> {
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    body: { name: `Poster Show ${randomUUID().slice(0, 8)}`, startDate: at(T0), endDate: at(T0 + HOUR), area: { latitude: -33, longitude: -140 } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return EventSchema.parse(res.json());
}

async function read(id: string): Promise<HubEvent> {
  const res = await call(t.app, 'GET', pathOf(eventsApi.get, { id }));
  expect(res.statusCode, res.body).toBe(200);
  return EventSchema.parse(res.json());
}

const served = (publicPath: string) => t.app.inject({ method: 'GET', url: publicPath });

/** The thumbnail files stored for one event. */
async function filesOf(eventId: string): Promise<string[]> {
  const dir = path.join(t.dataDir, 'uploads', 'thumbnails');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.startsWith(eventId)).map((n) => `/uploads/thumbnails/${n}`);
}

describe('POST event/thumbnail/{id}', () => {
  it('stores a JPEG as a WebP of at most 1280x720 without its EXIF, served immutable', async () => {
    expect(bigJpeg.includes('secret-exif')).toBe(true);
    const host = await signUp(t);
    const event = await create(host);
    const updated = await uploadOk(host, event.id, file(bigJpeg));
    expect(updated.id).toBe(event.id);
    expect(updated.thumbnailPath).toMatch(/^\/uploads\/thumbnails\/[^/]+\.webp$/);
    expect(Date.parse(updated.updated)).toBeGreaterThanOrEqual(Date.parse(event.updated));
    expect((await read(event.id)).thumbnailPath).toBe(updated.thumbnailPath);
    expect(await filesOf(event.id)).toEqual([updated.thumbnailPath]);

    const res = await served(updated.thumbnailPath!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(String(res.headers['cache-control'])).toContain('immutable');
    const image = res.rawPayload;
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(1280);
    expect(meta.height).toBeLessThanOrEqual(720);
    // 2000x1500 fits inside 1280x720 at 960x720.
    expect([meta.width, meta.height]).toEqual([960, 720]);
    expect(meta.exif).toBeUndefined();
    expect(image.includes('secret-exif')).toBe(false);
    // Served without a tenant or login: it is a public file.
    expect((await t.app.inject({ method: 'GET', url: updated.thumbnailPath!, headers: { 'x-tenant': 'nope' } })).statusCode).toBe(200);
  });

  it.each([
    ['PNG', 'image/png', 'a.png', () => sharp({ create: { width: 64, height: 48, channels: 4, background: '#0f08' } }).png().toBuffer()],
    ['WebP', 'image/webp', 'a.webp', () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#00f' } }).webp().toBuffer()],
    ['GIF', 'image/gif', 'a.gif', () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff0' } }).gif().toBuffer()],
  ])('accepts %s and never enlarges a small image', async (_label, type, name, make) => {
    const host = await signUp(t);
    const event = await create(host);
    const updated = await uploadOk(host, event.id, file(await make(), name, type));
    const res = await served(updated.thumbnailPath!);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
  });

  it('judges the bytes, not the name or the declared type: a PNG named .gif sent as text/plain is accepted', async () => {
    const host = await signUp(t);
    const event = await create(host);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await uploadOk(host, event.id, file(png, 'x.gif', 'text/plain'))).thumbnailPath).toMatch(/\.webp$/);
  });

  it('replacing the thumbnail removes the old file', async () => {
    const host = await signUp(t);
    const event = await create(host);
    const first = (await uploadOk(host, event.id, file(bigJpeg))).thumbnailPath!;
    const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#0f0' } }).png().toBuffer();
    const second = (await uploadOk(host, event.id, file(png, 'b.png', 'image/png'))).thumbnailPath!;
    expect(second).not.toBe(first);
    expect((await served(first)).statusCode).toBe(404);
    expect((await served(second)).statusCode).toBe(200);
    expect(await filesOf(event.id)).toEqual([second]);
    expect((await read(event.id)).thumbnailPath).toBe(second);
  });

  it('the cards get a 240x135 copy, made on first request and removed with the thumbnail; unknown or odd names are 404 Problems', async () => {
    const host = await signUp(t);
    const event = await create(host);
    const stored = (await uploadOk(host, event.id, file(bigJpeg))).thumbnailPath!;
    const small = smallThumbnailPath(stored)!;
    expect(small).toBe(stored.replace('/thumbnails/', '/thumbnails/small/'));
    for (const pass of ['made', 'kept']) {
      const res = await served(small);
      expect(res.statusCode, pass).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(String(res.headers['cache-control'])).toContain('immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res.rawPayload).metadata();
      // 2000x1500 cover-cropped to the cards' 16:9.
      expect([meta.format, meta.width, meta.height], pass).toEqual(['webp', 240, 135]);
      expect(res.rawPayload.length).toBeLessThan((await served(stored)).rawPayload.length);
    }
    for (const url of ['/uploads/thumbnails/small/nope.webp', '/uploads/thumbnails/small/.x.webp', '/uploads/thumbnails/small/a.png', '/uploads/thumbnails/small/..%2Fsecret.webp']) {
      const res = await served(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'not_found' });
    }
    const removed = await t.app.inject({ method: 'DELETE', url: pathOf(eventsApi.removeThumbnail, { id: event.id }), headers: { 'x-tenant': TENANT, authorization: `Bearer ${host.jwt}` } });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await served(small)).statusCode).toBe(404);
    expect(await fs.readdir(path.join(t.dataDir, 'uploads', 'thumbnails', 'small'))).not.toContain(small.split('/').pop());
  });

  describe('bad uploads change nothing', () => {
    let host: TestUser;
    let event: HubEvent;
    let current: string;
    beforeAll(async () => {
      host = await signUp(t);
      event = await create(host);
      current = (await uploadOk(host, event.id, file(bigJpeg))).thumbnailPath!;
    });

    async function unchanged() {
      const now = await read(event.id);
      expect(now.thumbnailPath).toBe(current);
      expect((await served(current)).statusCode).toBe(200);
      expect(await filesOf(event.id)).toEqual([current]);
    }

    it.each([
      ['a text file renamed .jpg', 400, () => file('just some words, not a picture\n'.repeat(20), 'photo.jpg', 'image/jpeg')],
      ['an SVG', 400, () => file('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>', 'logo.svg', 'image/svg+xml')],
      ['a truncated JPEG', 400, () => file(bigJpeg.subarray(0, Math.floor(bigJpeg.length / 2)))],
      ['an empty file', 400, () => file(Buffer.alloc(0))],
      ['a file over 10 MB', 413, () => file(Buffer.concat([bigJpeg, Buffer.alloc(10 * 1024 * 1024, 0)]))],
      ['a form with no file field', 400, () => [{ name: 'title', data: 'no file here' }] as Part[]],
    ])('%s → %i', async (_label, status, parts) => {
      expectProblem(await upload(host, event.id, parts()), status);
      await unchanged();
    });

    it('a TIFF is refused as unsupported (400)', async () => {
      const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123' } }).tiff().toBuffer();
      expectProblem(await upload(host, event.id, file(tiff, 'scan.tif', 'image/tiff')), 400);
      await unchanged();
    });

    it('a JSON body is 415, no body at all 415', async () => {
      expectProblem(await call(t.app, 'POST', pathOf(eventsApi.setThumbnail, { id: event.id }), { jwt: host.jwt, body: { file: 'data:image/png;base64,AAAA' } }), 415);
      expectProblem(await call(t.app, 'POST', pathOf(eventsApi.setThumbnail, { id: event.id }), { jwt: host.jwt }), 415);
      await unchanged();
    });

    it('a non-owner is 403, no token 401', async () => {
      const stranger = await signUp(t);
      expectProblem(await upload(stranger, event.id, file(bigJpeg)), 403);
      expectProblem(await upload(undefined, event.id, file(bigJpeg)), 401);
      await unchanged();
    });

    it('an unknown event is 404, a malformed id 400', async () => {
      expectProblem(await upload(host, UNKNOWN_ID, file(bigJpeg)), 404);
      expectProblem(await upload(host, 'nope', file(bigJpeg)), 400);
      expect(await filesOf(UNKNOWN_ID)).toEqual([]);
      await unchanged();
    });
  });
});

describe('DELETE event/thumbnail/{id}', () => {
  it('the owner clears the thumbnail and its file is gone; a non-owner is 403', async () => {
    const host = await signUp(t);
    const stranger = await signUp(t);
    const event = await create(host);
    const thumb = (await uploadOk(host, event.id, file(bigJpeg))).thumbnailPath!;
    expectProblem(await call(t.app, 'DELETE', pathOf(eventsApi.removeThumbnail, { id: event.id }), { jwt: stranger.jwt }), 403);
    expectProblem(await call(t.app, 'DELETE', pathOf(eventsApi.removeThumbnail, { id: event.id })), 401);
    expect((await read(event.id)).thumbnailPath).toBe(thumb);
    expect((await served(thumb)).statusCode).toBe(200);

    const res = await call(t.app, 'DELETE', pathOf(eventsApi.removeThumbnail, { id: event.id }), { jwt: host.jwt });
    expect(res.statusCode, res.body).toBe(200);
    expect(EventSchema.strict().parse(res.json()).thumbnailPath).toBeNull();
    expect((await read(event.id)).thumbnailPath).toBeNull();
    expect((await served(thumb)).statusCode).toBe(404);
    expect(await filesOf(event.id)).toEqual([]);
    // Clearing an empty thumbnail is harmless.
    expect((await call(t.app, 'DELETE', pathOf(eventsApi.removeThumbnail, { id: event.id }), { jwt: host.jwt })).statusCode).toBe(200);
  });

  it('an unknown event is 404, a malformed id 400', async () => {
    const host = await signUp(t);
    expectProblem(await call(t.app, 'DELETE', pathOf(eventsApi.removeThumbnail, { id: UNKNOWN_ID }), { jwt: host.jwt }), 404);
    expectProblem(await call(t.app, 'DELETE', pathOf(eventsApi.removeThumbnail, { id: 'nope' }), { jwt: host.jwt }), 400);
  });

  it('deleting the event removes its thumbnail file', async () => {
    const host = await signUp(t);
    const event = await create(host);
    const thumb = (await uploadOk(host, event.id, file(bigJpeg))).thumbnailPath!;
    expect((await call(t.app, 'DELETE', pathOf(eventsApi.delete, { id: event.id }), { jwt: host.jwt })).statusCode).toBe(200);
    expect((await served(thumb)).statusCode).toBe(404);
    expect(await filesOf(event.id)).toEqual([]);
  });
});

describe('regressions', () => {
  // apps/server/src/modules/events/routes.ts: request.file() takes the first file of any field, although the route
  // documents (and its own 400 message asks for) a field named "file". Repro: multipart with the JPEG in a field named
  // "image" → 200 and the thumbnail is replaced.
  it('a file sent in a field not named "file" is 400 and the thumbnail stays', async () => {
    const host = await signUp(t);
    const event = await create(host);
    const before = await uploadOk(host, event.id, file(bigJpeg));
    const current = before.thumbnailPath!;
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0f0' } }).png().toBuffer();
    for (const name of ['image', 'File', 'thumbnail']) {
      const problem = expectProblem(await upload(host, event.id, [{ name, data: png, filename: 'flyer.png', contentType: 'image/png' }]), 400);
      expect(problem.detail, name).toContain('"file"');
    }
    const after = await read(event.id);
    expect(after.thumbnailPath).toBe(current);
    expect(after.updated).toBe(before.updated);
    expect((await served(current)).statusCode).toBe(200);
    expect(await filesOf(event.id)).toEqual([current]);
    // The same image in the field named "file" is taken.
    expect((await uploadOk(host, event.id, file(png, 'flyer.png', 'image/png'))).thumbnailPath).not.toBe(current);
  });
});
