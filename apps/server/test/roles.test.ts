import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { eventsApi, flyersApi, launchesApi, pathOf, tagsApi, type Flyer, type HubEvent, type Timeline } from '@hubbub/contract';
import { build } from './support/build.js';
import { call, signUp, usePlan } from './support/api.js';
import { ownDatabase } from './support/scratch-database.js';
import { exited, freePort } from './support/server-process.js';

// Issue 31: ROLE=web serves and leaves the background jobs to ROLE=jobs, which serves only its probes.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CONTENT = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#223344' }, blocks: [], imagePath: null });

function serverProcess(env: Record<string, string>) {
  let stderr = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, SEED_DEMO: 'false', LOG_LEVEL: 'warn', REDIS_URL: '', MAP_STYLE_URL: 'offline', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stderr: () => stderr };
}

describe.skipIf(Boolean(inject('databaseUrl')))('roles on the embedded database', () => {
  it('stops at start with ROLE=web or ROLE=jobs, saying the embedded database runs every role', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-role-'));
    try {
      for (const role of ['web', 'jobs']) {
        const server = serverProcess({ ROLE: role, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(await freePort()) });
        expect(await exited(server.child)).toBe(2);
        expect(server.stderr()).toContain(`ROLE=${role} needs DATABASE_URL`);
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(!inject('databaseUrl'))('roles on PostgreSQL', () => {
  it('a web instance leaves a due launch alone; a jobs instance on the same database starts it', async () => {
    const scratch = (await ownDatabase('roles'))!;
    const web = await build({ database: scratch, env: { ROLE: 'web' }, launches: { pollMs: 100 } });
    let jobs: Awaited<ReturnType<typeof build>> | undefined;
    try {
      const host = await signUp(web);
      await usePlan(web, host, 'Enterprise');
      const start = new Date(Date.now() + 3_600_000);
      const event = (await call(web.app, 'POST', eventsApi.create.path, {
        jwt: host.jwt,
        body: { name: 'Roles', startDate: start.toISOString(), endDate: new Date(start.getTime() + 3_600_000).toISOString(), area: { name: 'Omaha, NE', type: 4, latitude: 41.26, longitude: -95.94 } },
      })).json() as HubEvent;
      const flyer = (await call(web.app, 'POST', flyersApi.create.path, { jwt: host.jwt, body: { eventId: event.id, name: 'On stage', contentJson: CONTENT } })).json() as Flyer;
      const launch = await call(web.app, 'POST', launchesApi.create.path, {
        jwt: host.jwt,
        body: { eventId: event.id, flyerIds: [flyer.id], startDate: new Date(Date.now() + 500).toISOString(), endDate: new Date(Date.now() + 120_000).toISOString() },
      });
      expect(launch.statusCode, launch.body).toBe(200);
      const state = async () => ((await call(web.app, 'GET', pathOf(launchesApi.ofEvent, { eventId: event.id }))).json() as Timeline[])[0]!.state;
      await new Promise((r) => setTimeout(r, 2_000));
      expect(await state()).toBe('Scheduled');
      jobs = await build({ database: scratch, env: { ROLE: 'jobs' }, launches: { pollMs: 100 } });
      await expect.poll(state, { timeout: 10_000 }).toBe('Active');
    } finally {
      await jobs?.close();
      await web.close();
      await scratch.drop();
    }
  }, 60_000);

  it('a jobs process answers its probes and metrics on PORT, and nothing of the API or the web app', async () => {
    const scratch = (await ownDatabase('roles-process'))!;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-jobs-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = serverProcess({ ROLE: 'jobs', DATABASE_URL: scratch.databaseUrl!, DATA_DIR: dataDir, PORT: String(port), METRICS_TOKEN: 'jobs-metrics-token-0123' });
    try {
      await expect.poll(() => fetch(`${base}/livez`).then((r) => r.status, () => 0), { timeout: 30_000, interval: 200 }).toBe(200);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const metrics = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer jobs-metrics-token-0123' } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('hubbub_jobs_due{queue="launches"}');
      expect((await fetch(`${base}${tagsApi.categories.path}`, { headers: { 'x-tenant': 'hubbub' } })).status).toBe(404);
      expect((await fetch(`${base}/`)).status).toBe(404);
      server.child.kill('SIGTERM');
      expect(await exited(server.child)).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
      await scratch.drop();
    }
  }, 60_000);
});
