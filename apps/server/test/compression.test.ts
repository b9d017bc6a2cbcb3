import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '@hubbub/contract';
import { build, type TestApp } from './support/build.js';

// Answers and assets go out compressed when asked and plain when not (issue 10).

let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('Hubbub '.repeat(2000))});\n`;

beforeAll(async () => {
  // A build output as `npm run build` writes it: each asset with its .br and .gz beside it.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Hubbub</title>');
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), script);
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  await fs.writeFile(path.join(dist, 'assets', 'maplibre-gl-worker-abc123.mjs'), script);
  await fs.writeFile(path.join(dist, 'assets', 'icon-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await build({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-tenant': 'hubbub', ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('JSON answers', () => {
  it('come back brotli or gzip when asked, the same JSON either way, and plain when not', async () => {
    const plain = await get(OPENAPI_PATH);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.json();

    const br = await get(OPENAPI_PATH, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gz = await get(OPENAPI_PATH, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(expected);
  });

  it('leave answers under 1 KB as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json', 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ name: 'Hubbub' });
  });
});

describe('static assets', () => {
  it('are served from their build-time .br or .gz with the matching encoding, and plain when not asked', async () => {
    const br = await get('/assets/app-abc123.js', 'br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toContain('immutable');
  });
});

describe("static assets' headers", () => {
  it('a hashed script goes out without the headers only a document uses, keeping nosniff; a worker and an SVG keep the policy', async () => {
    const js = await get('/assets/app-abc123.js', 'br');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy', 'etag', 'last-modified']) expect(js.headers[name], name).toBeUndefined();
    // A worker takes its policy from its own answer (it fetches the map's tiles), an SVG opened on its own is a document.
    for (const url of ['/assets/maplibre-gl-worker-abc123.mjs', '/assets/icon-abc123.svg']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toMatch(/connect-src 'self'/);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // The shell keeps everything, and what it needs to revalidate.
    const shell = await t.app.inject({ method: 'GET', url: '/search', headers: { accept: 'text/html' } });
    expect(shell.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(shell.headers.etag).toBeDefined();
  });
});

describe('pages and API addresses', () => {
  it('serves the web app for pages whose path starts like an API area, and a Problem under the API', async () => {
    for (const page of ['/account/profile', '/account/settings', '/events']) {
      const res = await t.app.inject({ method: 'GET', url: page, headers: { accept: 'text/html' } });
      expect(res.statusCode, page).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    const api = await t.app.inject({ method: 'GET', url: '/account/api/v1/nothing-here', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
  });
});
