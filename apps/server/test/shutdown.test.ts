import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { authApi, type HubEvent, type Timeline, eventsApi, flyersApi, launchesApi, pathOf } from '@hubbub/contract';
import { createHub } from './support/hub-client.js';
import { multipart } from './support/multipart.js';
import { exited, freePort, jsonHeaders, startServer, verifiedLogin } from './support/server-process.js';

// SIGTERM on the real server process: bounded, and nothing in flight is lost (issue 9).

const SHUTDOWN_TIMEOUT_MS = 5000;

describe('bounded shutdown on SIGTERM', () => {
  it('tells hub clients to reconnect, finishes an upload in flight and a due launch, and exits in time', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-shutdown-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) };
    let server: ChildProcess | undefined = await startServer(port, dataDir, env);
    try {
      const jwt = await verifiedLogin(port, dataDir, 'shutdown');
      const auth = { ...jsonHeaders, authorization: `Bearer ${jwt}` };
      const post = async <T>(url: string, body: unknown): Promise<T> => {
        const res = await fetch(`${base}${url}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
        expect(res.status, await res.clone().text()).toBe(200);
        return (await res.json()) as T;
      };
      const start = new Date(Date.now() + 3_600_000);
      const event = await post<HubEvent>(eventsApi.create.path, {
        name: 'Closing time',
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3_600_000).toISOString(),
        area: { name: 'Omaha, NE', type: 4, latitude: 41.25, longitude: -95.94, zoom: 12 },
      });
      const flyer = await post<{ id: string }>(flyersApi.create.path, {
        eventId: event.id,
        name: 'Last call',
        contentType: 'application/vnd.hubbub.flyer+json; version=1',
        contentJson: JSON.stringify({ version: 1, background: { kind: 'solid', color: '#112233' }, blocks: [] }),
      });

      const hub = createHub({ port, jwt, reconnectDelays: [60_000] });
      await hub.connection.start();
      expect(await hub.connection.invoke('JoinEventSession', event.id)).toBe(true);
      const toldToReconnect = new Promise<void>((resolve) => hub.connection.onreconnecting(() => resolve()));

      // A launch that falls due while the server shuts down.
      await post<Timeline>(launchesApi.create.path, {
        eventId: event.id,
        flyerIds: [flyer.id],
        startDate: new Date(Date.now() + 800).toISOString(),
        endDate: new Date(Date.now() + 3_600_000).toISOString(),
      });

      // An upload whose body is still arriving when the signal comes.
      const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#c60' } }).png().toBuffer();
      const form = multipart([{ name: 'file', data: png, filename: 'poster.png', contentType: 'image/png' }]);
      const uploaded = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${base}${pathOf(eventsApi.setThumbnail, { id: event.id })}`, {
          method: 'POST',
          headers: { 'x-tenant': 'hubbub', authorization: `Bearer ${jwt}`, 'content-type': form.contentType, 'content-length': form.payload.length },
        });
        request.on('response', (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        request.write(form.payload.subarray(0, 1000));
        setTimeout(() => request.end(form.payload.subarray(1000)), 600);
      });
      await new Promise((r) => setTimeout(r, 300));

      const signalled = Date.now();
      server.kill('SIGTERM');
      const code = await exited(server);
      const took = Date.now() - signalled;
      server = undefined;

      expect(code).toBe(0);
      expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 1000);
      await toldToReconnect;
      const upload = await uploaded;
      expect(upload.status, upload.body).toBe(200);

      // Nothing lost: after a restart the upload is there and the launch started exactly once.
      server = await startServer(port, dataDir, env);
      await hub.connection.stop();
      const after = (await (await fetch(`${base}${pathOf(eventsApi.get, { id: event.id })}`, { headers: auth })).json()) as HubEvent;
      expect(after.thumbnailPath).toMatch(/\.webp$/);
      const deadline = Date.now() + 10_000;
      let timelines: Timeline[] = [];
      while (Date.now() < deadline) {
        timelines = (await (await fetch(`${base}${pathOf(launchesApi.ofEvent, { eventId: event.id })}`, { headers: auth })).json()) as Timeline[];
        if (timelines[0]?.state === 'Active') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(timelines.map((t) => t.state)).toEqual(['Active']);
      const flyers = (await (await fetch(`${base}${pathOf(flyersApi.ofEvent, { eventId: event.id })}`, { headers: auth })).json()) as { isActivated: boolean }[];
      expect(flyers.map((f) => f.isActivated)).toEqual([true]);
    } finally {
      server?.kill('SIGKILL');
      if (server) await exited(server);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a second signal exits at once, while the first is still waiting', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-shutdown-'));
    const port = await freePort();
    const server = await startServer(port, dataDir, { SHUTDOWN_TIMEOUT_MS: '60000' });
    const stalled = http.request(`http://127.0.0.1:${port}${authApi.login.path}`, {
      method: 'POST',
      headers: { ...jsonHeaders, 'content-length': 1000 },
    });
    stalled.on('error', () => {});
    try {
      // A request whose body never arrives keeps the first shutdown waiting (up to its 60 s bound).
      stalled.write('{"email":');
      await new Promise((r) => setTimeout(r, 300));
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1500));
      expect(server.exitCode).toBeNull();
      const second = Date.now();
      server.kill('SIGTERM');
      expect(await exited(server)).toBe(1);
      expect(Date.now() - second).toBeLessThan(2000);
    } finally {
      stalled.destroy();
      if (server.exitCode === null) server.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
