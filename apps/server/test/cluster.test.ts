import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { tagsApi } from '@hubbub/contract';
import { createHub } from './support/hub-client.js';
import { ownDatabase } from './support/scratch-database.js';
import { exited, freePort, verifiedLogin } from './support/server-process.js';

// Issue 31: `npm run cluster` brings up nginx in front of three instances on PostgreSQL and Redis,
// prints the address, and Ctrl-C stops everything it started.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const REDIS_URL = process.env.TEST_REDIS_URL;
const INSTANCE_PORTS = [8081, 8082, 8083];
const answers = (url: string) => fetch(url).then((r) => r.status, () => 0);

describe.skipIf(!inject('databaseUrl') || !REDIS_URL)('npm run cluster (PostgreSQL and Redis)', () => {
  it('serves the API and the hub through nginx, and Ctrl-C stops nginx and the three instances', async () => {
    const scratch = (await ownDatabase('cluster'))!;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-cluster-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let out = '';
    const cluster = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts'], {
      cwd: root,
      env: { ...process.env, CLUSTER_PORT: String(port), CLUSTER_BUILD: 'false', DATABASE_URL: scratch.databaseUrl!, REDIS_URL: REDIS_URL!, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cluster.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await expect.poll(() => out, { timeout: 90_000, interval: 250 }).toContain(`Hubbub cluster: http://localhost:${port}`);
      for (const p of INSTANCE_PORTS) expect(await answers(`http://127.0.0.1:${p}/readyz`)).toBe(200);
      // Through the balancer: the API, an account (its mail in the shared DATA_DIR), and a hub connection over WebSockets.
      for (let i = 0; i < 6; i += 1) expect((await fetch(`${base}${tagsApi.categories.path}`, { headers: { 'x-tenant': 'hubbub' } })).status).toBe(200);
      const jwt = await verifiedLogin(port, dataDir, 'cluster');
      const hub = createHub({ port, jwt });
      await hub.connection.start();
      expect(hub.connection.state).toBe('Connected');
      await hub.connection.stop();

      cluster.kill('SIGINT');
      expect(await exited(cluster)).toBe(0);
      expect(out).toContain('Stopped.');
      for (const p of [port, ...INSTANCE_PORTS]) expect(await answers(`http://127.0.0.1:${p}/livez`)).toBe(0);
    } finally {
      if (cluster.exitCode === null) cluster.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
      await scratch.drop();
    }
  }, 150_000);
});
