import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { clusterLabel, markerReach } from '@hubbub/contract';
import { baseUrl, collectPageErrors, launchBrowser } from './support/browser.js';

// Readable markers over the demo data: at every zoom and width, no two markers (circles or count
// labels) meet, every cluster's count is drawn, no marker sits on a place name the map shows,
// and the live event pulses unless the person prefers reduced motion.

const LOS_ANGELES = { latitude: 34.05, longitude: -118.25 };
const KANSAS_CITY = { latitude: 39.1, longitude: -94.58 };
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const ZOOMS = [4, 7, 12];
const EVENT_SOURCE = 'events';
const MARKER_LAYERS = ['event-clusters', 'event-points', 'event-live-points'];
const COUNT_LAYER = 'event-cluster-count';

interface Marker {
  x: number;
  y: number;
  count: number;
  live: number;
}
interface Seen {
  zoom: number;
  width: number;
  height: number;
  markers: Marker[];
  /** The counts the label layer drew, at their positions. */
  counts: { x: number; y: number; text: string }[];
  /** The basemap's (and the town names') label layers. */
  labelLayers: string[];
  /** Names drawn in view. */
  names: number;
}

type MapHandle = {
  getZoom(): number;
  getLayer(id: string): { type: string; source?: string } | undefined;
  getLayersOrder(): string[];
  getCanvas(): HTMLCanvasElement;
  project(lngLat: [number, number]): { x: number; y: number };
  queryRenderedFeatures(
    geometryOrOptions?: [[number, number], [number, number]] | { layers: string[] },
    options?: { layers: string[] },
  ): { layer: { id: string }; properties: Record<string, unknown>; geometry: { type: string; coordinates: [number, number] } }[];
  jumpTo(options: { center: [number, number]; zoom: number }): void;
  getPaintProperty(layer: string, name: string): unknown;
};

/** What the map has drawn: markers in screen pixels, the counts placed, the label layers. */
function seen(page: Page): Promise<Seen> {
  return page.evaluate(
    ({ markerLayers, countLayer, source }) => {
      const map = (window as unknown as { __hubbubMap: MapHandle }).__hubbubMap;
      const at = (f: { geometry: { coordinates: [number, number] } }) => map.project(f.geometry.coordinates);
      const markers = new Map<string, Marker>();
      for (const f of map.queryRenderedFeatures({ layers: markerLayers.filter((id) => map.getLayer(id)) })) {
        const { x, y } = at(f);
        // A tile's feature drawn by two layers (none is) or twice over a tile seam counts once.
        markers.set(`${Math.round(x)}/${Math.round(y)}`, { x, y, count: Number(f.properties.count), live: Number(f.properties.live ?? 0) });
      }
      const counts = map.getLayer(countLayer)
        ? map
            .queryRenderedFeatures({ layers: [countLayer] })
            .filter((f) => Number(f.properties.count) > 1)
            .map((f) => ({ ...at(f), text: String(f.properties.count) }))
        : [];
      const labelLayers = map.getLayersOrder().filter((id) => {
        const layer = map.getLayer(id);
        return layer?.type === 'symbol' && layer.source !== source;
      });
      const canvas = map.getCanvas();
      return {
        zoom: map.getZoom(),
        width: canvas.clientWidth,
        height: canvas.clientHeight,
        markers: [...markers.values()],
        counts,
        labelLayers,
        names: map.queryRenderedFeatures({ layers: labelLayers }).length,
      };
    },
    { markerLayers: MARKER_LAYERS, countLayer: COUNT_LAYER, source: EVENT_SOURCE },
  );
}

/** Place names whose drawn box meets a marker's square, by the map's own collision boxes. */
function namesUnder(page: Page, markers: Marker[], labelLayers: string[]): Promise<{ marker: Marker; names: string[] }[]> {
  const boxes = markers.map((m) => ({ marker: m, reach: markerReach(m.count, m.live) }));
  return page.evaluate(
    ({ boxes, labelLayers }) => {
      const map = (window as unknown as { __hubbubMap: MapHandle }).__hubbubMap;
      return boxes
        .map(({ marker, reach }) => {
          // Half a pixel in: a name may touch a marker's box, never enter it.
          const r = reach - 0.5;
          const hits = map.queryRenderedFeatures(
            [
              [marker.x - r, marker.y - r],
              [marker.x + r, marker.y + r],
            ],
            { layers: labelLayers },
          );
          return { marker, names: hits.map((f) => `${f.layer.id}: ${String(f.properties.name ?? f.properties.name_en ?? '?')}`) };
        })
        .filter((hit) => hit.names.length > 0);
    },
    { boxes, labelLayers },
  );
}

async function settle(page: Page) {
  await page.locator('[data-testid="event-map"][data-map-state="idle"]').first().waitFor({ timeout: 90_000 });
}

async function jump(page: Page, place: { latitude: number; longitude: number }, zoom: number) {
  await page.evaluate(
    ({ center, zoom }) => (window as unknown as { __hubbubMap: MapHandle }).__hubbubMap.jumpTo({ center, zoom }),
    { center: [place.longitude, place.latitude] as [number, number], zoom },
  );
  await settle(page);
}

/** The view once the town names asked for after the move (from zoom 5) are drawn too. */
async function settled(page: Page, zoom: number): Promise<Seen> {
  await settle(page);
  if (zoom >= 7) await expect.poll(async () => (await seen(page)).names, { timeout: 30_000 }).toBeGreaterThan(0);
  await settle(page);
  return seen(page);
}

let browser: Browser;
const contexts: BrowserContext[] = [];

async function openSearch(viewport: { width: number; height: number }, options: { reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: options.reducedMotion ?? 'no-preference', colorScheme: 'light' });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/search`);
  await settle(page);
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

// A page left open keeps drawing (the live pulse, the demo's live updates) on the cores the next test needs.
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
});

describe('event markers', () => {
  for (const viewport of VIEWPORTS) {
    it(`never meet one another nor a place name, at zoom ${ZOOMS.join(', ')} (${viewport.name})`, async () => {
      const page = await openSearch(viewport);
      const errors = collectPageErrors(page);
      for (const place of [LOS_ANGELES, KANSAS_CITY]) {
        for (const zoom of ZOOMS) {
          await jump(page, place, zoom);
          const view = await settled(page, zoom);
          const where = `${viewport.name} z${zoom} at ${place.latitude},${place.longitude}`;
          // Markers whose square lies in the canvas (a marker half off the edge has half its label).
          const inside = view.markers.filter((m) => m.x >= 0 && m.y >= 0 && m.x <= view.width && m.y <= view.height);
          expect(inside.length, where).toBeGreaterThan(0);

          // No two markers' squares (and so neither their circles nor their labels) overlap.
          for (const [i, a] of view.markers.entries()) {
            for (const b of view.markers.slice(i + 1)) {
              const apart = Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
              expect(apart, `${where}: ${a.count} at ${a.x.toFixed(0)},${a.y.toFixed(0)} and ${b.count} at ${b.x.toFixed(0)},${b.y.toFixed(0)}`).toBeGreaterThanOrEqual(
                markerReach(a.count, a.live) + markerReach(b.count, b.live) - 0.5,
              );
            }
          }

          // Every cluster in the canvas has its count drawn on it: collision hid none.
          for (const cluster of inside.filter((m) => m.count > 1)) {
            const label = view.counts.find((c) => Math.abs(c.x - cluster.x) < 1 && Math.abs(c.y - cluster.y) < 1);
            expect(label?.text, `${where}: the count of ${cluster.count} at ${cluster.x.toFixed(0)},${cluster.y.toFixed(0)}`).toBe(String(cluster.count));
            expect(clusterLabel(cluster.count).length).toBeLessThanOrEqual(4);
          }

          // No place name drawn where a marker is.
          expect(await namesUnder(page, view.markers, view.labelLayers), where).toEqual([]);
        }
      }
      expect(errors).toEqual([]);
    }, 300_000);
  }
});

/** The rendered markers holding a live event (its own red dot, or a cluster in a red ring). */
const liveMarkers = (page: Page) =>
  page.evaluate(() => {
    const map = (window as unknown as { __hubbubMap: MapHandle }).__hubbubMap;
    return map
      .queryRenderedFeatures({ layers: ['event-live-points', 'event-clusters'] })
      .filter((f) => f.properties.live != null)
      .map((f) => ({ layer: f.layer.id, center: f.geometry.coordinates }));
  });

/** From the first view, zooms in on the demo's live event to street level, where it is drawn too. */
async function findLive(page: Page): Promise<void> {
  await expect.poll(async () => (await liveMarkers(page)).length, { timeout: 60_000 }).toBeGreaterThan(0);
  for (const zoom of [5, 6.5, 8, 9.5, 11, 12.5, 14]) {
    const [live] = await liveMarkers(page);
    expect(live, `a live marker before zoom ${zoom}`).toBeDefined();
    await jump(page, { longitude: live.center[0], latitude: live.center[1] }, zoom);
  }
  await expect.poll(async () => (await liveMarkers(page)).length, { timeout: 60_000 }).toBeGreaterThan(0);
}

/** The pulsing rings over the map: how many, and whether each one's animation runs. */
const pulses = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="event-map"] [data-live-pulse]')].map((element) => {
      const ring = element.firstElementChild as HTMLElement;
      return { animation: getComputedStyle(ring).animationName, running: ring.getAnimations().filter((a) => a.playState === 'running').length };
    }),
  );

describe('the live marker', () => {
  // One walk in to the live event serves both: the stillness is CSS's prefers-reduced-motion,
  // which applies to an open page as soon as the person's setting changes.
  it("pulses on the demo's live event, and stays still (still drawn) for a person who prefers reduced motion, on a phone too", async () => {
    const page = await openSearch(VIEWPORTS[0]);
    await findLive(page);
    await expect.poll(async () => (await pulses(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    for (const pulse of await pulses(page)) {
      expect(pulse.animation).not.toBe('none');
      expect(pulse.running).toBe(1);
    }

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(VIEWPORTS[1]);
    await settle(page);
    await expect.poll(async () => (await liveMarkers(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await pulses(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    for (const pulse of await pulses(page)) expect(pulse).toEqual({ animation: 'none', running: 0 });
  }, 180_000);
});

describe('near me', () => {
  it("draws the person's position as a blue dot", async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS[0],
      geolocation: { ...KANSAS_CITY, accuracy: 800 },
      permissions: ['geolocation'],
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/search`);
    await settle(page);
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const map = (window as unknown as { __hubbubMap: MapHandle }).__hubbubMap;
            if (!map.getLayer('here-dot')) return 0;
            return map.queryRenderedFeatures({ layers: ['here-dot', 'here-accuracy'].filter((id) => map.getLayer(id)) }).length;
          }),
        { timeout: 60_000 },
      )
      .toBeGreaterThanOrEqual(2);
  }, 180_000);
});
