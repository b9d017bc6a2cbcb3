import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tagsApi } from '@hubbub/contract';
import { openDatabase } from '../src/db/client.js';
import { Readiness } from '../src/lib/readiness.js';
import { build, type ListeningTestApp } from './support/build.js';
import { createHub } from './support/hub-client.js';
import { signUp } from './support/api.js';
import { expectProblem } from './support/problem.js';
import { exited, freePort, startServer } from './support/server-process.js';

// Issue 31: what a load balancer and a Prometheus scraper ask an instance.

const TOKEN = 'metrics-token-0123456789';
let t: ListeningTestApp;
const readiness = new Readiness();
beforeAll(async () => {
  t = await build({ readiness, env: { METRICS_TOKEN: TOKEN }, listen: true });
});
afterAll(() => t?.close());

/** The value of one sample line of the Prometheus text, 0 when it is not there. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && want.every((w) => l.includes(w)));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('health', () => {
  it('says live and ready without a tenant, and not ready while draining, when every other call is still served', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'live' }]);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'ok' });
    expect(ready.headers['cache-control']).toBe('no-store');

    readiness.drain();
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(expectProblem(draining, 503, { code: 'not_ready' }).detail).toMatch(/shutting down/);
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: tagsApi.categories.path, headers: { 'x-tenant': 'hubbub' } })).statusCode).toBe(200);
  });

  it('is not ready when the database cannot answer', async () => {
    const database = await openDatabase({});
    const other = await build({ database });
    await database.close();
    const answer = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(expectProblem(answer, 503, { code: 'not_ready' }).detail).toMatch(/database/i);
    await other.close().catch(() => undefined);
  });
});

describe('metrics', () => {
  it('refuses without the token, or with another', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/metrics' }), 401, { code: 'unauthenticated' });
    expectProblem(await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } }), 401, { code: 'unauthenticated' });
    // As many characters as the token, more bytes: refused, not a failure.
    expectProblem(await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${'a'.repeat(TOKEN.length - 1)}é` } }), 401, { code: 'unauthenticated' });
  });

  it('counts and times requests by route pattern and status; reports the job queues, the hub and the process', async () => {
    const scrape = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      return res.body;
    };
    const labels = { method: 'GET', route: tagsApi.categories.path, status: '200' };
    const before = await scrape();
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: tagsApi.categories.path, headers: { 'x-tenant': 'hubbub' } });
    await t.app.inject({ method: 'GET', url: `${tagsApi.categories.path}?x=1`, headers: { 'x-tenant': 'nobody' } });
    const after = await scrape();
    expect(sample(after, 'hubbub_http_requests_total', labels) - sample(before, 'hubbub_http_requests_total', labels)).toBe(3);
    expect(sample(after, 'hubbub_http_request_duration_seconds_count', labels) - sample(before, 'hubbub_http_request_duration_seconds_count', labels)).toBe(3);
    expect(sample(after, 'hubbub_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBeGreaterThanOrEqual(3);
    // The unknown tenant's answer is counted under its own status, by pattern (never by path).
    expect(sample(after, 'hubbub_http_requests_total', { ...labels, status: '400' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('?x=1');
    for (const queue of ['launches', 'notifications', 'series']) expect(after).toContain(`hubbub_jobs_due{queue="${queue}"}`);
    // A hub client connects: the connection counts, and the frames sent to it.
    const hub = createHub({ port: t.port, jwt: (await signUp(t)).jwt });
    await hub.connection.start();
    try {
      const withHub = await scrape();
      expect(Number(/^hubbub_hub_connections (\d+)$/m.exec(withHub)?.[1])).toBe(1);
      expect(Number(/^hubbub_hub_frames_sent_total (\d+)$/m.exec(withHub)?.[1])).toBeGreaterThan(Number(/^hubbub_hub_frames_sent_total (\d+)$/m.exec(after)?.[1] ?? 0));
    } finally {
      await hub.connection.stop();
    }
    expect(after).toMatch(/^hubbub_nodejs_eventloop_lag_seconds /m);
    expect(after).toMatch(/^hubbub_process_resident_memory_bytes /m);
  });
});

// The process runs on its embedded database whichever project runs this file: once is enough.
describe.skipIf(Boolean(inject('databaseUrl')))('draining on SIGTERM (the real process)', () => {
  it('answers /readyz 503 for SHUTDOWN_DRAIN_MS while still serving, then exits', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-drain-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server: ChildProcess = await startServer(port, dataDir, { SHUTDOWN_DRAIN_MS: '2000' });
    try {
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const signalled = Date.now();
      server.kill('SIGTERM');
      let sawDraining = false;
      while (Date.now() - signalled < 1500) {
        const ready = await fetch(`${base}/readyz`).catch(() => null);
        if (ready?.status === 503) {
          sawDraining = true;
          expect((await ready.json()) as { code: string }).toMatchObject({ code: 'not_ready' });
          // Everything else is still served while the balancer takes the instance out.
          expect((await fetch(`${base}${tagsApi.categories.path}`, { headers: { 'x-tenant': 'hubbub' } })).status).toBe(200);
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(sawDraining).toBe(true);
      expect(await exited(server)).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(2000);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('then stops listening and, for SHUTDOWN_LINGER_MS, serves the connections still open, each answer closing its connection', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-linger-'));
    const port = await freePort();
    const server: ChildProcess = await startServer(port, dataDir, { SHUTDOWN_DRAIN_MS: '1000', SHUTDOWN_LINGER_MS: '3000' });
    // One kept-alive connection, as a balancer holds towards each instance.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; connection?: string; reused: boolean }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path, agent, headers: { 'x-tenant': 'hubbub' } }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, reused: request.reusedSocket }));
        });
        request.on('error', reject);
      });
    const freshConnection = () =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('connect', () => (socket.destroy(), resolve('accepted')));
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
      });
    try {
      expect(await get('/livez')).toMatchObject({ status: 200, connection: 'keep-alive', reused: false });
      const signalled = Date.now();
      server.kill('SIGTERM');
      // Draining: the connection is kept, and new ones are still accepted.
      await expect.poll(async () => (await get('/readyz')).status, { interval: 50 }).toBe(503);
      expect(await get(tagsApi.categories.path)).toMatchObject({ status: 200, connection: 'keep-alive', reused: true });
      expect(await freshConnection()).toBe('accepted');
      // Lingering: a new connection is refused (a balancer tries the next instance), the open one is served and closed.
      await expect.poll(freshConnection, { interval: 50, timeout: 2500 }).toBe('ECONNREFUSED');
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1000);
      expect(await get(tagsApi.categories.path)).toMatchObject({ status: 200, connection: 'close', reused: true });
      expect(await exited(server)).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(4000);
    } finally {
      agent.destroy();
      if (server.exitCode === null) server.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
