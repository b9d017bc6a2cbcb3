import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, guarded, safeDocumentLoader, safeGet } from './safe-fetch.js';

// A server on loopback standing for the inside of the network: with private addresses refused,
// nothing may reach it, however its address is written.
let hits = 0;
let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'application/activity+json' });
      res.end(Buffer.alloc(MAX_DOCUMENT_BYTES + 10, 0x20));
    } else if (req.url?.startsWith('/loop')) {
      res.writeHead(302, { location: `/loop${req.url.length}` });
      res.end();
    } else if (req.url === '/redirect-out') {
      res.writeHead(302, { location: 'https://[::ffff:127.0.0.1]:1/inside' });
      res.end();
    } else {
      res.writeHead(200, { 'content-type': 'application/activity+json' });
      res.end(JSON.stringify({ id: `http://127.0.0.1:${port}${req.url}`, type: 'Person' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('safeGet with private addresses refused', () => {
  it.each([
    'https://127.0.0.1:PORT/x',
    'https://[::ffff:127.0.0.1]:PORT/x',
    'https://[::ffff:7f00:1]:PORT/x',
    'https://[::]:PORT/x',
    'https://[::1]:PORT/x',
    'https://100.64.0.1:PORT/x',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost:PORT/x',
    'https://localhost.:PORT/x',
    'http://example.com/x',
    'file:///etc/passwd',
  ])('refuses %s without reaching it', async (address) => {
    const before = hits;
    await expect(safeGet(address.replace('PORT', String(port)), { allowPrivate: false })).rejects.toThrow();
    expect(hits).toBe(before);
  });
});

describe('safeGet where private addresses are allowed (tests, closed networks)', () => {
  it('reads a document', async () => {
    const answer = await safeGet(`http://127.0.0.1:${port}/actor`, { allowPrivate: true });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString()).type).toBe('Person');
  });

  it('refuses a document over the size limit, and endless redirects', async () => {
    await expect(safeGet(`http://127.0.0.1:${port}/big`, { allowPrivate: true })).rejects.toThrow(/larger than/);
    await expect(safeGet(`http://127.0.0.1:${port}/loop`, { allowPrivate: true })).rejects.toThrow(/too many redirects/);
  });

  it('the document loader reads ActivityPub JSON and never fetches an unknown JSON-LD context', async () => {
    const load = safeDocumentLoader({ allowPrivate: true, userAgent: 'test' });
    expect((await load(`http://127.0.0.1:${port}/actor`)).document).toMatchObject({ type: 'Person' });
    expect((await load('https://www.w3.org/ns/activitystreams')).document).toHaveProperty('@context');
  });
});

describe('guarded: the global fetch inside a queued delivery', () => {
  it('refuses private addresses and does not follow redirects, and leaves other fetches alone', async () => {
    const before = hits;
    await expect(guarded(false, () => fetch(`https://[::ffff:127.0.0.1]:${port}/inbox`, { method: 'POST', body: '{}' }))).rejects.toThrow();
    expect(hits).toBe(before);
    const redirected = await guarded(true, () => fetch(`http://127.0.0.1:${port}/redirect-out`, { method: 'POST', body: '{}' }));
    expect(redirected.status).toBe(302);
    // Outside a delivery, fetch is the platform's.
    expect((await fetch(`http://127.0.0.1:${port}/actor`)).status).toBe(200);
  });
});
