import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import { paths } from '@hubbub/contract';
import { createHub } from './support/hub-client.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const headers = { 'content-type': 'application/json', 'x-tenant': 'hubbub' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The real server process, as `npm start` runs it, on the embedded database in dataDir. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited early');
    if (await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'application/json' } }).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

async function verifiedLogin(port: number, dataDir: string): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const email = `killed-${Date.now()}@example.test`;
  const password = 'killed server 1';
  await fetch(`${base}${paths.register}`, { method: 'POST', headers, body: JSON.stringify({ email, name: 'Kim Killed', password }) });
  const outbox = path.join(dataDir, 'outbox');
  const [file] = (await fs.readdir(outbox)).filter((f) => f.includes(email));
  const text = (await fs.readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
  const code = /Code: ([A-Z0-9]+)/.exec(text)![1];
  await fetch(`${base}${paths.verify(code)}`, { method: 'POST', headers: { 'x-tenant': 'hubbub' } });
  const login = await fetch(`${base}${paths.login}`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  return ((await login.json()) as { jwt: string }).jwt;
}

describe('hub reconnect after the server process is killed', () => {
  it('the official client reconnects to the restarted process and re-joins its event', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-kill-'));
    const port = await freePort();
    let server: ChildProcess | undefined = await startServer(port, dataDir);
    try {
      const jwt = await verifiedLogin(port, dataDir);
      const start = new Date(Date.now() + 3_600_000);
      const created = await fetch(`http://127.0.0.1:${port}${paths.eventCreate}`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${jwt}` },
        body: JSON.stringify({
          name: 'Survives a crash',
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 3_600_000).toISOString(),
          area: { name: 'Omaha, NE', type: 4, latitude: 41.25, longitude: -95.94, zoom: 12 },
        }),
      });
      const eventId = ((await created.json()) as { id: string }).id;
      const client = createHub({ port, jwt, reconnectDelays: [0, 200, 500, 500, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000] });
      const joins: boolean[] = [];
      client.connection.onreconnected(async () => {
        joins.push(await client.connection.invoke('JoinEventSession', eventId));
      });
      await client.connection.start();
      expect(await client.connection.invoke('JoinEventSession', eventId)).toBe(true);

      // No Close message, no graceful shutdown: the process just dies.
      const reconnecting = new Promise<void>((resolve) => client.connection.onreconnecting(() => resolve()));
      server.kill('SIGKILL');
      await new Promise((r) => server!.once('exit', r));
      await reconnecting;

      server = await startServer(port, dataDir);
      const restarted = Date.now();
      while (joins.length === 0 && Date.now() - restarted < 15_000) await new Promise((r) => setTimeout(r, 100));
      expect(joins).toEqual([true]);
      expect(client.connection.state).toBe(HubConnectionState.Connected);
      await client.connection.stop();
    } finally {
      server?.kill('SIGTERM');
      if (server && server.exitCode === null) await new Promise((r) => server!.once('exit', r));
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
