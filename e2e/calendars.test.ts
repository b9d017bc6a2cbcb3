import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ICAL from 'ical.js';
import { type HubEvent, eventsApi } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, signIn } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function mapIdle(page: Page) {
  await page.locator('[data-testid="event-map"][data-map-state="idle"]').first().waitFor({ timeout: 45_000 });
}

const summaries = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('summary')));

describe('calendars', () => {
  it('saves a search as a calendar whose feed holds the events found; an event downloads as .ics', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { email: `cal-host-${suffix}@example.test`, password: 'cal host password 1' };
    const me = { email: `cal-${suffix}@example.test`, password: 'cal password 1' };
    await createVerifiedUser(`Cal Host ${suffix}`, host.email, host.password);
    await createVerifiedUser(`Cal ${suffix}`, me.email, me.password);
    const jwt = await apiLogin(host.email, host.password);
    const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 4 * 86_400_000;
    const created = await fetch(`${baseUrl()}${eventsApi.create.path}`, {
      method: 'POST',
      headers: { 'x-tenant': 'hubbub', authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Polka picnic ${suffix}`,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 3_600_000).toISOString(),
        timeZone: 'America/Chicago',
        area: { latitude: 41.25 + Math.random() * 0.02, longitude: -96.0 + Math.random() * 0.02, city: 'Omaha', state: 'NE' },
      }),
    });
    expect(created.status).toBe(200);
    const event = (await created.json()) as HubEvent;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, me.email, me.password);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/search?lat=41.26&lng=-95.99&z=10&q=${suffix}`);
    await mapIdle(page);
    await expect.poll(() => page.locator(`[data-testid="event-card"][data-event-id="${event.id}"]`).count(), { timeout: 30_000 }).toBe(1);
    const save = page.getByTestId('save-search-as-calendar');
    await expect.poll(() => save.isEnabled(), { timeout: 15_000 }).toBe(true);
    await save.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`Polka around Omaha ${suffix}`);
    await dialog.getByRole('button', { name: 'Save calendar' }).click();
    await page.getByRole('button', { name: 'See my calendars' }).click();
    await page.waitForURL(/\/events\?tab=calendars/);

    const row = page.locator('[data-testid="calendar-row"]').filter({ hasText: `Polka around Omaha ${suffix}` });
    await row.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: 'test-results/calendars.png', fullPage: true });
    const feedUrl = await row.getByTestId('calendar-feed-url').inputValue();
    expect(feedUrl).toMatch(/\/feeds\/[A-Za-z0-9_-]+\.ics$/);
    // What a calendar app gets at that address: no tenant, no sign-in.
    const feed = await fetch(`${baseUrl()}${new URL(feedUrl).pathname}`);
    expect(feed.status).toBe(200);
    expect(summaries(await feed.text())).toEqual([event.name]);

    // One event as a file, from its page.
    await page.goto(`${baseUrl()}/event/${event.id}`);
    await page.getByTestId('add-to-calendar').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download .ics' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    expect(summaries(await fs.readFile((await download.path())!, 'utf8'))).toEqual([event.name]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('issue 22: a My events feed carries my drafts only while "Include my drafts" is on', async () => {
    const suffix = randomUUID().slice(0, 8);
    const me = { email: `cal-drafts-${suffix}@example.test`, password: 'cal drafts password 1' };
    await createVerifiedUser(`Cal Drafts ${suffix}`, me.email, me.password);
    const jwt = await apiLogin(me.email, me.password);
    const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 5 * 86_400_000;
    const draft = await api<HubEvent>('POST', eventsApi.create.path, jwt, {
      name: `Unannounced soirée ${suffix}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3_600_000).toISOString(),
      publishOnDate: new Date(start - 86_400_000).toISOString(),
      timeZone: 'UTC',
      area: { latitude: 39.1, longitude: -94.58, city: 'Kansas City', state: 'MO' },
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, me.email, me.password);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/events?tab=calendars`);
    await page.getByRole('button', { name: 'New calendar' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /My events/ }).check();
    const choice = dialog.getByRole('switch', { name: /Include my drafts/ });
    expect(await choice.isChecked()).toBe(false);
    // Mantine lays the (transparent) input over the whole switch: it takes the click.
    await choice.check();
    await dialog.getByRole('button', { name: 'Create calendar' }).click();

    const row = page.locator('[data-testid="calendar-row"]');
    await row.waitFor({ timeout: 15_000 });
    const feedUrl = await row.getByTestId('calendar-feed-url').inputValue();
    const feed = async () => summaries(await (await fetch(`${baseUrl()}${new URL(feedUrl).pathname}`)).text());
    expect(await feed()).toEqual([draft.name]);

    // The "is ready" message sits at the bottom, over the row's switch on a short window: a person
    // waits for it to go (or closes it) before reaching under it; a click meanwhile lands on the message.
    await page.getByText(/is ready: copy its address/).waitFor({ state: 'hidden', timeout: 15_000 });
    // The switch follows the saved calendar (it waits, disabled, while a save is on its way), so the
    // click is made once it is enabled and its new state is waited for below rather than at once.
    const rowSwitch = row.getByRole('switch', { name: /Include my drafts/ });
    await expect.poll(() => rowSwitch.isEnabled(), { timeout: 15_000 }).toBe(true);
    await rowSwitch.click();
    await expect.poll(() => row.getByRole('switch', { name: /Include my drafts/ }).isChecked(), { timeout: 15_000 }).toBe(false);
    await expect.poll(feed, { timeout: 15_000 }).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
