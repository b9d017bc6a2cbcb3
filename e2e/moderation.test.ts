import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type HubEvent, eventsApi } from '@hubbub/contract';
import { apiLogin, baseUrl, collectPageErrors, createVerifiedUser, ensureAdmin, launchBrowser, signIn } from './support/browser.js';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants.js';

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

/**
 * What a visitor searching the event's name sees close in: `shown` (listed, and drawn as its own
 * point on the map), `empty` (the list says there is nothing, and the map draws nothing of it),
 * or `loading`.
 */
async function searchView(page: Page, event: HubEvent, text: string): Promise<'shown' | 'empty' | 'loading'> {
  const { latitude: lat, longitude: lng } = event.area!;
  await page.goto(`${baseUrl()}/search?lat=${lat}&lng=${lng}&z=16&q=${text}`);
  await mapIdle(page);
  // Let the tiles of this view arrive (idle may come first on a loaded machine).
  await page.waitForTimeout(1000);
  await mapIdle(page);
  const listed = await page.locator(`[data-testid="event-card"][data-event-id="${event.id}"]`).count();
  const drawn = await page.evaluate((id) => {
    const map = (window as unknown as { __hubbubMap: { querySourceFeatures(s: string, o: object): { properties: Record<string, unknown> }[] } }).__hubbubMap;
    return map.querySourceFeatures('events', { sourceLayer: 'events' }).some((f) => f.properties.id === id);
  }, event.id);
  if (listed > 0 && drawn) return 'shown';
  const empty = await page.getByText('No events here on these dates').isVisible();
  return empty && !drawn ? 'empty' : 'loading';
}

describe('moderation', () => {
  it('a person reports an event; the admin finds it in the queue, dismisses it with a reason, and the audit log shows it', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { email: `hal-${suffix}@example.test`, password: 'hal password 1' };
    const reporter = { email: `rita-${suffix}@example.test`, password: 'rita password 1' };
    await createVerifiedUser(`Hal Host ${suffix}`, host.email, host.password);
    await createVerifiedUser(`Rita Reporter ${suffix}`, reporter.email, reporter.password);
    // The admin account may exist from an earlier test in this run.
    await ensureAdmin();
    const jwt = await apiLogin(host.email, host.password);
    const start = Date.now() + 2 * 86_400_000;
    const res = await fetch(`${baseUrl()}${eventsApi.create.path}`, {
      method: 'POST',
      headers: { 'x-tenant': 'hubbub', authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Too good to be true raffle ${suffix}`, startDate: new Date(start).toISOString(), endDate: new Date(start + 3_600_000).toISOString(), timeZone: 'UTC', area: { latitude: 41.26, longitude: -95.94 } }),
    });
    const event = (await res.json()) as HubEvent;

    // The reporter reports it from the event page.
    const reporterContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(reporterContext, reporter.email, reporter.password);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/event/${event.id}`);
    await page.getByTestId('report-event').click();
    await page.getByLabel('Scam or fraud').check();
    await page.getByLabel(/Anything a moderator should know/).fill('Asks for the prize fee by wire transfer.');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByTestId('report-received').waitFor();
    expect(await page.getByTestId('report-received').innerText()).toContain('your report was received');
    expect(errors).toEqual([]);
    await reporterContext.close();

    // The admin works the queue.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await signIn(adminContext, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await admin.goto(`${baseUrl()}/admin`);
    // The overview first: counts and the last 30 days.
    await expect.poll(async () => Number((await admin.getByTestId('overview-open-reports').textContent()) ?? 0), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await admin.locator('.recharts-surface').first().waitFor({ timeout: 15_000 });
    await admin.screenshot({ path: 'test-results/admin-overview.png', fullPage: true });
    await admin.getByRole('tab', { name: 'Reports' }).click();
    const group = admin.locator(`[data-testid="report-group"][data-target-id="${event.id}"]`);
    await group.waitFor({ timeout: 15_000 });
    expect(await group.innerText()).toContain('Asks for the prize fee by wire transfer.');
    await admin.screenshot({ path: 'test-results/admin-report-queue.png', fullPage: true });
    await group.getByRole('button', { name: 'Dismiss' }).click();
    await admin.getByLabel(/Reason/).fill('Checked with the host: a real raffle');
    await admin.getByRole('dialog').getByRole('button', { name: 'Dismiss' }).click();
    await group.waitFor({ state: 'detached', timeout: 15_000 });

    await admin.getByRole('tab', { name: 'Audit log' }).click();
    const log = admin.getByTestId('audit-log');
    await log.waitFor({ timeout: 15_000 });
    await expect.poll(() => log.innerText(), { timeout: 15_000 }).toContain('Checked with the host: a real raffle');
    expect(await log.innerText()).toContain('reports.dismiss');
    await adminContext.close();
  });

  it('report, hide (gone from the map for a visitor), audit, then suspend the host: their open tab is signed out and their buzz connection drops', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { email: `sly-${suffix}@example.test`, password: 'sly password 1', name: `Sly Host ${suffix}` };
    const reporter = { email: `rob-${suffix}@example.test`, password: 'rob password 1' };
    await createVerifiedUser(host.name, host.email, host.password);
    await createVerifiedUser(`Rob Reporter ${suffix}`, reporter.email, reporter.password);
    await ensureAdmin();
    const jwt = await apiLogin(host.email, host.password);
    const start = Date.now() + 2 * 86_400_000;
    // Its own spot near Lincoln, NE, so at a close zoom it is a point of its own.
    const area = { latitude: 40.8 + Math.random() * 0.05, longitude: -96.7 + Math.random() * 0.05 };
    const res = await fetch(`${baseUrl()}${eventsApi.create.path}`, {
      method: 'POST',
      headers: { 'x-tenant': 'hubbub', authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Miracle cure expo ${suffix}`, startDate: new Date(start).toISOString(), endDate: new Date(start + 3_600_000).toISOString(), timeZone: 'UTC', area }),
    });
    expect(res.status).toBe(200);
    const event = (await res.json()) as HubEvent;

    // The host has the buzz of their event open.
    const hostContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const hostPage = await signIn(hostContext, host.email, host.password);
    await hostPage.goto(`${baseUrl()}/buzz/${event.id}`);
    await hostPage.locator('[data-testid="hub-status"][data-state="connected"]').first().waitFor({ timeout: 30_000 });

    // A visitor finds it on the map.
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const onMap = () => searchView(visitor, event, suffix);
    await expect.poll(onMap, { timeout: 60_000 }).toBe('shown');

    // Someone reports it.
    const reporterContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(reporterContext, reporter.email, reporter.password);
    await page.goto(`${baseUrl()}/event/${event.id}`);
    await page.getByTestId('report-event').click();
    await page.getByLabel('Scam or fraud').check();
    await page.getByLabel(/Anything a moderator should know/).fill('Sells a cure for everything.');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByTestId('report-received').waitFor();
    await reporterContext.close();

    // The admin sees it in context in the queue and hides it with a reason.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await signIn(adminContext, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    const errors = collectPageErrors(admin);
    await admin.goto(`${baseUrl()}/admin?tab=reports`);
    const group = admin.locator(`[data-testid="report-group"][data-target-id="${event.id}"]`);
    await group.waitFor({ timeout: 15_000 });
    await group.getByTestId('admin-event-context').waitFor({ timeout: 15_000 });
    expect(await group.innerText()).toContain(host.name);
    await admin.screenshot({ path: 'test-results/admin-report-queue-in-context.png', fullPage: true });
    await group.getByRole('button', { name: 'Hide event' }).click();
    await admin.getByRole('dialog').getByLabel('Reason').fill('Health fraud: sells a fake cure');
    await admin.getByRole('dialog').getByRole('button', { name: 'Hide event' }).click();
    await group.waitFor({ state: 'detached', timeout: 15_000 });

    // Gone from the map and the list for a visitor. A new one: the first visitor's browser may keep
    // the anonymous tiles it already has for their 60 s max-age, as the tile routes allow.
    const laterVisitor = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await expect.poll(() => searchView(laterVisitor, event, suffix), { timeout: 60_000 }).toBe('empty');

    // The audit log shows it.
    await admin.goto(`${baseUrl()}/admin?tab=audit`);
    const log = admin.getByTestId('audit-log');
    await expect.poll(() => log.innerText(), { timeout: 15_000 }).toContain('Health fraud: sells a fake cure');
    expect(await admin.locator('[data-testid="audit-entry"][data-action="event.hide"]').count()).toBeGreaterThanOrEqual(1);

    // The admin finds the host under People and suspends them.
    await admin.goto(`${baseUrl()}/admin?tab=people`);
    await admin.getByLabel('Search people').fill(host.email);
    await admin.locator('[data-testid="admin-person-row"]').filter({ hasText: host.email }).getByRole('link', { name: host.name }).click();
    await admin.getByTestId('admin-person').waitFor({ timeout: 15_000 });
    await expect.poll(() => admin.getByTestId('admin-person').innerText(), { timeout: 15_000 }).toContain(event.name);
    await admin.screenshot({ path: 'test-results/admin-person.png', fullPage: true });
    await admin.getByRole('button', { name: 'Suspend person' }).click();
    await admin.getByRole('dialog').getByLabel('Reason').fill('Repeated health fraud');
    await admin.getByRole('dialog').getByRole('button', { name: 'Suspend person' }).click();
    await admin.getByTestId('admin-person-suspension').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);

    // The host's open tab: the buzz connection drops and they are signed out, told why.
    await hostPage.getByText('Your account is suspended').waitFor({ timeout: 30_000 });
    await hostPage.waitForURL(/\/login/, { timeout: 15_000 });
    await hostContext.close();
    await adminContext.close();
    await visitor.close();
    await laterVisitor.close();
  }, 180_000);

  it('a person without the Admin role sees that the console is not theirs', async () => {
    const suffix = randomUUID().slice(0, 8);
    const person = { email: `nora-${suffix}@example.test`, password: 'nora password 1' };
    await createVerifiedUser(`Nora ${suffix}`, person.email, person.password);
    const context = await browser.newContext();
    const page = await signIn(context, person.email, person.password);
    await page.goto(`${baseUrl()}/admin`);
    await page.getByText('Your account does not have access to this area.').waitFor();
    expect(await page.getByTestId('report-group').count()).toBe(0);
    await context.close();
  });
});
