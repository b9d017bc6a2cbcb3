import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { authApi, pathOf } from '@hubbub/contract';
import { fillMigrated } from './migrated-snapshot.js';

// The real server process, as `npm start` runs it, for tests of what happens to the process
// itself (a kill, a signal): on the embedded database in dataDir, neither PostgreSQL nor Redis.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const jsonHeaders = { 'content-type': 'application/json', 'x-tenant': 'hubbub' };

/** A port nobody listens on now, picked by the system. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/**
 * `count` different free ports: each is held open until all are picked, since the system may hand
 * out a port again once it is closed (a balancer and an instance on one port looked like a cluster).
 */
export async function freePorts(count: number): Promise<number[]> {
  const held: net.Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      held.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
    }
    return held.map((server) => (server.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export async function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  // A fresh DATA_DIR's embedded database starts migrated (migrated-snapshot.ts); the server still
  // runs its migrations at start, finding nothing to do. A restart finds its own database there.
  if (!env.DATABASE_URL) await fillMigrated(path.join(dataDir, 'db'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    // The built-in basemap unless a test names a style: nothing outside reaches a test machine.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', MAP_STYLE_URL: 'offline', ...env },
    stdio: process.env.SERVER_LOG ? ['ignore', 'inherit', 'inherit'] : 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited early');
    if (await fetch(`http://${env.HOST ?? '127.0.0.1'}:${port}/`, { headers: { accept: 'application/json' } }).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

/** Resolves with the exit code once the process has exited. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Registers, verifies through the outbox and logs in; answers the JWT. */
export async function verifiedLogin(port: number, dataDir: string, label = 'process'): Promise<string> {
  return (await verifiedAccount(port, dataDir, label)).jwt;
}

/** Registers, verifies through the outbox and logs in; answers the account with its JWT. */
export async function verifiedAccount(
  port: number,
  dataDir: string,
  label = 'process',
  /** A server on another loopback address (its HOST), an address chosen beforehand (ADMIN_EMAIL's). */
  options: { host?: string; email?: string } = {},
): Promise<{ email: string; password: string; jwt: string }> {
  const base = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const email = options.email ?? `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = 'a process test 1';
  await fetch(`${base}${authApi.register.path}`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ email, name: 'Pat Process', password }) });
  const outbox = path.join(dataDir, 'outbox');
  const [file] = (await fs.readdir(outbox)).filter((f) => f.includes(email));
  const text = (await fs.readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
  const code = /Code: ([A-Z0-9]+)/.exec(text)![1];
  await fetch(`${base}${pathOf(authApi.verify, { tokenOrCode: code })}`, { method: 'POST', headers: { 'x-tenant': 'hubbub' } });
  const login = await fetch(`${base}${authApi.login.path}`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ email, password }) });
  return { email, password, jwt: ((await login.json()) as { jwt: string }).jwt };
}
