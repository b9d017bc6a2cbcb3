import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { eventLinksApi, eventsApi, flyersApi, type HubEvent } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, signIn } from './support/browser.js';

// Issue 24: a buzz is a live session, not the event's end. While it runs the event reads Live on
// its card, its page (with a banner to watch), the map (a live marker) and in Following; after the
// host's Stop (confirmed) it reads Upcoming again for everyone, and no flyer stays on stage.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;
const FLYER = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#1864ab' }, blocks: [], imagePath: null });

/** The ids of the live markers the map draws now. */
function liveMarkers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const map = (window as unknown as { __hubbubMap?: { getLayer(id: string): unknown; queryRenderedFeatures(o: { layers: string[] }): { properties: { id?: string } }[] } }).__hubbubMap;
    if (!map?.getLayer('event-live-points')) return [];
    return map.queryRenderedFeatures({ layers: ['event-live-points'] }).map((f) => f.properties.id ?? '');
  });
}

/** axe-core's serious and critical findings on the page as it is now: "id: targets". */
async function seriousFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const phaseOn = (page: Page, testId: string) => page.getByTestId(testId).first().getAttribute('data-phase');

describe('the event lifecycle', () => {
  it('a host goes live on a future event, launches a flyer and stops: Live everywhere while it runs, Upcoming after, no flyer left', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { name: `Lena Live ${suffix}`, email: `lena-${suffix}@example.test`, password: 'lena password 1' };
    const fan = { name: `Finn Follows ${suffix}`, email: `finn-life-${suffix}@example.test`, password: 'finn password 1' };
    const other = { name: `Olive Other ${suffix}`, email: `olive-${suffix}@example.test`, password: 'olive password 1' };
    for (const person of [host, fan, other]) await createVerifiedUser(person.name, person.email, person.password);

    // Tonight's event, hours ahead, in a spot of its own (the Nebraska Sandhills), with a flyer; the fan follows it.
    const hostJwt = await apiLogin(host.email, host.password);
    const start = Date.now() + 5 * HOUR;
    const place = { latitude: 42.1 + Math.random() * 0.3, longitude: -101.2 + Math.random() * 0.3 };
    const event = await api<HubEvent>('POST', eventsApi.create.path, hostJwt, {
      name: `Sandhills Stargazing ${suffix}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * HOUR).toISOString(),
      timeZone: 'America/Chicago',
      area: { name: 'Sandhills', type: 6, ...place, zoom: 12 },
    });
    await api('POST', flyersApi.create.path, hostJwt, { eventId: event.id, name: 'Telescopes out', contentJson: FLYER });
    await api('POST', eventLinksApi.create.path, await apiLogin(fan.email, fan.password), { eventId: event.id, type: 'Follow' });

    const hostContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const hostPage = await signIn(hostContext, host.email, host.password);
    const hostErrors = collectPageErrors(hostPage);
    const fanContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const fanPage = await signIn(fanContext, fan.email, fan.password);
    const fanErrors = collectPageErrors(fanPage);

    // Before: Upcoming on its page.
    await fanPage.goto(`${baseUrl()}/event/${event.id}`);
    await expect.poll(() => phaseOn(fanPage, 'event-status'), { timeout: 15_000 }).toBe('upcoming');

    // The host goes live and launches the flyer from the buzz.
    await hostPage.goto(`${baseUrl()}/buzz/${event.id}`);
    await hostPage.locator('[data-testid="active-flyers"][data-joined="true"]').waitFor({ timeout: 20_000 });
    expect(await hostPage.getByTestId('session-state').getAttribute('data-state')).toBe('upcoming');
    await hostPage.getByTestId('session-start').click();
    await expect.poll(() => hostPage.getByTestId('session-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('live');
    await hostPage.getByRole('textbox', { name: 'Flyer to launch' }).click();
    await hostPage.getByRole('option', { name: 'Telescopes out' }).click();
    await hostPage.getByTestId('launch-now').click();
    const hostStage = hostPage.locator('[data-testid="stage-flyer"]:not([data-leaving])');
    await expect.poll(() => hostStage.count(), { timeout: 10_000 }).toBe(1);

    // Live on its page, with the banner to watch at the top.
    await fanPage.goto(`${baseUrl()}/event/${event.id}`);
    await expect.poll(() => phaseOn(fanPage, 'event-status'), { timeout: 15_000 }).toBe('live');
    expect(await fanPage.getByTestId('event-status').first().textContent()).toBe('Live');
    await fanPage.getByTestId('live-banner').waitFor();
    expect(await fanPage.getByTestId('watch-buzz').textContent()).toContain('Watch the buzz');
    // The banner and the Live badge read for everyone (colour contrast included).
    expect(await seriousFindings(fanPage)).toEqual([]);

    // Live in Following, on its card.
    await fanPage.goto(`${baseUrl()}/events/following`);
    const card = fanPage.locator(`[data-testid="event-card"][data-event-id="${event.id}"]`);
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => card.getByTestId('event-card-phase').getAttribute('data-phase')).toBe('live');
    expect(await card.getByTestId('event-card-phase').textContent()).toBe('Live');

    // Live on the map: its marker is the live one.
    await fanPage.goto(`${baseUrl()}/search?lat=${place.latitude}&lng=${place.longitude}&z=11`);
    await fanPage.locator('[data-testid="event-map"][data-map-state="idle"]').first().waitFor({ timeout: 45_000 });
    await expect.poll(() => liveMarkers(fanPage), { timeout: 30_000 }).toContain(event.id);

    // The fan watches the buzz: the flyer is on stage.
    await fanPage.goto(`${baseUrl()}/buzz/${event.id}`);
    await fanPage.locator('[data-testid="active-flyers"][data-joined="true"]').waitFor({ timeout: 20_000 });
    const fanStage = fanPage.locator('[data-testid="stage-flyer"]:not([data-leaving])');
    await expect.poll(() => fanStage.count(), { timeout: 10_000 }).toBe(1);
    expect(await seriousFindings(fanPage)).toEqual([]);

    // End asks first, saying the event stays on its dates; keeping it live changes nothing.
    await hostPage.getByTestId('session-stop').click();
    const dialog = hostPage.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/End the live buzz\?.*The event stays on/s);
    await dialog.getByRole('button', { name: 'Keep it live' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await hostPage.getByTestId('session-state').getAttribute('data-state')).toBe('live');
    await hostPage.getByTestId('session-stop').click();
    await hostPage.getByRole('dialog').getByRole('button', { name: 'End the buzz' }).click();

    // The watcher's stage empties and the header reads Upcoming, not ended.
    await expect.poll(() => fanStage.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => fanPage.getByTestId('session-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('upcoming');
    expect(await fanPage.getByTestId('session-state').textContent()).toBe('Upcoming');
    await expect.poll(() => hostPage.getByTestId('session-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('upcoming');
    await expect.poll(() => hostStage.count(), { timeout: 10_000 }).toBe(0);

    // The follower's card is Upcoming again: no phase named (a list leaves Upcoming unsaid), not Ended.
    await fanPage.goto(`${baseUrl()}/events/following`);
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => card.getAttribute('data-phase'), { timeout: 10_000 }).toBe('upcoming');
    expect(await card.getByTestId('event-card-phase').count()).toBe(0);

    // For someone else, on a phone, afterwards: Upcoming on its page, no banner, and no flyer on stage.
    const otherContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const otherPage = await signIn(otherContext, other.email, other.password);
    await otherPage.goto(`${baseUrl()}/event/${event.id}`);
    await expect.poll(() => phaseOn(otherPage, 'event-status'), { timeout: 15_000 }).toBe('upcoming');
    expect(await otherPage.getByTestId('event-status').first().textContent()).toBe('Upcoming');
    expect(await otherPage.getByTestId('live-banner').count()).toBe(0);
    await otherPage.goto(`${baseUrl()}/buzz/${event.id}`);
    await otherPage.locator('[data-testid="active-flyers"][data-joined="true"]').waitFor({ timeout: 20_000 });
    await otherPage.waitForTimeout(500);
    expect(await otherPage.locator('[data-testid="stage-flyer"]').count()).toBe(0);
    expect(await otherPage.getByTestId('session-state').getAttribute('data-state')).toBe('upcoming');

    expect(hostErrors).toEqual([]);
    expect(fanErrors).toEqual([]);
    await Promise.all([hostContext.close(), fanContext.close(), otherContext.close()]);
  });
});
