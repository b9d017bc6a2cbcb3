import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { exited, freePort, startServer } from '../apps/server/test/support/server-process.js';
import { collectPageErrors, launchBrowser } from './support/browser.js';

/** Enough that the old points endpoint would have sent megabytes for the whole-US view. */
const EVENTS = 200_000;
/** The budget for any one view of the map, compressed. */
const VIEW_BUDGET_BYTES = 100 * 1024;
/** Where the test ends, at street zoom, and how many events sit right there. */
const CITY = { lng: -95.94, lat: 41.26 };
const CITY_EVENTS = 40;

let browser: Browser;
let server: ChildProcess | undefined;
let baseUrl = '';
let dataDir = '';

/**
 * Its own server and database: the shared e2e server's data stays small for the other suites.
 * The events go straight into the embedded database before the server opens it.
 */
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hubbub-e2e-scale-'));
  const { db, close } = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    const [tenant] = await queryRows<{ id: string }>(db, sql`insert into tenants (key) values ('hubbub') returning id`);
    const [host] = await queryRows<{ id: string }>(db, sql`insert into users (tenant_id, email, name, password_hash, email_verified_at, plan)
      values (${tenant.id}, 'scale-host@hubbub.local', 'Scale Host', 'x', now(), 'Enterprise') returning id`);
    // Random points over the continental US, starting from a month ago to a month ahead, as a live site has them:
    // about half in the default 30-day window.
    await queryRows(db, sql`
      insert into events (tenant_id, user_id, name, starts_at, ends_at, time_zone, slug, venue, lat, lng, area, status)
      select ${tenant.id}, ${host.id}, 'Scale event ' || g, s, s + interval '2 hours', 'America/Chicago', 'scale-' || g, 'Scale Hall',
             lat, lng, jsonb_build_object('name', 'Scale', 'type', 6, 'latitude', lat, 'longitude', lng, 'zoom', 10), 0
      from (select g, now() - interval '30 days' + random() * interval '60 days' as s, 24.5 + random() * 25 as lat, -125 + random() * 58 as lng
            from generate_series(1, ${EVENTS}::int) g) x`);
    // At street zoom a random spread leaves a city view empty as often as not: a neighbourhood of
    // the city the test ends in holds a few dozen events of its own, in the coming days.
    await queryRows(db, sql`
      insert into events (tenant_id, user_id, name, starts_at, ends_at, time_zone, slug, venue, lat, lng, area, status)
      select ${tenant.id}, ${host.id}, 'City event ' || g, s, s + interval '2 hours', 'America/Chicago', 'city-' || g, 'City Hall',
             lat, lng, jsonb_build_object('name', 'Omaha', 'type', 6, 'latitude', lat, 'longitude', lng, 'zoom', 14), 0
      from (select g, now() + interval '1 day' + random() * interval '5 days' as s, ${CITY.lat} + (random() - 0.5) * 0.02 as lat,
                   ${CITY.lng} + (random() - 0.5) * 0.02 as lng
            from generate_series(1, ${CITY_EVENTS}::int) g) x`);
    await queryRows(db, sql`vacuum analyze events`);
  } finally {
    await close();
  }
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  server = await startServer(port, dataDir, { HOST: '127.0.0.1', PUBLIC_URL: baseUrl });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server) {
    server.kill('SIGTERM');
    await exited(server);
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Counts what the page's event API requests transferred (headers and compressed body). */
function meterEventRequests(page: Page) {
  const seen = { tileBytes: 0, tiles: 0, listBytes: 0, urls: [] as string[] };
  page.on('requestfinished', (request) => {
    const url = request.url();
    if (!url.includes('/engine/api/v1/event/')) return;
    seen.urls.push(url);
    void request.sizes().then((sizes) => {
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      if (url.includes('/event/tiles/')) {
        seen.tileBytes += bytes;
        seen.tiles += 1;
      } else seen.listBytes += bytes;
    });
  });
  return {
    seen,
    reset() {
      seen.tileBytes = 0;
      seen.tiles = 0;
      seen.listBytes = 0;
    },
  };
}

async function mapIdle(page: Page) {
  await page.waitForTimeout(300);
  await page.locator('[data-testid="event-map"][data-map-state="idle"]').first().waitFor({ timeout: 60_000 });
  // Sizes arrive a moment after each request finishes.
  await page.waitForTimeout(300);
}

async function jumpTo(page: Page, lng: number, lat: number, zoom: number) {
  await page.evaluate(({ lng, lat, zoom }) => {
    (window as unknown as { __hubbubMap: { jumpTo(o: object): void } }).__hubbubMap.jumpTo({ center: [lng, lat], zoom });
  }, { lng, lat, zoom });
  await mapIdle(page);
}

/** The sum of the counts drawn on the map (clusters and single events) whose point is on screen. */
function countOnScreen(page: Page): Promise<number> {
  return page.evaluate(() => {
    const map = (window as unknown as { __hubbubMap: { queryRenderedFeatures(o: object): { properties: { count: number } }[] } }).__hubbubMap;
    return map.queryRenderedFeatures({ layers: ['event-clusters', 'event-points'] }).reduce((n, f) => n + Number(f.properties.count), 0);
  });
}

async function summaryCount(page: Page): Promise<number> {
  const summary = page.getByTestId('results-summary');
  await expect.poll(async () => /[\d,]+ events? in view/i.test((await summary.textContent()) ?? ''), { timeout: 30_000 }).toBe(true);
  return Number(((await summary.textContent()) ?? '').replace(/[^\d]/g, ''));
}

describe('the map at scale', () => {
  it(`pans from the whole US to a city over ${EVENTS.toLocaleString()} events within the byte budget of each view`, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = collectPageErrors(page);
    const meter = meterEventRequests(page);

    // The whole country: tens of thousands of events in view, a handful of tiles.
    await page.goto(`${baseUrl}/search`);
    await mapIdle(page);
    const country = { ...meter.seen };
    expect(country.tiles).toBeGreaterThan(0);
    expect(country.tileBytes).toBeLessThan(VIEW_BUDGET_BYTES);
    const inCountry = await summaryCount(page);
    expect(inCountry).toBeGreaterThan(20_000);
    // The clusters hold every event in view. The list's count of a view this large is an estimate
    // (see EventSearchResult.totalCountIsEstimate), rounded on screen: they agree within 15 %.
    expect(Math.abs((await countOnScreen(page)) - inCountry)).toBeLessThanOrEqual(inCountry * 0.15);

    // A state, then a city: each view again within budget.
    for (const [name, lng, lat, zoom] of [
      ['state', -93.5, 42, 7],
      ['city', CITY.lng, CITY.lat, 12],
    ] as const) {
      meter.reset();
      await jumpTo(page, lng, lat, zoom);
      expect(meter.seen.tiles, name).toBeGreaterThan(0);
      expect(meter.seen.tileBytes, name).toBeLessThan(VIEW_BUDGET_BYTES);
    }

    // In the city, single events are drawn as themselves and the list agrees with the map.
    const inCity = await summaryCount(page);
    expect(inCity).toBeGreaterThanOrEqual(CITY_EVENTS);
    const onScreen = await countOnScreen(page);
    expect(Math.abs(onScreen - inCity)).toBeLessThanOrEqual(Math.max(3, inCity * 0.1));

    expect(meter.seen.urls.some((url) => url.includes('/event/search/points'))).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
