import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, ConsoleMessage, Page, Response } from 'playwright-core';
import { authApi, projectDocumentApi, type HubEvent, eventsApi, flyersApi, launchesApi } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, signIn } from './support/browser.js';
import { E2E_ADMIN_EMAIL } from './support/constants.js';

/**
 * Issue 22, finding 6: every route of the web app, signed out and signed in as the admin, comes
 * with the security headers and runs under its Content-Security-Policy without a single violation
 * (the maps, their worker and the service worker included), and no page can be framed by
 * another site. The headers of each kind of answer are checked in apps/server/test/security-headers.test.ts.
 */

let browser: Browser;
const ADMIN_PASSWORD = 'admin password 1';

interface Data {
  adminId: string;
  /** A fresh account that owns the event, flyer and document (the admin's plan may be used up by other files). */
  host: { email: string; password: string };
  eventId: string;
  flyerId: string;
  documentId: string;
}
let data: Data;

type Access = 'public' | 'login' | 'admin';
interface RouteCase {
  path: (d: Data) => string;
  access: Access;
  /** The route draws a map: it must reach `idle` (tiles, worker and fonts loaded under the CSP). */
  map?: boolean;
  /** Waits for the page's own content (instead of a main heading). */
  ready?: (page: Page) => Promise<unknown>;
  /** Only its owner (the host) sees its content. */
  owner?: boolean;
}

/** The routes of e2e/accessibility.test.ts, plus the API reference the server renders. */
const ROUTES: RouteCase[] = [
  { path: () => '/dashboard', access: 'public' },
  { path: () => '/login', access: 'public' },
  { path: () => '/register', access: 'public' },
  { path: () => '/verification', access: 'public' },
  { path: () => '/password/forgot', access: 'public' },
  { path: () => '/password/reset', access: 'public' },
  { path: () => '/search', access: 'public', map: true },
  { path: () => '/cms', access: 'public' },
  { path: () => '/auth/callback/google', access: 'public' },
  { path: () => '/unsubscribe?token=not-a-real-token', access: 'public' },
  { path: (d) => `/person/${d.adminId}`, access: 'public' },
  { path: () => '/no/such/page', access: 'public' },
  { path: () => '/docs/', access: 'public', ready: (page) => page.locator('.swagger-ui .info .title').waitFor({ timeout: 20_000 }) },
  { path: () => '/buzz', access: 'login' },
  {
    path: (d) => `/buzz/${d.eventId}`,
    access: 'login',
    owner: true,
    ready: (page) => page.locator('[data-testid="active-flyers"][data-joined="true"] [data-testid="flyer-card"]').first().waitFor({ timeout: 20_000 }),
  },
  { path: () => '/events', access: 'login' },
  { path: () => '/events/new', access: 'login' },
  { path: () => '/events/following', access: 'login' },
  { path: (d) => `/event/${d.eventId}`, access: 'login', owner: true, map: true },
  { path: (d) => `/event/${d.eventId}/edit`, access: 'login', owner: true },
  { path: (d) => `/event/${d.eventId}/flyers`, access: 'login', owner: true },
  { path: (d) => `/event/${d.eventId}/flyers?edit=${d.flyerId}`, access: 'login', owner: true, ready: (page) => page.getByTestId('flyer-designer').waitFor() },
  { path: () => '/documents', access: 'login' },
  { path: (d) => `/documents/${d.documentId}`, access: 'login', owner: true, ready: (page) => page.locator('[data-testid="document-editor"] .ProseMirror').waitFor() },
  { path: () => '/account/profile', access: 'login' },
  { path: () => '/account/subscription', access: 'login' },
  { path: () => '/account/settings', access: 'login' },
  { path: () => '/admin', access: 'admin' },
  { path: () => '/admin?tab=reports', access: 'admin' },
  { path: () => '/admin?tab=people', access: 'admin' },
  { path: () => '/admin?tab=live', access: 'admin' },
  { path: () => '/admin?tab=audit', access: 'admin' },
  { path: (d) => `/admin/people/${d.adminId}`, access: 'admin' },
];

/** The admin, and a host with an event (with a map pin), a launched flyer and a public document. */
async function createData(): Promise<Data> {
  const suffix = randomUUID().slice(0, 8);
  // The admin account may exist from an earlier test file in this run.
  await createVerifiedUser('Ada Admin', E2E_ADMIN_EMAIL, ADMIN_PASSWORD).catch(() => undefined);
  const me = await api<{ id: string }>('GET', authApi.user.path, await apiLogin(E2E_ADMIN_EMAIL, ADMIN_PASSWORD));
  const host = { email: `csp-host-${suffix}@example.test`, password: 'csp host password 1' };
  await createVerifiedUser(`Polly Policy ${suffix}`, host.email, host.password);
  const jwt = await apiLogin(host.email, host.password);
  const start = Date.now() - 600_000;
  const event = await api<HubEvent>('POST', eventsApi.create.path, jwt, {
    name: `Policy Street Fair ${suffix}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 4 * 3_600_000).toISOString(),
    timeZone: 'America/Chicago',
    area: { name: 'Omaha, NE', type: 4, latitude: 41.2565, longitude: -95.9345, zoom: 12, city: 'Omaha', state: 'NE' },
  });
  const content = {
    version: 1,
    background: { kind: 'solid', color: '#312e81' },
    blocks: [{ kind: 'text', id: 't1', text: 'Headers all night', fontSize: 48, color: '#ffffff', align: 'center', x: 0.5, y: 0.4 }],
    imagePath: null,
  };
  const flyer = await api<{ id: string }>('POST', flyersApi.create.path, jwt, { eventId: event.id, name: `Stage ${suffix}`, contentJson: JSON.stringify(content) });
  await api('POST', launchesApi.create.path, jwt, { eventId: event.id, startDate: new Date().toISOString(), endDate: new Date(Date.now() + 3_600_000).toISOString(), flyerIds: [flyer.id] });
  const doc = await api<{ id: string }>('POST', projectDocumentApi.create.path, jwt, { title: `Policy notes ${suffix}`, eventId: event.id, visibility: 'public' });
  return { adminId: me.id, host, eventId: event.id, flyerId: flyer.id, documentId: doc.id };
}

/** Another site (another origin) that tries to frame a page of the app. */
let framer: http.Server;
let framerUrl: string;

beforeAll(async () => {
  framer = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://x').searchParams.get('target') ?? '/';
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>Framer</title><iframe id="victim" src="${baseUrl()}${target}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
  data = await createData();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => framer?.close(resolve));
});

/** Every document of the context records the CSP violations it sees, in its own window. */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile || e.documentURI}:${e.lineNumber}${e.sample ? ` "${e.sample}"` : ''}`);
    });
  });
  // What the browser says about blocked loads, also from the map's worker and the service worker.
  const said: string[] = [];
  const listen = (message: ConsoleMessage) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) said.push(`${message.type()}: ${message.text()}`);
  };
  context.on('console', listen);
  context.on('page', (page) => page.on('worker', (worker) => worker.on('console', listen)));
  context.on('serviceworker', (worker) => worker.on('console', listen));
  return said;
}

const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** The headers the policy is in; a navigation the service worker answers carries the headers it cached. */
function headerFindings(route: string, response: Response | null): string[] {
  if (!response) return [`${route}: no response`];
  const h = response.headers();
  const missing: string[] = [];
  if (!/frame-ancestors 'none'/.test(h['content-security-policy'] ?? '')) missing.push(`content-security-policy with frame-ancestors 'none' (got ${h['content-security-policy'] ?? 'none'})`);
  if (!/script-src 'self'/.test(h['content-security-policy'] ?? '')) missing.push("script-src 'self'");
  if (h['x-content-type-options'] !== 'nosniff') missing.push('x-content-type-options: nosniff');
  if (h['x-frame-options'] !== 'DENY') missing.push('x-frame-options: DENY');
  return missing.map((m) => `${route}: missing ${m}`);
}

/** The page has settled: its content, every map on it idle, no skeleton or loader left. */
async function settle(page: Page, route: RouteCase, path: string) {
  const ready = route.ready ? route.ready(page) : page.locator('main h1').first().waitFor({ timeout: 20_000 });
  await ready.catch(() => {
    throw new Error(`${path}: the page did not show its content within 20 s`);
  });
  if (route.map) {
    await page.locator('[data-map-state]').first().waitFor({ timeout: 20_000 });
  }
  await page
    .waitForFunction(() => !document.querySelector('[data-map-state="busy"], .mantine-Skeleton-root[data-visible="true"], main .mantine-Loader-root'), undefined, {
      timeout: 45_000,
      polling: 100,
    })
    .catch(() => undefined);
}

interface Visit {
  findings: string[];
  maps: string[];
}

type Who = 'visitor' | 'host' | 'admin';
/** A visitor tries every route; the host opens all but the admin console; the admin all but the host's own pages. */
const routesFor = (who: Who) => ROUTES.filter((r) => who === 'visitor' || (who === 'host' ? r.access !== 'admin' : !r.owner));

/** Visits the routes in one tab, collecting missing headers, violations and the routes whose map rendered. */
async function visitAll(page: Page, who: Who, said: string[]): Promise<Visit> {
  const findings: string[] = [];
  const maps: string[] = [];
  const errors = collectPageErrors(page);
  for (const route of routesFor(who)) {
    const path = route.path(data);
    said.length = 0;
    const response = await page.goto(`${baseUrl()}${path}`);
    findings.push(...headerFindings(path, response));
    if (who === 'visitor' && route.access !== 'public') {
      // A route behind sign-in sends a visitor to the login page.
      await page.waitForURL(/\/login/);
    } else {
      await settle(page, route, path);
      if (route.map) {
        const drawn = await page.evaluate(() => {
          const map = (window as unknown as { __hubbubMap?: { loaded(): boolean; getCanvas(): HTMLCanvasElement } }).__hubbubMap;
          return !!map && map.loaded() && map.getCanvas().width > 0;
        });
        if (drawn && (await page.locator('[data-map-state="idle"]').count()) > 0) maps.push(path);
        else findings.push(`${path}: the map did not render`);
      }
    }
    // Late reports (a worker's fetch, a lazily loaded chunk) arrive after the page settles.
    await page.waitForTimeout(300);
    findings.push(...(await violationsOf(page)).map((v) => `${path}: ${v}`), ...said.map((s) => `${path}: ${s}`));
  }
  findings.push(...errors.map((e) => `uncaught page error: ${e}`));
  return { findings, maps };
}

describe('issue 22 finding 6: security headers and the Content-Security-Policy in Chromium', () => {
  it('signed out: every route carries the headers, no CSP violation, the map renders', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const said = await watchViolations(context);
    const page = await context.newPage();
    const { findings, maps } = await visitAll(page, 'visitor', said);
    expect(findings).toEqual([]);
    expect(maps).toEqual(['/search']);
    // The service worker installed and runs under the policy too.
    const worker = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready.then((r) => r.active?.state ?? 'none'), new Promise<string>((resolve) => setTimeout(() => resolve('not ready in 20 s'), 20_000))]),
    );
    expect(worker).toMatch(/^activat/);
    await context.close();
  }, 300_000);

  it('signed in as a host: every route with their event, flyer and document carries the headers, no CSP violation, the maps render', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const said = await watchViolations(context);
    const page = await signIn(context, data.host.email, data.host.password);
    const { findings, maps } = await visitAll(page, 'host', said);
    expect(findings).toEqual([]);
    expect(maps).toEqual(['/search', `/event/${data.eventId}`]);
    await context.close();
  }, 400_000);

  it('signed in as the admin: every route and the admin console carry the headers, no CSP violation', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const said = await watchViolations(context);
    const page = await signIn(context, E2E_ADMIN_EMAIL, ADMIN_PASSWORD);
    const { findings, maps } = await visitAll(page, 'admin', said);
    expect(findings).toEqual([]);
    expect(maps).toEqual(['/search']);
    await context.close();
  }, 400_000);

  it.each([
    ['the account settings (delete account)', '/account/settings'],
    ['the admin console', '/admin'],
    ['the sign-in page', '/login'],
  ])('another site cannot frame %s', async (_label, target) => {
    const context = await browser.newContext();
    const page = await signIn(context, E2E_ADMIN_EMAIL, ADMIN_PASSWORD);
    const said: string[] = [];
    page.on('console', (m) => said.push(m.text()));
    await page.goto(`${framerUrl}?target=${encodeURIComponent(target)}`);
    await page.waitForLoadState('load');
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame, 'the iframe exists').toBeDefined();
    // A refused frame shows the browser's error page: the app never loads inside it.
    await page.waitForTimeout(500);
    expect(frame!.url()).not.toContain(target);
    const appInside = await frame!.evaluate(() => !!document.querySelector('#root')).catch(() => false);
    expect(appInside).toBe(false);
    expect(said.join('\n')).toMatch(/frame-ancestors 'none'/);
    await context.close();
  });
});
