import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { authApi, type HubEvent, eventsApi, pathOf } from '@hubbub/contract';
import { apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, signIn } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('settings: your data', () => {
  it('downloads my data as one JSON file, then deletes my account after a wrong and a right password', async () => {
    const suffix = randomUUID().slice(0, 8);
    const me = { email: `mia-${suffix}@example.test`, password: 'mia password 1' };
    await createVerifiedUser(`Mia ${suffix}`, me.email, me.password);
    const jwt = await apiLogin(me.email, me.password);
    const start = Date.now() + 3 * 86_400_000;
    const created = await fetch(`${baseUrl()}${eventsApi.create.path}`, {
      method: 'POST',
      headers: { 'x-tenant': 'hubbub', authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Mia's picnic ${suffix}`, startDate: new Date(start).toISOString(), endDate: new Date(start + 3_600_000).toISOString(), timeZone: 'UTC', area: { latitude: 41.2, longitude: -96 } }),
    });
    const event = (await created.json()) as HubEvent;

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await signIn(context, me.email, me.password);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/account/settings`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-my-data').click()]);
    expect(download.suggestedFilename()).toMatch(/^hubbub-my-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(await fs.readFile((await download.path())!, 'utf8'));
    expect(data.profile.email).toBe(me.email);
    expect(data.events.map((e: { id: string }) => e.id)).toEqual([event.id]);

    await page.getByTestId('delete-my-account').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="password"]').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('The password is not correct').waitFor();
    await dialog.locator('input[type="password"]').fill(me.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${baseUrl()}/`, { timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();

    // Gone for good: no sign-in, no event.
    const login = await fetch(`${baseUrl()}${authApi.login.path}`, {
      method: 'POST',
      headers: { 'x-tenant': 'hubbub', 'content-type': 'application/json' },
      body: JSON.stringify({ email: me.email, password: me.password }),
    });
    expect(login.status).toBe(401);
    expect((await fetch(`${baseUrl()}${pathOf(eventsApi.get, { id: event.id })}`, { headers: { 'x-tenant': 'hubbub' } })).status).toBe(404);
  });
});
