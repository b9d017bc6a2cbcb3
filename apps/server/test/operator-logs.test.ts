import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '@hubbub/contract';
import { loggerOptions } from '../src/logger.js';
import { build, type ListeningTestApp } from './support/build.js';

// Issue 22, findings 10 and 11: what an operator reads. A browser cancelling a request is not an
// error; ordinary requests are not logged at info; a web build that lands while the server runs
// is served without a restart.

interface Line {
  level: number;
  msg: string;
}

const lines: Line[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
    done();
  },
});

let t: ListeningTestApp;
let dist: string;

beforeAll(async () => {
  // The web app is not built when the server starts: its folder appears later.
  dist = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-late-dist-')), 'dist');
  // The server's own logger settings at info, written here instead of to stdout.
  const logger = { ...(loggerOptions('info') as object), stream: sink };
  t = await build({ listen: true, env: { WEB_DIST: dist }, logger });
}, 180_000);
afterAll(async () => {
  await t.close();
  await fs.rm(path.dirname(dist), { recursive: true, force: true });
});

/** Asks for a big compressed answer and hangs up as soon as its first bytes arrive. */
function cancelMidAnswer(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'br', 'x-tenant': 'hubbub' } }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve() : reject(error)));
  });
}

describe('issue 22: logs an operator can read', () => {
  it('ordinary requests write no line at info', async () => {
    lines.length = 0;
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${t.url}${OPENAPI_PATH}`, { headers: { 'x-tenant': 'hubbub' } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const notFound = await fetch(`${t.url}/engine/api/v1/nothing-here`, { headers: { 'x-tenant': 'hubbub' } });
    expect(notFound.status).toBe(404);
    await new Promise((r) => setTimeout(r, 100));
    expect(lines.filter((l) => l.level >= 30).map((l) => l.msg)).toEqual([]);
  });

  it('a web build that lands after the start is served, not a 503 for the rest of the life', async () => {
    const before = await fetch(`${t.url}/search`);
    expect(before.status).toBe(503);
    await fs.mkdir(dist, { recursive: true });
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Hubbub</title>');
    const after = await fetch(`${t.url}/search`);
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('<title>Hubbub</title>');
    // And so are the files of a build that comes after the start (a rebuild's new hashed names).
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.writeFile(path.join(dist, 'assets', 'app-new123.js'), 'console.log("new build");');
    const asset = await fetch(`${t.url}/assets/app-new123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log("new build");');
  });

  it('a request the browser cancels is not logged as an error', async () => {
    lines.length = 0;
    // A file compressed as it streams (no .br beside it) and a JSON answer.
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.writeFile(path.join(dist, 'assets', 'big-abc123.js'), `const noise = '${randomBytes(3_000_000).toString('base64')}';\n`);
    for (let i = 0; i < 5; i++) {
      await cancelMidAnswer(`${t.url}/assets/big-abc123.js`);
      await cancelMidAnswer(`${t.url}${OPENAPI_PATH}`);
    }
    await new Promise((r) => setTimeout(r, 300));
    // Not an error, and not even worth a line at info: nothing went wrong on the server's side.
    const shown = lines.filter((l) => l.level >= 30);
    expect(shown, JSON.stringify(shown)).toEqual([]);
  });
});
