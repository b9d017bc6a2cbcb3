import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eventsApi, type HubEvent } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, onThisServer, readMailText, signIn, submitSignIn } from './support/browser.js';
import { axe } from './support/axe.js';

// Issue 30: a host names a co-host from the event's page; the co-host opens the emailed link on a
// phone (signed out, signing in on the way), lands on the event with its host tools, and edits it;
// deleting it and naming co-hosts stay the host's.

let browser: Browser;
const suffix = randomUUID().slice(0, 8);
const person = (first: string) => ({ name: `${first} ${suffix}`, email: `${first.toLowerCase().replace(/ /g, '-')}-${suffix}@example.test`, password: `${first} password 1` });
const host = person('Hugo Host');
const cora = person('Cora Cohost');
let event: HubEvent;
const POLL = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  for (const p of [host, cora]) await createVerifiedUser(p.name, p.email, p.password);
  const start = Date.now() + 5 * 86_400_000;
  event = await api<HubEvent>('POST', eventsApi.create.path, await apiLogin(host.email, host.password), {
    name: `Riverside Cleanup ${suffix}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3 * 3_600_000).toISOString(),
    timeZone: 'America/Chicago',
    venue: 'Boat launch',
    area: { name: 'Madison, WI', type: 4, latitude: 43.07, longitude: -89.4, zoom: 12, city: 'Madison', state: 'WI' },
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('co-hosts', () => {
  it('the host names a co-host on the event page; they open their link on a phone, land on the event and edit it; delete stays the host’s', async () => {
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const hostPage = await signIn(desk, host.email, host.password);
    const hostErrors = collectPageErrors(hostPage);
    await hostPage.goto(`${baseUrl()}/event/${event.id}`);
    const panel = hostPage.getByTestId('door-staff');
    await panel.scrollIntoViewIfNeeded();
    // On the event page the role offered first is co-host, and the panel says what it allows.
    await expect.poll(() => panel.innerText(), POLL).toContain('Deleting the event stays yours.');
    await panel.getByLabel('Co-host email').fill(cora.email);
    await panel.getByRole('button', { name: 'Invite' }).click();
    await expect.poll(() => panel.getByTestId('door-staff-person').innerText(), POLL).toContain('Invited');
    expect(await panel.getByTestId('co-host-role').innerText()).toBe('Co-host');
    expect(await axe(hostPage, '[data-testid="door-staff"]')).toEqual([]);

    const mail = await readMailText(cora.email, 'co-host');
    expect(mail).toContain(`${host.name} asked you to co-host ${event.name} with them.`);
    const link = /(https?:\/\/\S+\/co-host\/\S+)/.exec(mail)![1]!;

    // Cora, on a phone, signed out: signs in on the way and lands on the event, with its tools.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    const errors = collectPageErrors(page);
    await page.goto(onThisServer(link));
    await page.waitForURL((url) => url.pathname === '/login');
    await submitSignIn(page, cora);
    await page.waitForURL((url) => url.pathname === `/event/${event.id}`, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('role-notice').innerText(), POLL).toContain(`You co-host this event with ${host.name}`);
    await page.getByTestId('edit-event').waitFor();
    expect(await page.getByTestId('delete-event').count()).toBe(0);
    expect(await page.getByTestId('door-staff').count()).toBe(0);
    await page.screenshot({ path: 'test-results/co-host-phone.png', fullPage: false });

    await page.getByTestId('edit-event').click();
    await page.waitForURL((url) => url.pathname === `/event/${event.id}/edit`);
    const renamed = `Riverside Cleanup and Picnic ${suffix}`;
    // The form is filled from the event once it has loaded; typing before that would be overwritten.
    await expect.poll(() => page.getByLabel('Name').inputValue(), POLL).toBe(event.name);
    await page.getByLabel('Name').fill(renamed);
    expect(await page.getByLabel('Name').inputValue()).toBe(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === `/event/${event.id}`, { timeout: 15_000 });
    await page.screenshot({ path: 'test-results/co-host-saved-phone.png' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), POLL).toBe(renamed);

    // The host sees them joined, and the new name.
    await hostPage.reload();
    await expect.poll(() => hostPage.getByRole('heading', { level: 1 }).innerText(), POLL).toBe(renamed);
    await expect.poll(() => hostPage.getByTestId('door-staff-person').innerText(), POLL).toContain(cora.name);
    expect(await hostPage.getByTestId('delete-event').count()).toBe(1);
    await hostPage.getByTestId('door-staff').scrollIntoViewIfNeeded();
    await hostPage.screenshot({ path: 'test-results/co-host-host-desktop.png' });
    expect(errors).toEqual([]);
    expect(hostErrors).toEqual([]);
    await desk.close();
    await phone.close();
  });
});
