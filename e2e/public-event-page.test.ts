import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { authApi, eventsApi, eventPhase, pathOf, publicEventPath, type HubEvent } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser } from './support/browser.js';

// Issue 24: a visitor's way from the map to an event. A pin or a card on /search opens the event's
// public page (no login wall); it shows the event, how many are going and add-to-calendar; "Going"
// asks to sign in and, once signed in, the person is back on the event (its full page).

let browser: Browser;
const suffix = randomUUID().slice(0, 8);
const fan = { name: `Fay Fan ${suffix}`, email: `fay-${suffix}@example.test`, password: 'fay password 1' };
/** Alone on the map, far from the demo's towns, so its pin is its own point. */
const SPOT = { latitude: 43.05, longitude: -108.6 };
let event: HubEvent;

beforeAll(async () => {
  browser = await launchBrowser();
  const host = { name: `Hal Host ${suffix}`, email: `hal-${suffix}@example.test`, password: 'hal password 1' };
  await createVerifiedUser(host.name, host.email, host.password);
  await createVerifiedUser(fan.name, fan.email, fan.password);
  const jwt = await apiLogin(host.email, host.password);
  const start = Date.now() + 2 * 86_400_000;
  event = await api<HubEvent>('POST', eventsApi.create.path, jwt, {
    name: `Prairie Star Party ${suffix}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3 * 3_600_000).toISOString(),
    timeZone: 'America/Denver',
    venue: 'Sinks Canyon overlook',
    contentJson: 'Telescopes, cocoa and a very dark sky.',
    area: { name: 'Lander, WY', type: 4, ...SPOT, zoom: 12, city: 'Lander', state: 'WY' },
  });
  expect((await api<{ id: string }>('GET', authApi.user.path, jwt)).id).toBeTruthy();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function mapIdle(page: Page) {
  await page.locator('[data-testid="event-map"][data-map-state="idle"]').first().waitFor({ timeout: 45_000 });
}

/** The public page shows the event: its name, the going count and add-to-calendar (a file that downloads). */
async function expectPublicPage(page: Page, shown: { name: string; slug: string }) {
  expect(new URL(page.url()).pathname).toBe(publicEventPath(shown.slug));
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(shown.name);
  expect(await page.getByTestId('going-count').innerText()).toMatch(/^\d[\d,]* going/);
  const calendar = page.getByTestId('add-to-calendar');
  const href = await calendar.getAttribute('href');
  expect(href).toBe(`${publicEventPath(shown.slug)}/calendar.ics`);
  const ics = await page.request.get(`${baseUrl()}${href}`);
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toContain('BEGIN:VEVENT');
  expect(await page.getByTestId('going-sign-in').innerText()).toMatch(/Sign in to say you.re going/);
}

describe('a visitor from the map to an event', () => {
  it('clicking a card on /search opens the public page, without signing in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/search`);
    await mapIdle(page);
    const cards = page.locator('[data-testid="event-card"]');
    await cards.first().waitFor({ timeout: 30_000 });
    // The first card people can still say they are going to: another file may have left an ended or canceled event on top.
    let card = cards.first();
    let shown: HubEvent | undefined;
    for (let i = 0; i < (await cards.count()) && !shown; i++) {
      const id = await cards.nth(i).getAttribute('data-event-id');
      const event = (await (await fetch(`${baseUrl()}${pathOf(eventsApi.get, { id: id! })}`, { headers: { 'x-tenant': 'hubbub' } })).json()) as HubEvent;
      if (!['ended', 'canceled'].includes(eventPhase(event))) [card, shown] = [cards.nth(i), event];
    }
    if (!shown) throw new Error('no card on /search for an event still to come');
    const name = await card.getByTestId('event-card-link').innerText();
    // The link itself names the public page (hover, new tab, copy link).
    expect(await card.getByTestId('event-card-link').getAttribute('href')).toBe(publicEventPath(shown.slug));
    await card.getByTestId('event-card-link').click();
    await page.waitForURL((url) => url.pathname.startsWith('/e/'), { timeout: 30_000 });
    await expectPublicPage(page, { name, slug: shown.slug });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('clicking a pin opens the public page, without signing in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/search?lat=${SPOT.latitude}&lng=${SPOT.longitude}&z=13`);
    await mapIdle(page);
    // The event's own point (its id on the feature, not a cluster), where the map draws it now.
    const point = async () =>
      page.evaluate((eventId) => {
        type Feature = { properties: Record<string, unknown>; geometry: { type: string; coordinates: [number, number] } };
        const map = (window as unknown as { __hubbubMap?: { querySourceFeatures(s: string, o: object): Feature[]; project(p: [number, number]): { x: number; y: number }; getCanvas(): HTMLCanvasElement } }).__hubbubMap;
        const feature = map?.querySourceFeatures('events', { sourceLayer: 'events' }).find((f) => f.properties.id === eventId);
        if (!map || !feature) return null;
        const at = map.project(feature.geometry.coordinates);
        const box = map.getCanvas().getBoundingClientRect();
        return { x: box.left + at.x, y: box.top + at.y };
      }, event.id);
    await expect.poll(point, { timeout: 30_000 }).not.toBeNull();
    await mapIdle(page);
    const { x, y } = (await point())!;
    await page.mouse.click(x, y);
    await page.waitForURL((url) => url.pathname === publicEventPath(event.slug), { timeout: 30_000 });
    await expectPublicPage(page, { name: event.name, slug: event.slug });
    await expect.poll(() => page.getByTestId('event-description').innerText()).toBe('Telescopes, cocoa and a very dark sky.');
    await context.close();
  });

  it('"Going" asks to sign in, and after signing in the person is back on the event, on its full page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${publicEventPath(event.slug)}`);
    await page.getByTestId('going-sign-in').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(publicEventPath(event.slug));
    await page.getByLabel('Email').fill(fan.email);
    await page.getByLabel('Password').fill(fan.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === `/event/${event.id}`, { timeout: 30_000 });
    await expect.poll(() => page.getByRole('heading', { name: event.name }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('going-say').click();
    await expect.poll(() => page.getByTestId('going-state').innerText(), { timeout: 15_000 }).toBe('You are going');

    // Signed in, the public address and a card on the map go to the full page.
    await page.goto(`${baseUrl()}${publicEventPath(event.slug)}`);
    await page.waitForURL((url) => url.pathname === `/event/${event.id}`, { timeout: 30_000 });
    await context.close();

    // The visitor's page now counts the new attendee.
    const visitor = await browser.newPage();
    await visitor.goto(`${baseUrl()}${publicEventPath(event.slug)}`);
    expect(await visitor.getByTestId('going-count').innerText()).toMatch(/^1 going/);
    await visitor.close();
  });

  it('reads whole without JavaScript, and with it adds the reader\'s own time when their zone differs', async () => {
    const still = await browser.newContext({ javaScriptEnabled: false, timezoneId: 'Europe/Berlin' });
    const plain = await still.newPage();
    await plain.goto(`${baseUrl()}${publicEventPath(event.slug)}`);
    expect(await plain.getByRole('heading', { level: 1 }).innerText()).toBe(event.name);
    expect(await plain.locator('time[data-event-times]').innerText()).toMatch(/MST|MDT/);
    expect(await plain.getByTestId('reader-time').isVisible()).toBe(false);
    await still.close();

    const berlin = await browser.newContext({ timezoneId: 'Europe/Berlin', locale: 'en-GB' });
    const page = await berlin.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}${publicEventPath(event.slug)}`);
    await expect.poll(() => page.getByTestId('reader-time').isVisible()).toBe(true);
    expect(await page.getByTestId('reader-time').innerText()).toMatch(/^Your time: .*(CET|CEST|GMT\+1|GMT\+2)/);
    expect(errors).toEqual([]);
    await berlin.close();
  });
});
