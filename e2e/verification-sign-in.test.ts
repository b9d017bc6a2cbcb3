import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventsApi, type HubEvent } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, readMail } from './support/browser.js';

// Issue 24, item 7: verifying in the browser that registered signs the person in and takes them
// where they were going; another browser is verified and asked to sign in, the email filled in.

let browser: Browser;
let event: HubEvent;
beforeAll(async () => {
  browser = await launchBrowser();
  const suffix = randomUUID().slice(0, 8);
  const host = { name: `Hana Host ${suffix}`, email: `hana-${suffix}@example.test`, password: 'hana password 1' };
  await createVerifiedUser(host.name, host.email, host.password);
  const jwt = await apiLogin(host.email, host.password);
  const start = Date.now() + 3 * 86_400_000;
  event = await api<HubEvent>('POST', eventsApi.create.path, jwt, {
    name: `Lantern Parade ${suffix}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 7_200_000).toISOString(),
    timeZone: 'America/Chicago',
    area: { name: 'Omaha', type: 4, latitude: 41.26, longitude: -95.94, city: 'Omaha', state: 'NE' },
  });
});
afterAll(async () => {
  await browser?.close();
});

/** From the sign-in page the event sent them to: its reason, then "Create an account" with the way on kept. */
async function registerFromEvent(page: Page, person: { name: string; email: string; password: string }) {
  const eventPath = `/event/${event.id}`;
  await page.goto(`${baseUrl()}/login?redirect=${encodeURIComponent(eventPath)}`);
  await expect.poll(() => page.getByText('Sign in to continue to this event.').isVisible()).toBe(true);
  // The form's own link (the header offers one too, without the way on).
  await page.locator('form').getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('redirect') === eventPath);
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/verification' && url.searchParams.get('redirect') === eventPath);
  return eventPath;
}

describe('verification signs the person in', () => {
  it('in the browser that registered: the emailed link, opened in a new tab, lands signed in on the page they wanted', async () => {
    const suffix = randomUUID().slice(0, 8);
    const me = { name: `Vera Verify ${suffix}`, email: `vera-${suffix}@example.test`, password: 'vera password 1' };
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const eventPath = await registerFromEvent(page, me);

    // The email client opens the link in a new tab of the same browser.
    const { token } = await readMail(me.email, 'verify');
    const tab = await context.newPage();
    errors.push(...collectPageErrors(tab));
    await tab.goto(`${baseUrl()}/verification?token=${token}`);
    await tab.waitForURL((url) => url.pathname === eventPath, { timeout: 15_000 });
    await expect.poll(() => tab.getByRole('heading', { name: event.name }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => tab.getByRole('button', { name: `Account menu for ${me.name}` }).isVisible()).toBe(true);
    expect((await context.cookies()).find((c) => c.name === 'hubbub_token'), 'session cookie').toBeDefined();
    // The key is spent and forgotten: nothing is left to sign anyone in again.
    expect(await tab.evaluate(() => localStorage.getItem('hubbub_verify_sign_in'))).toBeNull();

    // The used link signs in nobody: after a sign-out it says so.
    await tab.getByRole('button', { name: `Account menu for ${me.name}` }).click();
    await tab.getByRole('menuitem', { name: 'Log out' }).click();
    await tab.goto(`${baseUrl()}/verification?token=${token}`);
    await expect.poll(() => tab.getByText('The link did not work').isVisible(), { timeout: 15_000 }).toBe(true);
    expect((await context.cookies()).find((c) => c.name === 'hubbub_token')).toBeUndefined();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('in another browser: verified, and asked to sign in with the email filled in and the way on kept', async () => {
    const suffix = randomUUID().slice(0, 8);
    const me = { name: `Otto Other ${suffix}`, email: `otto-${suffix}@example.test`, password: 'otto password 1' };
    const registering = await browser.newContext();
    await registerFromEvent(await registering.newPage(), me);

    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await other.newPage();
    const errors = collectPageErrors(page);
    const { token } = await readMail(me.email, 'verify');
    await page.goto(`${baseUrl()}/verification?token=${token}`);
    await expect.poll(() => page.getByText('Your account is verified').isVisible(), { timeout: 15_000 }).toBe(true);
    expect((await other.cookies()).find((c) => c.name === 'hubbub_token')).toBeUndefined();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL(/\/login\?email=/);
    expect(await page.getByLabel('Email').inputValue()).toBe(me.email);
    await page.getByLabel('Password').fill(me.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);

    expect(errors).toEqual([]);
    await Promise.all([registering.close(), other.close()]);
  });
});
