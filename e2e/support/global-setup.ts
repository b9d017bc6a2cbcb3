import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/test/support/server-process.js';
import { FakeIdp } from '../../apps/server/test/support/fake-idp.js';
import { fakeEnv } from '../../apps/server/test/support/external-auth.js';
import { FakeStripe } from '../../apps/server/test/support/fake-stripe.js';
import { fillMigrated } from '../../apps/server/test/support/migrated-snapshot.js';
import { runPlansCommand } from '../../apps/server/src/modules/subscription/plans-command.js';
import { subscriptionApi } from '@hubbub/contract';
import { E2E_ADMIN_EMAIL, SERVER_EXITED } from './constants.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the real server (built web app, fresh embedded database) for the browser suite, with
 * sign-in through two local OpenID providers (one playing Google, one Microsoft) and billing
 * through the fake Stripe (its prices set in the catalogue, its webhooks sent to this server).
 *
 * It does not wait for the server: seeding the demo takes a minute or more, and in a whole
 * `npm test` the browser files run last (two at a time, after the API files), so the seed runs
 * beside the API suites instead of before them. Each browser file waits for it first
 * (server-ready.ts), and the server's output, kept in a file, tells why if it never comes.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run "npm run build" first (npm test does it for you).');
  }
  const [google, microsoft, stripe] = await Promise.all([FakeIdp.start('google'), FakeIdp.start('microsoft'), FakeStripe.start()]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hubbub-e2e-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  stripe.webhookUrl = `http://127.0.0.1:${port}${subscriptionApi.stripeWebhook.path}`;
  // The embedded database starts migrated (migrated-snapshot.ts): the plans command and the server find nothing to migrate.
  await fillMigrated(path.join(dataDir, 'db'));
  // Before the server starts, the plans command opens the fresh database itself: every plan and the add-on become purchasable.
  const priced = await runPlansCommand(['price', ...FakeStripe.priceAssignments().flat()], { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
  if (priced.code !== 0) {
    await Promise.all([google.stop(), microsoft.stop(), stripe.stop()]);
    throw new Error(`Setting the fake Stripe prices failed: ${priced.out}`);
  }
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'true',
      RATE_LIMIT_SCALE: '50',
      ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      // The site federates, as a city's server would (e2e/federation.test.ts follows it from a peer on
      // 127.0.0.2): on loopback and http, which only this setting allows.
      FEDERATION: 'true',
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The built-in basemap: the suite runs with no network and asserts on that basemap; the
      // street style and its fallback have their own servers (e2e/street-map.test.ts).
      MAP_STYLE_URL: 'offline',
      ...fakeEnv(google, microsoft),
      ...stripe.env(),
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  // What server-ready.ts looks for: the server is gone and will not answer.
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      fs.appendFileSync(logFile, `\n${SERVER_EXITED} (code ${code}, signal ${signal})\n`);
      resolve();
    }),
  );
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', logFile);
  project.provide('dataDir', dataDir);
  project.provide('fakeIdps', { google: google.base, microsoft: microsoft.base });
  project.provide('fakeStripe', stripe.base);
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await Promise.all([google.stop(), microsoft.stop(), stripe.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The e2e server's output (stdout and stderr), for server-ready.ts to show when it does not start. */
    serverLog: string;
    /** The local providers' base URLs; their /__fake/ controls pick who signs in and list what they saw. */
    fakeIdps: { google: string; microsoft: string };
    /** The fake Stripe's base URL: its Checkout and portal pages, and /__fake/calls (API calls seen, webhooks delivered). */
    fakeStripe: string;
  }
}
