import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { US_STATES } from '@hubbub/contract';
import { baseUrl, collectPageErrors, launchBrowser } from './support/browser.js';
import { mapRendered } from './support/route-walk.js';

// Issue 27: the states list on /search: choosing a state in the place box frames it on the map.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Bounds = { west: number; south: number; east: number; north: number };

describe('a state on /search', () => {
  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])('choosing Texas frames Texas ($width px)', async (viewport) => {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/search`);
    expect(await mapRendered(page)).toBe(true);
    // On a phone the filters fold away behind a button.
    const toggle = page.getByRole('button', { name: 'Show filters' });
    if (await toggle.isVisible()) await toggle.click();
    const box = page.getByRole('textbox', { name: 'Place' });
    await box.fill('tex');
    await page.getByRole('option', { name: 'Texas (state)' }).click();
    const [west, south, east, north] = US_STATES.find((s) => s.code === 'TX')!.box;
    // Framed: all of Texas in view, and not much more than Texas (the whole country would pass the first test only).
    const framed = await page.waitForFunction(
      ({ west, south, east, north }) => {
        const map = (window as unknown as { __hubbubMap?: { getBounds(): { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number } } }).__hubbubMap;
        const b = map?.getBounds();
        if (!b) return null;
        const seen = { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
        const all = seen.west <= west + 0.2 && seen.east >= east - 0.2 && seen.south <= south + 0.2 && seen.north >= north - 0.2;
        const tight = seen.east - seen.west < (east - west) * 3 && seen.north - seen.south < (north - south) * 3;
        return all && tight ? seen : null;
      },
      { west, south, east, north },
      { timeout: 20_000, polling: 100 },
    );
    const seen = (await framed.jsonValue()) as Bounds;
    expect(seen.west).toBeLessThan(west + 0.2);
    // The view is in the address, as every move of the map is: a reload keeps Texas.
    await expect.poll(() => new URL(page.url()).searchParams.get('z')).not.toBeNull();
    await page.screenshot({ path: `test-results/state-texas-${viewport.width}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
