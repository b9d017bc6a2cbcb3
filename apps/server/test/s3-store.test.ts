import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import sharp from 'sharp';
import { eventsApi, pathOf } from '@hubbub/contract';
import { build, type TestApp } from './support/build.js';
import { call, signUp } from './support/api.js';
import { multipart } from './support/multipart.js';

let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'hubbub-test', configs: [] }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await build({
    env: { S3_BUCKET: 'hubbub-test', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
  });
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
  await fs.rm(s3Dir, { recursive: true, force: true });
});

const area = { name: 'Omaha, NE', type: 4, latitude: 41.25, longitude: -95.94, zoom: 12 };

describe('S3-compatible storage', () => {
  it('keeps thumbnails in the bucket when S3_* is set, and removes replaced ones', async () => {
    const user = await signUp(t);
    const start = new Date(Date.now() + 86_400_000);
    const created = await call(t.app, 'POST', eventsApi.create.path, {
      jwt: user.jwt,
      body: { name: 'Bucket party', startDate: start.toISOString(), endDate: new Date(start.getTime() + 3_600_000).toISOString(), area },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    const upload = async () => {
      const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#36c' } }).png().toBuffer();
      const { payload, contentType } = multipart([{ name: 'file', data: image, filename: 'cover.png', contentType: 'application/octet-stream' }]);
      return t.app.inject({ method: 'POST', url: pathOf(eventsApi.setThumbnail, { id }), payload, headers: { 'content-type': contentType, 'x-tenant': 'hubbub', authorization: `Bearer ${user.jwt}` } });
    };
    const first = await upload();
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().thumbnailPath;
    expect(firstUrl.startsWith(`${endpoint}/hubbub-test/thumbnails/`)).toBe(true);
    const served = await fetch(firstUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');

    const second = await upload();
    const secondUrl: string = second.json().thumbnailPath;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await fetch(firstUrl)).status).toBe(404);
    expect((await fetch(secondUrl)).status).toBe(200);
  });
});
