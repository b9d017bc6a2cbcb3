import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, signIn } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(method: string, url: string, jwt: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-tenant': 'hubbub', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

async function createEvent(page: Page, name: string) {
  // The full form (issue 26 made quick create the default at /events/new).
  await page.goto(`${baseUrl()}/events/new?form=full`);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('textbox', { name: 'City' }).fill('Omaha');
  await page.getByRole('option', { name: /^Omaha, NE/ }).first().click();
  await page.getByRole('button', { name: 'Create event' }).click();
}

describe('plans and billing', () => {
  it('a Free host hits the one-event limit, sees why, upgrades through Checkout and creates a second event', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { name: `Paula Plan ${suffix}`, email: `paula-${suffix}@example.test`, password: 'paula password 1' };
    await createVerifiedUser(host.name, host.email, host.password);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, host.email, host.password);
    const errors = collectPageErrors(page);

    await createEvent(page, `First fair ${suffix}`);
    await page.waitForURL(/\/event\/[0-9a-f-]{36}$/, { timeout: 30_000 });

    // The limit is said before anyone fills a form, naming the plan and the number...
    await page.goto(`${baseUrl()}/events`);
    const note = page.getByTestId('capacity-note');
    await expect.poll(() => note.textContent(), { timeout: 15_000 }).toMatch(/all 1 event your Free plan allows/);
    await expect.poll(() => page.getByTestId('plan-badge').textContent()).toBe('Free');
    // ...and the server's refusal says it too, with the way out.
    await createEvent(page, `Second fair ${suffix}`);
    await expect.poll(() => page.getByText('Event limit reached').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(/Free plan allows 1 event/).isVisible()).toBe(true);
    await page.getByTestId('plan-limit-upgrade').click();
    await page.waitForURL(/\/account\/subscription$/);

    // Leaving Checkout without paying changes nothing.
    await page.getByTestId('plan-card-Basic').getByRole('button', { name: 'Upgrade to Basic' }).click();
    await page.waitForURL((url) => url.href.startsWith(inject('fakeStripe')));
    await page.getByTestId('fake-stripe-cancel').click();
    await page.waitForURL(/\/account\/subscription/);
    await expect.poll(() => page.getByText('Checkout canceled').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('subscription-plan').textContent()).toBe('Free');

    // Paying for Pro: back on the Subscription tab, which shows Pro once Stripe's webhook is in.
    await page.getByTestId('plan-card-Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL((url) => url.href.startsWith(inject('fakeStripe')));
    await page.getByTestId('fake-stripe-pay').click();
    await page.waitForURL(/\/account\/subscription/);
    await expect.poll(() => page.getByTestId('subscription-plan').textContent(), { timeout: 30_000 }).toBe('Pro');
    await expect.poll(() => page.getByRole('button', { name: 'Manage billing' }).isVisible()).toBe(true);
    await page.screenshot({ path: 'test-results/subscription-pro.png', fullPage: true });

    // The token carries the plan now: the badge says Pro and a second event is created.
    await page.goto(`${baseUrl()}/events`);
    await expect.poll(() => page.getByTestId('plan-badge').textContent(), { timeout: 15_000 }).toBe('Pro');
    await expect.poll(() => page.getByTestId('capacity-note').count()).toBe(0);
    await createEvent(page, `Second fair ${suffix}`);
    await page.waitForURL(/\/event\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect.poll(() => page.getByRole('heading', { name: `Second fair ${suffix}` }).isVisible(), { timeout: 15_000 }).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a host adds the Download.HTML add-on through Checkout, downloads an event as one file and reads it offline', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { name: `Dora Download ${suffix}`, email: `dora-${suffix}@example.test`, password: 'dora password 1' };
    await createVerifiedUser(host.name, host.email, host.password);
    const { jwt } = await api<{ jwt: string }>('POST', '/presence/api/v1/auth/login', null, { email: host.email, password: host.password });
    const start = Date.now() + 3 * 3_600_000;
    const event = await api<{ id: string }>('POST', '/engine/api/v1/event/', jwt, {
      name: `Lantern Walk ${suffix}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 3_600_000).toISOString(),
      timeZone: 'America/Chicago',
      venue: 'Riverfront Plaza',
      area: { name: 'Omaha, NE', type: 4, latitude: 41.26, longitude: -95.94, zoom: 12 },
    });
    const content = {
      version: 1,
      background: { kind: 'gradient', name: 'Dusk', colors: ['#ff0080', '#7928ca'], angle: 135 },
      blocks: [{ kind: 'text', id: 't1', text: `Lanterns tonight ${suffix}`, fontSize: 36, color: '#ffffff', align: 'center', x: 0.5, y: 0.4 }],
    };
    const flyer = await api<{ id: string }>('POST', '/engine/api/v1/flyer/', jwt, { eventId: event.id, name: 'Main flyer', contentJson: JSON.stringify(content) });
    await api('POST', '/engine/api/v1/launch/', jwt, { eventId: event.id, flyerIds: [flyer.id], startDate: new Date(start).toISOString(), endDate: new Date(start + 3_600_000).toISOString() });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, host.email, host.password);
    const errors = collectPageErrors(page);

    // Without the add-on the button says what it is and where to get it.
    await page.goto(`${baseUrl()}/event/${event.id}`);
    await page.getByTestId('download-event').click();
    await expect.poll(() => page.getByTestId('download-needs-add-on').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Add it on your Subscription page' }).click();
    await page.waitForURL(/\/account\/subscription$/);

    await page.getByTestId('add-on-card-Download.HTML').getByRole('button', { name: 'Add Download as HTML' }).click();
    await page.waitForURL((url) => url.href.startsWith(inject('fakeStripe')));
    await page.getByTestId('fake-stripe-pay').click();
    await page.waitForURL(/\/account\/subscription/);
    await expect.poll(() => page.getByTestId('add-on-card-Download.HTML').getByText('Yours').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('subscription-plan').textContent()).toBe('Free');

    // The download, saved where a person would keep it.
    await page.goto(`${baseUrl()}/event/${event.id}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-event').click()]);
    expect(download.suggestedFilename()).toBe(`Lantern Walk ${suffix}.html`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hubbub-download-'));
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);

    // Opened with no network at all: everything is in the file, and it asks for nothing.
    const offline = await browser.newContext({ offline: true, viewport: { width: 1000, height: 1400 } });
    const reader = await offline.newPage();
    const requests: string[] = [];
    reader.on('request', (r) => {
      if (!r.url().startsWith('file:')) requests.push(r.url());
    });
    await reader.goto(pathToFileURL(file).href);
    await expect.poll(() => reader.getByRole('heading', { name: `Lantern Walk ${suffix}` }).isVisible()).toBe(true);
    await expect.poll(() => reader.getByText(`Lanterns tonight ${suffix}`).isVisible()).toBe(true);
    await expect.poll(() => reader.locator('.map svg').isVisible()).toBe(true);
    await expect.poll(() => reader.locator('.timeline li').count()).toBe(1);
    fs.mkdirSync('test-results', { recursive: true });
    await reader.screenshot({ path: 'test-results/event-download.png', fullPage: true });
    expect(requests).toEqual([]);

    await offline.close();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
