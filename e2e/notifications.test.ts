import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { type HubEvent, eventsApi, eventLinksApi } from '@hubbub/contract';
import { apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, onThisServer, signIn } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The unsubscribe page link of the newest reminder to `to`, waiting for the sender's next round (it polls every 30 s). */
async function reminderLink(to: string): Promise<string> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  for (let waited = 0; waited < 75_000; waited += 500) {
    const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith(`-reminder-${to}.eml`)).sort();
    if (files.length) {
      const raw = await fs.readFile(path.join(outbox, files[files.length - 1]), 'utf8');
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const link = /Unsubscribe: (\S+)/.exec(text)?.[1];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no reminder email for ${to}`);
}

describe('reminders', () => {
  it('turned on in Settings, a reminder arrives for a followed event; its link unsubscribes without signing in', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { email: `rem-host-${suffix}@example.test`, password: 'rem host password 1' };
    const me = { email: `rem-${suffix}@example.test`, password: 'rem password 1' };
    await createVerifiedUser(`Rem Host ${suffix}`, host.email, host.password);
    await createVerifiedUser(`Rem ${suffix}`, me.email, me.password);
    const hostJwt = await apiLogin(host.email, host.password);
    const start = Date.now() + 3 * 3_600_000;
    const created = await fetch(`${baseUrl()}${eventsApi.create.path}`, {
      method: 'POST',
      headers: { 'x-tenant': 'hubbub', authorization: `Bearer ${hostJwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Ceilidh ${suffix}`, startDate: new Date(start).toISOString(), endDate: new Date(start + 3_600_000).toISOString(), timeZone: 'UTC', area: { latitude: 41.3, longitude: -96.1 } }),
    });
    const event = (await created.json()) as HubEvent;
    const myJwt = await apiLogin(me.email, me.password);
    const followed = await fetch(`${baseUrl()}${eventLinksApi.create.path}`, {
      method: 'POST',
      headers: { 'x-tenant': 'hubbub', authorization: `Bearer ${myJwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: event.id, type: 'Follow' }),
    });
    expect(followed.status).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, me.email, me.password);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/account/settings`);
    const panel = page.getByTestId('notification-settings');
    await panel.getByLabel('Event reminders').click();
    await page.getByRole('option', { name: 'A day before' }).click();
    await page.getByText('Saved').first().waitFor();
    await page.screenshot({ path: 'test-results/notification-settings.png', fullPage: true });

    const link = await reminderLink(me.email);
    expect(link).toMatch(/\/unsubscribe\?token=/);
    // Opened in a browser that is not signed in: the button, then the server's answer.
    const stranger = await browser.newPage();
    await stranger.goto(onThisServer(link));
    await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
    const result = stranger.getByTestId('unsubscribe-result');
    await expect.poll(() => result.getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    expect(await result.innerText()).toContain('no more event reminders');
    await stranger.close();

    await page.reload();
    await expect.poll(() => panel.getByLabel('Event reminders').inputValue(), { timeout: 15_000 }).toBe('No reminders');
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
