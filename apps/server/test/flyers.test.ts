import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import {
  EventSchema,
  FlyerContentSchema,
  FlyerSchema,
  type Flyer,
  type FlyerContent,
  type HubEvent,
  eventsApi,
  flyersApi,
  pathOf,
} from '@hubbub/contract';
import { OTHER_TENANT, TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, type TestUser, usePlan } from './support/api.js';
import { expectDetailedProblem as expectProblem } from './support/problem.js';
import { multipart, type Part } from './support/multipart.js';

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await build();
  jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0af' } }).jpeg().toBuffer();
});
afterAll(() => t.close());


const UNKNOWN_ID = '7d3f5c1e-0000-4000-8000-0000000000f1';
const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 5 * 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

const design = (over: Partial<FlyerContent> = {}): FlyerContent => ({
  version: 1,
  background: { kind: 'gradient', name: 'Omolon', colors: ['#091e3a', '#2f80ed', '#2d9ee0'], angle: 135 },
  blocks: [
    { kind: 'text', id: 't1', text: 'Doors at 8', fontSize: 48, color: '#ffffff', align: 'center', x: 0.5, y: 0.2 },
    { kind: 'emoji', id: 'e1', emoji: '🎉', name: 'party-popper', size: 96, x: 0.5, y: 0.6 },
  ],
  imagePath: null,
  ...over,
});

const flyerBody = (eventId: string, over: Record<string, unknown> = {}) => ({ eventId, name: `Flyer ${randomUUID().slice(0, 6)}`, contentJson: JSON.stringify(design()), ...over });

const setPlan = (user: TestUser, plan: string) => usePlan(t, user, plan);

async function createEvent(user: TestUser, over: Record<string, unknown> = {}, tenant?: string): Promise<HubEvent> {
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    tenant,
    body: { name: `Flyer Night ${randomUUID().slice(0, 8)}`, startDate: at(T0), endDate: at(T0 + HOUR), area: { latitude: -35, longitude: -145 }, ...over },
  });
  expect(res.statusCode, res.body).toBe(200);
  return EventSchema.parse(res.json());
}

async function createFlyer(user: TestUser, eventId: string, over: Record<string, unknown> = {}, tenant?: string): Promise<Flyer> {
  const res = await call(t.app, 'POST', flyersApi.create.path, { jwt: user.jwt, body: flyerBody(eventId, over), tenant });
  expect(res.statusCode, res.body).toBe(200);
  return FlyerSchema.strict().parse(res.json());
}

async function listAs(eventId: string, user?: TestUser, tenant?: string): Promise<LightMyRequestResponse> {
  return call(t.app, 'GET', pathOf(flyersApi.ofEvent, { eventId }), { jwt: user?.jwt, tenant });
}

async function list(eventId: string, user?: TestUser): Promise<Flyer[]> {
  const res = await listAs(eventId, user);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as unknown[]).map((f) => FlyerSchema.strict().parse(f));
}

async function readEvent(id: string, user?: TestUser): Promise<HubEvent> {
  const res = await call(t.app, 'GET', pathOf(eventsApi.get, { id }), { jwt: user?.jwt });
  expect(res.statusCode, res.body).toBe(200);
  return EventSchema.strict().parse(res.json());
}

const contentOf = (flyer: Flyer) => FlyerContentSchema.parse(JSON.parse(flyer.contentJson));

describe('POST flyer/ (create)', () => {
  it('the host creates a flyer: returned, listed, in flyerOrder and in the event', async () => {
    const host = await signUp(t);
    const event = await createEvent(host);
    const flyer = await createFlyer(host, event.id, { name: '  Opening night  ' });
    expect(flyer).toMatchObject({ eventId: event.id, name: 'Opening night', isActivated: false, contentType: expect.stringContaining('flyer') });
    expect(contentOf(flyer)).toEqual(design());
    expect(await list(event.id)).toEqual([flyer]);
    const read = await readEvent(event.id);
    expect(read.flyerOrder).toEqual([flyer.id]);
    expect(read.flyers).toEqual([flyer]);
  });

  it('a second flyer on the Free plan is 403 naming the limit, and nothing is stored', async () => {
    const host = await signUp(t);
    const event = await createEvent(host);
    const first = await createFlyer(host, event.id);
    const problem = expectProblem(await call(t.app, 'POST', flyersApi.create.path, { jwt: host.jwt, body: flyerBody(event.id) }), 403);
    expect(problem.detail).toContain('allows 1 flyer per event');
    expect(await list(event.id)).toEqual([first]);
    expect((await readEvent(event.id)).flyerOrder).toEqual([first.id]);
  });

  it('three creates at once on the Free plan: exactly one is stored', async () => {
    const host = await signUp(t);
    const event = await createEvent(host);
    const results = await Promise.all([1, 2, 3].map(() => call(t.app, 'POST', flyersApi.create.path, { jwt: host.jwt, body: flyerBody(event.id) })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403, 403]);
    expect(await list(event.id)).toHaveLength(1);
    expect((await readEvent(event.id)).flyerOrder).toHaveLength(1);
  });

  it("a Basic host makes several; the list follows the event's flyerOrder, which the host may reorder", async () => {
    const host = await signUp(t);
    await setPlan(host, 'Basic');
    const event = await createEvent(host);
    const made: Flyer[] = [];
    for (let i = 0; i < 3; i++) made.push(await createFlyer(host, event.id, { name: `Flyer ${i}` }));
    expect((await list(event.id)).map((f) => f.id)).toEqual(made.map((f) => f.id));
    const reversed = made.map((f) => f.id).reverse();
    const current = await readEvent(event.id, host);
    const update = await call(t.app, 'POST', eventsApi.update.path, {
      jwt: host.jwt,
      body: { id: event.id, name: current.name, startDate: current.startDate, endDate: current.endDate, area: current.area, flyerOrder: reversed },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await list(event.id)).map((f) => f.id)).toEqual(reversed);
    expect((await readEvent(event.id)).flyers.map((f) => f.id)).toEqual(reversed);
  });

  it('text with markup is stored as plain text, exactly as given', async () => {
    const host = await signUp(t);
    const event = await createEvent(host);
    const text = '<script>alert("x")</script> & <b>bold</b>\nsecond line';
    const content = design({ blocks: [{ kind: 'text', id: 'x', text, fontSize: 20, color: '#000000', align: 'left', x: 0, y: 1 }] });
    const flyer = await createFlyer(host, event.id, { contentJson: JSON.stringify(content) });
    const stored = contentOf((await list(event.id))[0]);
    expect(stored.blocks[0]).toMatchObject({ kind: 'text', text });
    expect(flyer.contentJson).toContain('<script>');
  });

  it('an imagePath sent by the client is ignored: only uploads set it', async () => {
    const host = await signUp(t);
    const event = await createEvent(host);
    const flyer = await createFlyer(host, event.id, { contentJson: JSON.stringify(design({ imagePath: 'https://evil.example/pixel.gif' })) });
    expect(contentOf(flyer).imagePath).toBeNull();
  });

  describe('bad input changes nothing', () => {
    let host: TestUser;
    let event: HubEvent;
    beforeAll(async () => {
      host = await signUp(t);
      event = await createEvent(host);
    });
    const text = (chars: number) => ({ kind: 'text', id: 'big', text: 'x'.repeat(chars), fontSize: 12, color: '#123456', align: 'left', x: 0, y: 0 });
    const emoji = (i: number) => ({ kind: 'emoji', id: `e${i}`, emoji: '⭐', name: 'star', size: 32, x: 0.1, y: 0.1 });

    it.each([
      ['contentJson that is not JSON', { contentJson: '{"version": 1,' }, 'not valid JSON'],
      ['contentJson that is a JSON string', { contentJson: '"hello"' }, 'contentJson'],
      ['content of version 2', { contentJson: JSON.stringify({ ...design(), version: 2 }) }, 'version'],
      ['a gradient of 7 colours', { contentJson: JSON.stringify(design({ background: { kind: 'gradient', name: 'Too many', colors: Array(7).fill('#abcdef'), angle: 90 } })) }, 'background.colors'],
      ['a gradient of 1 colour', { contentJson: JSON.stringify(design({ background: { kind: 'gradient', name: 'Too few', colors: ['#abcdef'], angle: 90 } })) }, 'background.colors'],
      ['a bad colour', { contentJson: JSON.stringify(design({ background: { kind: 'solid', color: 'red' } })) }, 'background.color'],
      ['an angle of 361', { contentJson: JSON.stringify(design({ background: { kind: 'gradient', name: 'G', colors: ['#000000', '#ffffff'], angle: 361 } })) }, 'angle'],
      ['a text block of 501 characters', { contentJson: JSON.stringify({ ...design(), blocks: [text(501)] }) }, 'blocks.0.text'],
      ['41 blocks', { contentJson: JSON.stringify({ ...design(), blocks: Array.from({ length: 41 }, (_, i) => emoji(i)) }) }, 'blocks'],
      ['a block of unknown kind', { contentJson: JSON.stringify({ ...design(), blocks: [{ kind: 'video', id: 'v', x: 0, y: 0 }] }) }, 'blocks.0'],
      ['a position outside the card', { contentJson: JSON.stringify({ ...design(), blocks: [{ ...emoji(0), x: 1.5 }] }) }, 'blocks.0.x'],
      ['a font size of 200', { contentJson: JSON.stringify({ ...design(), blocks: [{ ...text(3), fontSize: 200 }] }) }, 'fontSize'],
      ['an unknown field', { contentJson: JSON.stringify({ ...design(), script: 'x' }) }, 'script'],
      ['contentJson over 100,000 characters', { contentJson: ' '.repeat(100_001) }, 'contentJson'],
      ['no contentJson', { contentJson: undefined }, 'contentJson'],
      ['an empty name', { name: '   ' }, 'name'],
      ['a malformed event id', { eventId: 'nope' }, 'eventId'],
    ])('%s → 400', async (_label, over, mention) => {
      const problem = expectProblem(await call(t.app, 'POST', flyersApi.create.path, { jwt: host.jwt, body: flyerBody(event.id, over) }), 400);
      expect(JSON.stringify(problem)).toContain(mention);
      expect(await list(event.id)).toEqual([]);
    });

    it('41 blocks is refused but 40 are fine, and a 500-character text is fine', async () => {
      const ok = await call(t.app, 'POST', flyersApi.create.path, {
        jwt: host.jwt,
        body: flyerBody(event.id, { contentJson: JSON.stringify({ ...design(), blocks: [text(500), ...Array.from({ length: 39 }, (_, i) => emoji(i))] }) }),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      await call(t.app, 'DELETE', pathOf(flyersApi.delete, { id: ok.json().id }), { jwt: host.jwt });
    });

    it('no token 401, a non-owner 403, an unknown event 404, another tenant 404', async () => {
      const stranger = await signUp(t);
      expectProblem(await call(t.app, 'POST', flyersApi.create.path, { body: flyerBody(event.id) }), 401);
      expectProblem(await call(t.app, 'POST', flyersApi.create.path, { jwt: stranger.jwt, body: flyerBody(event.id) }), 403);
      expectProblem(await call(t.app, 'POST', flyersApi.create.path, { jwt: host.jwt, body: flyerBody(UNKNOWN_ID) }), 404);
      const elsewhere = await signUp(t, { tenant: OTHER_TENANT });
      expectProblem(await call(t.app, 'POST', flyersApi.create.path, { jwt: elsewhere.jwt, tenant: OTHER_TENANT, body: flyerBody(event.id) }), 404);
      expect(await list(event.id)).toEqual([]);
      expect((await readEvent(event.id)).flyerOrder).toEqual([]);
    });
  });
});

describe('POST flyer/update/', () => {
  it('the host updates name and content; 200 {ok: true}', async () => {
    const host = await signUp(t);
    const event = await createEvent(host);
    const flyer = await createFlyer(host, event.id);
    const content = design({ background: { kind: 'solid', color: '#ff8800' }, blocks: [] });
    const res = await call(t.app, 'POST', flyersApi.update.path, { jwt: host.jwt, body: { id: flyer.id, name: 'Renamed', contentJson: JSON.stringify(content) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [now] = await list(event.id);
    expect(now).toMatchObject({ id: flyer.id, name: 'Renamed', contentType: flyer.contentType });
    expect(contentOf(now)).toEqual(content);
  });

  it('bad content 400, non-owner 403, other tenant 404, unknown 404, malformed 400: nothing changes', async () => {
    const host = await signUp(t);
    const stranger = await signUp(t);
    const elsewhere = await signUp(t, { tenant: OTHER_TENANT });
    const event = await createEvent(host);
    const flyer = await createFlyer(host, event.id);
    const body = (over: Record<string, unknown> = {}) => ({ id: flyer.id, name: 'Changed', contentJson: JSON.stringify(design({ blocks: [] })), ...over });
    expectProblem(await call(t.app, 'POST', flyersApi.update.path, { jwt: host.jwt, body: body({ contentJson: 'nope' }) }), 400);
    expectProblem(await call(t.app, 'POST', flyersApi.update.path, { jwt: host.jwt, body: body({ contentJson: JSON.stringify({ ...design(), version: 0 }) }) }), 400);
    expectProblem(await call(t.app, 'POST', flyersApi.update.path, { jwt: host.jwt, body: body({ name: '' }) }), 400);
    expectProblem(await call(t.app, 'POST', flyersApi.update.path, { jwt: host.jwt, body: body({ id: 'nope' }) }), 400);
    expectProblem(await call(t.app, 'POST', flyersApi.update.path, { jwt: host.jwt, body: body({ id: UNKNOWN_ID }) }), 404);
    expectProblem(await call(t.app, 'POST', flyersApi.update.path, { jwt: stranger.jwt, body: body() }), 403);
    expectProblem(await call(t.app, 'POST', flyersApi.update.path, { jwt: elsewhere.jwt, tenant: OTHER_TENANT, body: body() }), 404);
    expectProblem(await call(t.app, 'POST', flyersApi.update.path, { body: body() }), 401);
    expect(await list(event.id)).toEqual([flyer]);
  });
});

describe('DELETE flyer/{id}', () => {
  it('the host deletes it: gone from the list and flyerOrder, a slot is free again', async () => {
    const host = await signUp(t);
    const stranger = await signUp(t);
    const event = await createEvent(host);
    const flyer = await createFlyer(host, event.id);
    expectProblem(await call(t.app, 'DELETE', pathOf(flyersApi.delete, { id: flyer.id }), { jwt: stranger.jwt }), 403);
    expectProblem(await call(t.app, 'DELETE', pathOf(flyersApi.delete, { id: flyer.id })), 401);
    expectProblem(await call(t.app, 'DELETE', pathOf(flyersApi.delete, { id: UNKNOWN_ID }), { jwt: host.jwt }), 404);
    expectProblem(await call(t.app, 'DELETE', pathOf(flyersApi.delete, { id: 'nope' }), { jwt: host.jwt }), 400);
    expect(await list(event.id)).toEqual([flyer]);

    const res = await call(t.app, 'DELETE', pathOf(flyersApi.delete, { id: flyer.id }), { jwt: host.jwt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await list(event.id)).toEqual([]);
    expect((await readEvent(event.id)).flyerOrder).toEqual([]);
    expectProblem(await call(t.app, 'DELETE', pathOf(flyersApi.delete, { id: flyer.id }), { jwt: host.jwt }), 404);
    await createFlyer(host, event.id);
  });
});

describe('GET flyer/event/{eventId}', () => {
  it('anyone who may see the event sees its flyers; a draft only its host; another tenant 404', async () => {
    const host = await signUp(t);
    const viewer = await signUp(t);
    await setPlan(host, 'Basic');
    const open = await createEvent(host);
    const flyer = await createFlyer(host, open.id);
    expect(await list(open.id)).toEqual([flyer]);
    expect(await list(open.id, viewer)).toEqual([flyer]);
    expectProblem(await listAs(open.id, undefined, OTHER_TENANT), 404);

    const draft = await createEvent(host, { publishOnDate: at(T0 - HOUR) });
    const hidden = await createFlyer(host, draft.id);
    expect(await list(draft.id, host)).toEqual([hidden]);
    expectProblem(await listAs(draft.id, viewer), 404);
    expectProblem(await listAs(draft.id), 404);

    const empty = await createEvent(host);
    expect(await list(empty.id)).toEqual([]);
    expectProblem(await listAs(UNKNOWN_ID), 404);
    expectProblem(await listAs('nope'), 400);
  });
});

function upload(user: TestUser | undefined, flyerId: string, parts: Part[], tenant = TENANT): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: pathOf(flyersApi.setImage, { id: flyerId }),
    headers: { 'x-tenant': tenant, 'content-type': contentType, ...(user ? { authorization: `Bearer ${user.jwt}` } : {}) },
    payload,
  });
}

const file = (data: Buffer | string, filename = 'flyer.jpg', contentType = 'image/jpeg'): Part[] => [{ name: 'file', data, filename, contentType }];
const served = (publicPath: string) => t.app.inject({ method: 'GET', url: publicPath });

async function filesOf(flyerId: string): Promise<string[]> {
  const names = await fs.readdir(path.join(t.dataDir, 'uploads', 'flyers')).catch(() => [] as string[]);
  return names.filter((n) => n.startsWith(flyerId)).map((n) => `/uploads/flyers/${n}`);
}

describe('flyer/image/{id}', () => {
  it('upload stores a bounded WebP, sets imagePath in the content; replacing and removing clean up the files', async () => {
    const host = await signUp(t);
    const event = await createEvent(host);
    const flyer = await createFlyer(host, event.id);
    const res = await upload(host, flyer.id, file(jpeg));
    expect(res.statusCode, res.body).toBe(200);
    const withImage = FlyerSchema.strict().parse(res.json());
    const first = contentOf(withImage).imagePath!;
    expect(first).toMatch(/^\/uploads\/flyers\/[^/]+\.webp$/);
    expect(contentOf(withImage).blocks).toEqual(design().blocks);
    expect((await list(event.id))[0]).toEqual(withImage);
    const image = await served(first);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1600);

    // An edit keeps the uploaded image, whatever imagePath it sends.
    await call(t.app, 'POST', flyersApi.update.path, { jwt: host.jwt, body: { id: flyer.id, name: 'Edited', contentJson: JSON.stringify(design({ imagePath: null })) } });
    expect(contentOf((await list(event.id))[0]).imagePath).toBe(first);

    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#f0f' } }).png().toBuffer();
    const second = contentOf(FlyerSchema.parse((await upload(host, flyer.id, file(png, 'b.png', 'image/png'))).json())).imagePath!;
    expect(second).not.toBe(first);
    expect((await served(first)).statusCode).toBe(404);
    expect(await filesOf(flyer.id)).toEqual([second]);

    const removed = await call(t.app, 'DELETE', pathOf(flyersApi.removeImage, { id: flyer.id }), { jwt: host.jwt });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(contentOf(FlyerSchema.strict().parse(removed.json())).imagePath).toBeNull();
    expect(await filesOf(flyer.id)).toEqual([]);
    expect(contentOf((await list(event.id))[0]).imagePath).toBeNull();
  });

  it('bad uploads change nothing: fake 400, over 10 MB 413, not multipart 415, non-owner 403, other tenant 404', async () => {
    const host = await signUp(t);
    const stranger = await signUp(t);
    const elsewhere = await signUp(t, { tenant: OTHER_TENANT });
    const event = await createEvent(host);
    const flyer = FlyerSchema.parse((await upload(host, (await createFlyer(host, event.id)).id, file(jpeg))).json());
    const current = contentOf(flyer).imagePath!;
    const unchanged = async () => {
      expect(await list(event.id)).toEqual([flyer]);
      expect(await filesOf(flyer.id)).toEqual([current]);
    };
    expectProblem(await upload(host, flyer.id, file('not a picture\n'.repeat(50))), 400);
    expectProblem(await upload(host, flyer.id, file(Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]))), 413);
    expectProblem(await upload(host, flyer.id, [{ name: 'image', data: jpeg, filename: 'a.jpg', contentType: 'image/jpeg' }]), 400);
    expectProblem(await call(t.app, 'POST', pathOf(flyersApi.setImage, { id: flyer.id }), { jwt: host.jwt, body: { file: 'x' } }), 415);
    expectProblem(await upload(stranger, flyer.id, file(jpeg)), 403);
    expectProblem(await upload(undefined, flyer.id, file(jpeg)), 401);
    expectProblem(await upload(elsewhere, flyer.id, file(jpeg), OTHER_TENANT), 404);
    expectProblem(await upload(host, UNKNOWN_ID, file(jpeg)), 404);
    expectProblem(await call(t.app, 'DELETE', pathOf(flyersApi.removeImage, { id: flyer.id }), { jwt: stranger.jwt }), 403);
    expectProblem(await call(t.app, 'DELETE', pathOf(flyersApi.removeImage, { id: UNKNOWN_ID }), { jwt: host.jwt }), 404);
    await unchanged();
  });

  it('deleting the flyer or its event removes the image file', async () => {
    const host = await signUp(t);
    await setPlan(host, 'Basic');
    const event = await createEvent(host);
    const a = await createFlyer(host, event.id);
    const b = await createFlyer(host, event.id);
    await upload(host, a.id, file(jpeg));
    await upload(host, b.id, file(jpeg));
    expect(await filesOf(a.id)).toHaveLength(1);
    expect((await call(t.app, 'DELETE', pathOf(flyersApi.delete, { id: a.id }), { jwt: host.jwt })).statusCode).toBe(200);
    expect(await filesOf(a.id)).toEqual([]);
    expect((await readEvent(event.id)).flyerOrder).toEqual([b.id]);
    expect((await call(t.app, 'DELETE', pathOf(eventsApi.delete, { id: event.id }), { jwt: host.jwt })).statusCode).toBe(200);
    expect(await filesOf(b.id)).toEqual([]);
  });
});
