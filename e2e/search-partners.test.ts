import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { attractionsApi, eventsApi, type HubEvent } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser } from './support/browser.js';
import { mapRendered } from './support/route-walk.js';

// Issue 27: the partners drawer on /search. A visitor opens it, picks a partner, and the map and
// the list show only that partner's events, also after a reload of the address.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;
const suffix = randomUUID().slice(0, 8);
const partnerName = `Lantern Co-op ${suffix}`;
// A quiet valley in Idaho, with none of the demo's events; each event 0.03° from the next, so each is a point of its own at zoom 11.
const centre = { latitude: 44.2 + Math.random() * 0.4, longitude: -115.4 + Math.random() * 0.4 };

async function hostWithEvent(name: string, i: number, lineUp: { name: string; kind: string }[]): Promise<HubEvent> {
  const host = { name, email: `partners-${i}-${suffix}@example.test`, password: 'partners password 1' };
  await createVerifiedUser(host.name, host.email, host.password);
  const jwt = await apiLogin(host.email, host.password);
  const start = Date.now() + 30 * HOUR;
  const event = await api<HubEvent>('POST', eventsApi.create.path, jwt, {
    name: `Valley night ${i} ${suffix}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3 * HOUR).toISOString(),
    timeZone: 'America/Boise',
    area: { name: 'Valley', type: 6, latitude: centre.latitude + (i - 1) * 0.03, longitude: centre.longitude + (i - 1) * 0.03, zoom: 13 },
  });
  for (const attraction of lineUp) await api('POST', attractionsApi.create.path, jwt, { eventId: event.id, ...attraction });
  return event;
}

/** The events the map draws in view (each point or cluster once, with its count). */
function eventsOnMap(page: Page): Promise<number> {
  return page.evaluate(() => {
    type Feature = { properties: { count?: number; id?: string }; geometry: { coordinates: unknown } };
    const map = (window as unknown as { __hubbubMap: { queryRenderedFeatures(o: { layers: string[] }): Feature[] } }).__hubbubMap;
    const seen = new Map<string, number>();
    for (const f of map.queryRenderedFeatures({ layers: ['event-clusters', 'event-points'] })) seen.set(JSON.stringify([f.properties.id, f.geometry.coordinates]), f.properties.count ?? 1);
    return [...seen.values()].reduce((a, b) => a + b, 0);
  });
}

const cards = (page: Page) => page.getByTestId('event-card').count();

describe('the partners drawer on /search', () => {
  let events: HubEvent[];
  beforeAll(async () => {
    events = [
      await hostWithEvent(`Rosa Ridge ${suffix}`, 0, [{ name: partnerName, kind: 'sponsor' }]),
      await hostWithEvent(`Omar Orchard ${suffix}`, 1, [
        { name: partnerName, kind: 'partner' },
        { name: `The Fiddlers ${suffix}`, kind: 'performer' },
      ]),
      await hostWithEvent(`Ida Inlet ${suffix}`, 2, [{ name: `The Fiddlers ${suffix}`, kind: 'performer' }]),
    ];
  });

  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])('a visitor picks a partner, and the map and list show only their events, also after a reload ($width px)', async (viewport) => {
    const phone = viewport.width < 600;
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/search?lat=${centre.latitude + 0.03}&lng=${centre.longitude + 0.03}&z=11`);
    expect(await mapRendered(page)).toBe(true);
    await expect.poll(() => eventsOnMap(page), { timeout: 20_000 }).toBe(3);
    if (phone) await page.getByRole('button', { name: 'Show list' }).click();
    await expect.poll(() => cards(page), { timeout: 15_000 }).toBe(3);
    if (phone) await page.getByRole('button', { name: 'Show map' }).click();

    await page.getByTestId('open-partners').click();
    const drawer = page.getByRole('dialog', { name: 'Partners' });
    const hosts = drawer.getByRole('region', { name: 'Hosts' });
    await expect.poll(() => hosts.getByRole('button').count(), { timeout: 15_000 }).toBe(3);
    const partners = drawer.getByRole('region', { name: 'Partners and sponsors' });
    // One entry for the partner of two events (a sponsor of one, a partner of the other); the performer is not one.
    expect(await partners.getByRole('button').count()).toBe(1);
    expect(await partners.getByRole('button', { name: `${partnerName} Partner · 2 events` }).count()).toBe(1);
    expect(await hosts.getByRole('button', { name: `Rosa Ridge ${suffix} 1 event` }).count()).toBe(1);
    await page.screenshot({ path: `test-results/search-partners-drawer-${viewport.width}.png` });
    // The drawer passes the axe rules the accessibility walk applies (it opens only on a click, so the walk does not see it).
    const audit = await new AxeBuilder({ page }).include('[data-testid="search-partners"]').analyze();
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await partners.getByRole('button', { name: new RegExp(partnerName) }).click();
    await page.waitForURL((url) => url.searchParams.get('partner') === partnerName.toLowerCase());
    if (!phone) await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: 'Partners' }).count()).toBe(0);
    const chip = page.getByTestId('partner-chip');
    await expect.poll(() => chip.innerText(), { timeout: 10_000 }).toContain(partnerName);
    await expect.poll(() => eventsOnMap(page), { timeout: 20_000 }).toBe(2);
    if (phone) await page.getByRole('button', { name: 'Show list' }).click();
    await expect.poll(() => cards(page), { timeout: 15_000 }).toBe(2);
    expect(await page.locator(`[data-testid="event-card"][data-event-id="${events[2].id}"]`).count()).toBe(0);
    await page.screenshot({ path: `test-results/search-partners-chosen-${viewport.width}.png` });

    // The address holds the choice: a reload (or a shared link) shows the same two events.
    await page.reload();
    expect(await mapRendered(page)).toBe(true);
    await expect.poll(() => eventsOnMap(page), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('partner-chip').innerText(), { timeout: 10_000 }).toContain(partnerName);
    if (phone) await page.getByRole('button', { name: 'Show list' }).click();
    await expect.poll(() => cards(page), { timeout: 15_000 }).toBe(2);
    if (phone) await page.getByRole('button', { name: 'Show map' }).click();

    // The chip lets go: everyone's events again.
    await page.getByTestId('partner-chip').getByRole('button').click();
    await page.waitForURL((url) => !url.searchParams.has('partner'));
    await expect.poll(() => eventsOnMap(page), { timeout: 20_000 }).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });
});
