import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { exited, freePort, startServer } from '../apps/server/test/support/server-process.js';
import { collectPageErrors, launchBrowser } from './support/browser.js';

// Issue 26, acceptance 1: on a server with no billing (the shared e2e server has the fake Stripe,
// so this file starts its own, without the demo), a new host registers, quick-creates an event,
// publishes it and opens its public page within 60 s of test time; a second and a third follow.

let browser: Browser;
let server: ChildProcess;
let dataDir: string;
let base: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-quick-create-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // DEFAULT_PLAN and Stripe unset: the plan a new account gets is this server's default.
  [server, browser] = await Promise.all([
    startServer(port, dataDir, { HOST: '127.0.0.1', PUBLIC_URL: base, DEFAULT_PLAN: '', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', RATE_LIMIT_SCALE: '50' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  if (server) {
    server.kill('SIGTERM');
    await exited(server);
  }
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** The verification code from this server's outbox. */
async function verifyCode(email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 40; attempt++) {
    const file = (await fs.readdir(outbox).catch(() => [] as string[])).find((f) => f.endsWith(`-verify-${email}.eml`));
    if (file) {
      const text = (await fs.readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
      const code = /Code: ([A-Z0-9]+)/.exec(text)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification email for ${email}`);
}

/** Quick create, as a host fills it: name, a start, how long, the city, a generated cover, Publish. */
async function quickCreate(page: Page, name: string, city: { search: string; option: RegExp }, cover: string): Promise<string> {
  await page.goto(`${base}/events/new`);
  await page.getByLabel('Name').fill(name);
  await page.getByTestId('duration').click();
  await page.getByRole('option', { name: '2 hours', exact: true }).click();
  await page.getByRole('textbox', { name: 'City' }).fill(city.search);
  await page.getByRole('option', { name: city.option }).first().click();
  await page.getByTestId(`cover-${cover}`).click();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.waitForURL(/\/event\/[0-9a-f-]{36}\?published=1$/, { timeout: 20_000 });
  await expect.poll(() => page.getByRole('heading', { name }).isVisible(), { timeout: 15_000 }).toBe(true);
  return (await page.getByTestId('public-page-link').getAttribute('href'))!;
}

describe('quick create on a server without billing', () => {
  it('a new host registers, publishes an event and opens its public page within 60 s, then publishes a second and a third', async () => {
    const suffix = randomUUID().slice(0, 8);
    const me = { name: `Quinn Quick ${suffix}`, email: `quinn-${suffix}@example.test`, password: 'quinn password 1' };
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    const started = Date.now();
    await page.goto(`${base}/register?redirect=${encodeURIComponent('/events/new')}`);
    await page.getByLabel('Name').fill(me.name);
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Password').fill(me.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verification/);
    await page.getByLabel('Verification code').fill(await verifyCode(me.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    // Verifying in the browser that registered signs in and goes where they were going.
    await page.waitForURL((url) => url.pathname === '/events/new', { timeout: 15_000 });

    // The draft is kept on the server as they type: a reload loses nothing.
    const first = `Porch concert ${suffix}`;
    await page.getByLabel('Name').fill(first);
    await expect.poll(() => page.getByTestId('draft-status').textContent(), { timeout: 10_000 }).toMatch(/Draft saved/);
    await page.reload();
    await expect.poll(() => page.getByLabel('Name').inputValue(), { timeout: 10_000 }).toBe(first);

    const publicPath = await quickCreate(page, first, { search: 'Omaha', option: /^Omaha, NE/ }, 'Sunset');
    expect(publicPath).toMatch(/^\/e\/porch-concert-/);
    // The public page, as anyone without an account reads it.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const reader = await visitor.newPage();
    await reader.goto(`${base}${publicPath}`);
    await expect.poll(() => reader.getByRole('heading', { name: first }).isVisible(), { timeout: 10_000 }).toBe(true);
    const seconds = (Date.now() - started) / 1000;
    console.log(`quick create: registered, published and public in ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(60);
    // The cover was drawn and stored: the public page shows it.
    expect(await reader.getByTestId('event-thumbnail').count()).toBe(1);
    await page.screenshot({ path: 'test-results/quick-create-published.png', fullPage: true });
    await visitor.close();

    // No billing: the plan has room for more (Free would have refused the second).
    await quickCreate(page, `Second night ${suffix}`, { search: 'Lincoln', option: /^Lincoln, NE/ }, 'Frost');
    await quickCreate(page, `Third night ${suffix}`, { search: 'Omaha', option: /^Omaha, NE/ }, 'Kashmir');
    expect(errors).toEqual([]);
    await context.close();
  });
});
