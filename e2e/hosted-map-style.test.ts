import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { authApi, pathOf, type HubEvent, eventsApi } from '@hubbub/contract';
import { exited, freePort, jsonHeaders, startServer } from '../apps/server/test/support/server-process.js';
import { collectPageErrors, launchBrowser } from './support/browser.js';

/**
 * With MAP_STYLE_URL the maps use that style instead of the offline basemap. A local peer serves
 * the style (a GeoJSON source whose attribution is HTML with a link, as hosted styles write them),
 * and a second Hubbub server is started with MAP_STYLE_URL pointing at it.
 */

const LAT = 41.2565;
const LNG = -95.9345;
const CREDIT_HTML = '<a href="https://tiles.example.org/copyright">© Example Tiles</a> contributors<script>window.__creditScript = 1</script>';

let styleServer: http.Server;
let styleRequests = 0;
let server: ChildProcess;
let base: string;
let dataDir: string;
let browser: Browser;

function hostedStyle() {
  const d = 0.2;
  const square = [[[LNG - d, LAT - d], [LNG + d, LAT - d], [LNG + d, LAT + d], [LNG - d, LAT + d], [LNG - d, LAT - d]]];
  return {
    version: 8,
    name: 'Local hosted test style',
    sources: {
      park: {
        type: 'geojson',
        attribution: CREDIT_HTML,
        data: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { kind: 'park' }, geometry: { type: 'Polygon', coordinates: square } }] },
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#102030' } },
      { id: 'park', type: 'fill', source: 'park', paint: { 'fill-color': '#30c060' } },
    ],
  };
}

async function call<T>(method: string, url: string, jwt: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...jsonHeaders, ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.headers.get('content-type')?.includes('json') ? await res.json() : undefined) as T;
}

/** What the test reads off the page's MapLibre map. */
interface HostedMap {
  getStyle(): { name?: string; layers: { id: string }[] };
  queryRenderedFeatures(options: { layers: string[] }): unknown[];
}

const EMAIL = 'hosted-style@example.test';
const PASSWORD = 'hosted style test 1';

beforeAll(async () => {
  styleServer = http.createServer((req, res) => {
    styleRequests++;
    res.setHeader('access-control-allow-origin', '*');
    if (req.url === '/style.json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(hostedStyle()));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => styleServer.listen(0, '127.0.0.1', resolve));
  const stylePort = (styleServer.address() as AddressInfo).port;

  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-hosted-style-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(port, dataDir, { MAP_STYLE_URL: `http://127.0.0.1:${stylePort}/style.json`, PUBLIC_URL: base, HOST: '127.0.0.1' });
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await exited(server);
  }
  await new Promise((resolve) => styleServer?.close(resolve));
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Registers through the API and verifies with the code from the outbox. */
async function verifiedUser(): Promise<string> {
  await call('POST', authApi.register.path, null, { email: EMAIL, name: 'Hosted Style Host', password: PASSWORD });
  const outbox = path.join(dataDir, 'outbox');
  const [file] = (await fs.readdir(outbox)).filter((f) => f.includes(EMAIL));
  const text = (await fs.readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
  await call('POST', pathOf(authApi.verify, { tokenOrCode: /Code: ([A-Z0-9]+)/.exec(text)![1] }), null);
  return (await call<{ jwt: string }>('POST', authApi.login.path, null, { email: EMAIL, password: PASSWORD })).jwt;
}

describe('a hosted map style (MAP_STYLE_URL)', () => {
  it('draws the event page map from the hosted style, with its credits as text and links outside the map picture', async () => {
    const jwt = await verifiedUser();
    const start = Date.now() + 86_400_000;
    const event = await call<HubEvent>('POST', eventsApi.create.path, jwt, {
      name: 'Hosted Style Picnic',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 3_600_000).toISOString(),
      timeZone: 'America/Chicago',
      area: { name: 'Omaha, NE', type: 4, latitude: LAT, longitude: LNG, zoom: 12, city: 'Omaha', state: 'NE' },
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);
    const before = styleRequests;
    await page.goto(`${base}/event/${event.id}`);
    const map = page.getByTestId('pin-map');
    await map.locator('canvas').waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="pin-map"][data-map-state="idle"]').waitFor({ timeout: 30_000 });
    expect(styleRequests, 'the browser fetched the hosted style').toBeGreaterThan(before);

    // The hosted style is what is drawn: its park layer renders under the pin, no offline layer exists.
    const drawn = await page.evaluate(() => {
      const m = (window as unknown as { __hubbubMap: HostedMap }).__hubbubMap;
      return { name: m.getStyle().name, layers: m.getStyle().layers.map((l) => l.id), park: m.queryRenderedFeatures({ layers: ['park'] }).length };
    });
    expect(drawn.name).toBe('Local hosted test style');
    expect(drawn.layers).toEqual(['background', 'park']);
    expect(drawn.park).toBeGreaterThan(0);

    // The credit: outside the picture, the link kept, the rest as text, no script run.
    const credits = page.getByTestId('map-credits');
    await credits.waitFor();
    expect((await credits.innerText()).trim()).toBe('© Example Tiles contributors');
    expect(await credits.getByRole('link', { name: '© Example Tiles' }).getAttribute('href')).toBe('https://tiles.example.org/copyright');
    expect(await page.evaluate(() => (window as unknown as { __creditScript?: number }).__creditScript)).toBeUndefined();
    expect(await map.locator('a, button').count(), 'nothing interactive inside the role="img" picture').toBe(0);
    expect(await page.locator('.maplibregl-ctrl-attrib').count()).toBe(0);

    const result = await new AxeBuilder({ page }).analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
