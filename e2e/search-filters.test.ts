import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { EVENT_TILE_LAYER } from '@hubbub/contract';
import { baseUrl, collectPageErrors, launchBrowser } from './support/browser.js';

// The search page's filter bar is calm: changing any filter moves nothing on the page (Chromium's
// layout-shift entries), category names show whole, "Live now" shows the demo's live event on the
// list and the map, and "near me" clears the city box and marks the person on the map.

/** The demo's always-live event (showcase-catalogue.ts), in Chicago. */
const LIVE_EVENT = 'Green Room Jazz Marathon';
const CHICAGO = { latitude: 41.8826, longitude: -87.6226 };
/** Layout shift allowed while every filter changes (the issue's bar; "good" CLS is 0.1). */
const CLS_MAX = 0.02;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Shift {
  value: number;
  hadRecentInput: boolean;
  startTime: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

/** Records every layout shift from the first paint on, with what moved (for a failure's message). */
function recordShifts(context: BrowserContext) {
  return context.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        window.__shifts!.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          startTime: entry.startTime,
          sources: (entry.sources ?? []).map((s) => {
            const node = s.node as HTMLElement | null | undefined;
            return node ? `${node.nodeName}.${String(node.className).slice(0, 60)}${node.getAttribute?.('aria-label') ? `[${node.getAttribute('aria-label')}]` : ''}` : '?';
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftsSince = (page: Page, since: number) => page.evaluate((t) => (window.__shifts ?? []).filter((s) => s.startTime > t), since);
const now = (page: Page) => page.evaluate(() => performance.now());

async function mapIdle(page: Page) {
  await page.locator('[data-testid="event-map"][data-map-state="idle"]').first().waitFor({ timeout: 60_000 });
}

/** The list has answered the search as it now stands. */
async function settled(page: Page) {
  await expect.poll(() => page.getByTestId('results-summary').innerText(), { timeout: 30_000 }).toMatch(/^(No events|About [\d,]+ events|\d[\d,]* events?) in view$/);
}

function mapCentre(page: Page) {
  return page.evaluate(() => {
    const c = (window as unknown as { __hubbubMap: { getCenter(): { lat: number; lng: number } } }).__hubbubMap.getCenter();
    return { latitude: c.lat, longitude: c.lng };
  });
}

/** The phone folds the filters behind a button; a desktop shows them. */
async function showFilters(page: Page) {
  const toggle = page.getByRole('button', { name: 'Show filters' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('textbox', { name: 'Category' }).waitFor();
}

async function openSearch(context: BrowserContext, path = '/search'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${path}`);
  await mapIdle(page);
  await settled(page);
  return page;
}

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
];

describe('the filter bar', () => {
  it.each(VIEWPORTS)('$label: changing every filter shifts the layout by less than 0.02, and category names show whole', async ({ viewport }) => {
    const context = await browser.newContext({ viewport, geolocation: CHICAGO, permissions: ['geolocation'] });
    await recordShifts(context);
    const page = await openSearch(context);
    const errors = collectPageErrors(page);
    const start = await now(page);
    const mapBox = await page.getByTestId('event-map').boundingBox();

    await page.getByRole('searchbox', { name: 'Search events' }).fill('festival');
    await page.waitForURL((url) => url.searchParams.get('q') === 'festival');
    await settled(page);

    await showFilters(page);
    const category = page.getByRole('textbox', { name: 'Category' });
    for (const name of ['Charity & Causes', 'Business & Networking']) {
      await category.click();
      await page.getByRole('option', { name }).click();
      await page.waitForURL((url) => url.searchParams.has('cat'));
      await settled(page);
      // The whole name, not "Charity & Caus".
      await expect.poll(() => category.inputValue()).toBe(name);
      expect(await category.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
    }

    const live = page.getByRole('button', { name: 'Live now' });
    await live.click();
    await page.waitForURL((url) => url.searchParams.get('live') === '1');
    await expect.poll(() => live.getAttribute('aria-pressed')).toBe('true');
    await settled(page);
    await live.click();
    await page.waitForURL((url) => !url.searchParams.has('live'));
    await settled(page);

    const dates = page.getByRole('group', { name: 'Dates' });
    // In an order where each choice changes the window on any day: on a Sunday "This weekend" is today alone.
    for (const choice of [/^7 days$/, /^(This weekend|Weekend)$/, /^30 days$/, /^Today$/]) {
      const before = page.url();
      await dates.getByText(choice).click();
      await page.waitForURL((url) => url.href !== before);
      await settled(page);
    }
    // A custom range from the calendar: the 10th to the 12th of the month shown.
    await page.getByTestId('date-range-button').click();
    const days = page.locator('.mantine-DatePicker-day:not([data-outside])');
    await days.nth(9).click();
    await days.nth(11).click();
    await page.waitForURL((url) => url.searchParams.get('days') === '3');
    await settled(page);

    // Text, category and dates back to what they were: the bar returns to its first look.
    await showFilters(page);
    await category.click();
    await page.getByRole('option', { name: 'Charity & Causes' }).click();
    await page.getByRole('searchbox', { name: 'Search events' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await settled(page);

    const shifts = await shiftsSince(page, start);
    const cls = shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
    // A dropdown placed beside its box once open floats over the page and moves nothing: not counted.
    const all = shifts.filter((s) => !s.sources.every((source) => /Popover-dropdown/.test(source))).reduce((sum, s) => sum + s.value, 0);
    // The figure for the issue's note (acceptance 4).
    console.info(`layout shift while filtering at ${viewport.width}x${viewport.height}: CLS ${cls.toFixed(4)}, with input-driven shifts ${all.toFixed(4)}`);
    expect(cls, JSON.stringify(shifts)).toBeLessThan(CLS_MAX);
    // Also the shifts right after a click, which CLS forgives: the bar's layout never changes at all.
    expect(all, JSON.stringify(shifts)).toBeLessThan(CLS_MAX);
    // The map kept its box throughout.
    expect(await page.getByTestId('event-map').boundingBox()).toEqual(mapBox);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('live now', () => {
  it("shows the demo's live event, on the list and on the map, and only live events", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openSearch(context);
    await page.getByRole('button', { name: 'Live now' }).click();
    await page.waitForURL((url) => url.searchParams.get('live') === '1');
    await expect.poll(() => page.getByTestId('event-card').allInnerTexts(), { timeout: 30_000 }).toEqual([expect.stringContaining(LIVE_EVENT)]);
    await settled(page);
    expect(await page.getByTestId('results-summary').innerText()).toBe('1 event in view');
    // The map's tiles carry the same filter: one event, and it is live.
    await expect
      .poll(
        () =>
          page.evaluate((layer) => {
            type Feature = { properties: { count?: number; live?: number } };
            const map = (window as unknown as { __hubbubMap: { querySourceFeatures(source: string, o: { sourceLayer: string }): Feature[] } }).__hubbubMap;
            const features = map.querySourceFeatures('events', { sourceLayer: layer });
            // A tile's features repeat across the tiles a view holds at low zoom: compare the set.
            return [...new Set(features.map((f) => `${f.properties.count}:${f.properties.live}`))];
          }, EVENT_TILE_LAYER),
        { timeout: 30_000 },
      )
      .toEqual(['1:1']);

    // A link keeps it: reload and it is still on.
    await page.reload();
    await mapIdle(page);
    expect(await page.getByRole('button', { name: 'Live now' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('event-card').count(), { timeout: 30_000 }).toBe(1);
    await context.close();
  });
});

describe('near me', () => {
  it.each(VIEWPORTS)('$label: centres on the person, clears the city box and draws the you-are-here dot', async ({ viewport }) => {
    const context = await browser.newContext({ viewport, geolocation: { ...CHICAGO, accuracy: 50 }, permissions: ['geolocation'] });
    const page = await openSearch(context);
    await showFilters(page);
    const place = page.getByRole('textbox', { name: 'Place' });
    await place.fill('Austin');
    await page.getByRole('option', { name: 'Austin, TX, US' }).click();
    await expect.poll(async () => (await mapCentre(page)).longitude, { timeout: 30_000 }).toBeCloseTo(-97.74, 0);

    await showFilters(page);
    expect(await place.inputValue()).toMatch(/Austin/);
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect
      .poll(async () => {
        const c = await mapCentre(page);
        return Math.abs(c.latitude - CHICAGO.latitude) < 0.05 && Math.abs(c.longitude - CHICAGO.longitude) < 0.05;
      }, { timeout: 30_000 })
      .toBe(true);
    await showFilters(page);
    expect(await place.inputValue()).toBe('');
    await mapIdle(page);
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const map = (window as unknown as { __hubbubMap: { getLayer(id: string): unknown; queryRenderedFeatures(o: { layers: string[] }): unknown[] } }).__hubbubMap;
            return map.getLayer('here-dot') ? map.queryRenderedFeatures({ layers: ['here-dot'] }).length : -1;
          }),
        { timeout: 30_000 },
      )
      .toBe(1);
    await context.close();
  });
});
