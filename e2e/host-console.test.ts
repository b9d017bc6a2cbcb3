import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { authApi, eventsApi, flyersApi, launchesApi, moderationApi, pathOf, type HubEvent } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, ensureAdmin, launchBrowser, signIn } from './support/browser.js';

// Issue 26, acceptance 3: on a phone the host console is a compact bar in reach on the first
// screen, and it stays there while 8 flyers scroll under it; its controls follow the session's
// state (Go live, then launch; End asks first and says what happens).

const PHONE = { width: 390, height: 844 };
const SHOTS = fs.mkdtempSync(path.join(os.tmpdir(), 'hubbub-host-console-'));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A host on Pro (made so by the admin: with billing on, a new account is Free, one flyer per event) with an event of 8 flyers. */
async function hostWithEightFlyers() {
  const suffix = randomUUID().slice(0, 8);
  const host = { email: `hana-${suffix}@example.test`, password: 'hana password 1' };
  const { id } = await createVerifiedUser(`Hana Host ${suffix}`, host.email, host.password);
  const admin = await ensureAdmin();
  await api('POST', pathOf(moderationApi.personPlan, { id }), admin, { plan: 'Pro', addOns: [], reason: 'Console check' });
  const jwt = await apiLogin(host.email, host.password);
  expect((await api<{ id: string }>('GET', authApi.user.path, jwt)).id).toBe(id);
  const start = Date.now() + 3_600_000;
  const event = await api<HubEvent>('POST', eventsApi.create.path, jwt, {
    name: `Console Night ${suffix}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3 * 3_600_000).toISOString(),
    timeZone: 'America/Chicago',
    area: { name: 'Omaha, NE', type: 4, latitude: 41.25, longitude: -95.94, zoom: 12 },
  });
  const flyerIds: string[] = [];
  for (let i = 1; i <= 8; i++) {
    const content = { version: 1, background: { kind: 'solid', color: '#312e81' }, blocks: [{ kind: 'text', id: 't', text: `Flyer ${i}`, fontSize: 48, color: '#ffffff', align: 'center', x: 0.5, y: 0.5 }], imagePath: null };
    flyerIds.push((await api<{ id: string }>('POST', flyersApi.create.path, jwt, { eventId: event.id, name: `Flyer ${i}`, contentJson: JSON.stringify(content) })).id);
  }
  return { host, jwt, event, flyerIds };
}

/** Whether the element is wholly on the first screen (the viewport as it is now). */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return Boolean(box && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width);
}

describe('the host console on a phone', () => {
  it('shows Go live, then launch, on the first screen with 8 flyers on stage; End asks and says what happens', async () => {
    const { host, jwt, event, flyerIds } = await hostWithEightFlyers();
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await signIn(context, host.email, host.password);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/buzz/${event.id}`);
    await page.locator('[data-testid="active-flyers"][data-joined="true"]').waitFor({ timeout: 20_000 });

    // Not live: the bar offers Go live, and nothing that needs a live session.
    const bar = page.getByTestId('console-bar');
    await expect.poll(() => bar.getByTestId('console-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('not-live');
    expect(await onScreen(page, bar.getByTestId('session-start'))).toBe(true);
    expect(await bar.getByTestId('launch-now').count()).toBe(0);
    expect(await page.getByTestId('owner-controls').count()).toBe(0);

    await bar.getByTestId('session-start').click();
    await expect.poll(() => bar.getByTestId('console-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('live');
    expect(await page.getByTestId('session-start').count()).toBe(0);
    // Said in the bar, not in a toast that would sit on top of it.
    expect(await bar.getByTestId('console-status').textContent()).toContain('You are live');

    // All 8 flyers on stage, and one launch to come (End cancels it).
    const now = Date.now();
    await api('POST', launchesApi.create.path, jwt, { eventId: event.id, flyerIds, startDate: new Date(now).toISOString(), endDate: new Date(now + 3_600_000).toISOString() });
    await api('POST', launchesApi.create.path, jwt, { eventId: event.id, flyerIds: [flyerIds[0]], startDate: new Date(now + 2 * 3_600_000).toISOString(), endDate: new Date(now + 3 * 3_600_000).toISOString() });
    await expect.poll(() => page.locator('[data-testid="stage-flyer"]:not([data-leaving])').count(), { timeout: 10_000 }).toBe(8);
    await page.evaluate(() => window.scrollTo(0, 0));

    // Live: pick and launch from the first screen, although the flyers run far below it.
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeGreaterThan(3 * PHONE.height);
    for (const control of [bar.getByTestId('launch-flyer'), bar.getByTestId('launch-now'), bar.getByTestId('console-more')]) expect(await onScreen(page, control)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'phone-console-first-screen.png') });

    // Still in reach halfway down the flyers.
    await page.evaluate(() => window.scrollTo(0, 1800));
    await expect.poll(() => onScreen(page, bar.getByTestId('launch-now'))).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'phone-console-scrolled.png') });

    // The whole console in a drawer: End asks first, naming what happens.
    await bar.getByTestId('console-more').click();
    const drawer = page.getByRole('dialog', { name: 'Host console' });
    await drawer.getByTestId('session-stop').click();
    const confirm = page.getByRole('dialog', { name: 'End the live buzz?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(/Everyone watching sees the buzz end.*The 1 scheduled launch is canceled\. The event stays on/s);
    await page.screenshot({ path: path.join(SHOTS, 'phone-console-end.png') });
    await confirm.getByRole('button', { name: 'End the buzz' }).click();
    await expect.poll(() => bar.getByTestId('console-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('not-live');
    await expect.poll(() => page.locator('[data-testid="stage-flyer"]:not([data-leaving])').count(), { timeout: 10_000 }).toBe(0);

    console.log(`host console screenshots: ${SHOTS}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
