import type { BrowserContext, Page, Response } from 'playwright-core';

/**
 * Every route of the web app, walked once per view by e2e/accessibility.test.ts, which checks on
 * each page at the same visit what people and browsers need: axe-core finds nothing serious, the
 * security headers are there, nothing breaks the Content-Security-Policy and every map renders.
 */

/** What the walk's pages are about: the admin's own event, with a launched flyer and a public document. */
export interface WalkData {
  adminId: string;
  eventId: string;
  /** The event's slug: its public page is /e/{slug}. */
  eventSlug: string;
  flyerId: string;
  documentId: string;
  eventName: string;
  flyerName: string;
}

export type Access = 'public' | 'login' | 'admin';

export interface RouteCase {
  path: (d: WalkData) => string;
  access: Access;
  /** The route draws a map: it must reach `idle` (tiles, worker and fonts loaded under the CSP). */
  map?: boolean;
  /** Waits for the page's own content once its main heading (or, with `noHeading`, instead of it). */
  ready?: (page: Page) => Promise<unknown>;
  /** Not a page of the web app (the API reference the server renders): no app heading, not audited by axe. */
  noHeading?: boolean;
}

export const ROUTES: RouteCase[] = [
  // A visitor's welcome; signed in, the home (its sections filled for the demo account in accessibility.test.ts).
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
  // The event's public page, written by the server; signed in, it sends the person on to /event/{id}.
  { path: (d) => `/e/${d.eventSlug}`, access: 'public' },
  { path: () => '/no/such/page', access: 'public' },
  { path: () => '/docs/', access: 'public', noHeading: true, ready: (page) => page.locator('.swagger-ui .info .title').waitFor({ timeout: 20_000 }) },
  { path: () => '/buzz', access: 'login' },
  {
    path: (d) => `/buzz/${d.eventId}`,
    access: 'login',
    ready: (page) => page.locator('[data-testid="active-flyers"][data-joined="true"] [data-testid="flyer-card"]').first().waitFor({ timeout: 20_000 }),
  },
  { path: () => '/events', access: 'login' },
  { path: () => '/events/new', access: 'login' },
  { path: () => '/events/following', access: 'login' },
  { path: () => '/people', access: 'login' },
  { path: (d) => `/event/${d.eventId}`, access: 'login', map: true },
  { path: (d) => `/event/${d.eventId}/edit`, access: 'login' },
  { path: (d) => `/event/${d.eventId}/flyers`, access: 'login' },
  { path: (d) => `/event/${d.eventId}/flyers?edit=${d.flyerId}`, access: 'login', ready: (page) => page.getByTestId('flyer-designer').waitFor() },
  { path: () => '/documents', access: 'login' },
  { path: (d) => `/documents/${d.documentId}`, access: 'login', ready: (page) => page.locator('[data-testid="document-editor"] .ProseMirror').waitFor() },
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

/**
 * Every CSP violation any document or worker of the context reports, as it happens: documents
 * report through a binding (so a report arriving after the next navigation is still caught, with
 * no fixed wait), workers and the service worker through the console.
 */
export async function watchViolations(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    seen.push(text);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
    document.addEventListener('securitypolicyviolation', (e) => {
      report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile || e.documentURI}:${e.lineNumber}${e.sample ? ` "${e.sample}"` : ''}`);
    });
  });
  const listen = (message: { text(): string; type(): string }) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) seen.push(`${message.type()}: ${message.text()}`);
  };
  context.on('console', listen);
  context.on('page', (page) => page.on('worker', (worker) => worker.on('console', listen)));
  context.on('serviceworker', (worker) => worker.on('console', listen));
  return seen;
}

/** The headers the policy lives in; a navigation the service worker answers carries the headers it cached. */
export function headerFindings(route: string, response: Response | null): string[] {
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
export async function settle(page: Page, route: RouteCase, path: string): Promise<void> {
  if (!route.noHeading) {
    await page
      .locator('main h1')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => {
        throw new Error(`${path}: no main heading (h1) showed within 20 s`);
      });
  }
  await route.ready?.(page);
  if (route.map) {
    await page.locator('[data-map-state]').first().waitFor({ timeout: 20_000 });
    // The list paints before the map, and the map's first report of its view updates the page once
    // more: settled is the map idle with everything it asked for loaded, not the first idle.
    await page
      .waitForFunction(
        () => {
          const map = (window as unknown as { __hubbubMap?: { loaded(): boolean } }).__hubbubMap;
          return !!map?.loaded() && [...document.querySelectorAll('[data-map-state]')].every((e) => e.getAttribute('data-map-state') === 'idle');
        },
        undefined,
        { timeout: 45_000, polling: 100 },
      )
      .catch(() => undefined);
  }
  await page
    .waitForFunction(() => !document.querySelector('[data-map-state="busy"], .mantine-Skeleton-root[data-visible="true"], main .mantine-Loader-root'), undefined, {
      timeout: 45_000,
      polling: 100,
    })
    .catch(() => undefined);
}

/** Whether the page's map drew: loaded, with a canvas, and idle. */
export async function mapRendered(page: Page): Promise<boolean> {
  // Polled: after its first idle the map draws a few frames more as the page reports its view
  // (loaded() is false while a frame is pending), so one look can fall between two of them. As
  // patient as settle(): two walks run side by side and their maps share the browser's software GPU.
  return page
    .waitForFunction(
      () => {
        const map = (window as unknown as { __hubbubMap?: { loaded(): boolean; getCanvas(): HTMLCanvasElement } }).__hubbubMap;
        return !!map && map.loaded() && map.getCanvas().width > 0 && !!document.querySelector('[data-map-state="idle"]');
      },
      undefined,
      { timeout: 45_000, polling: 100 },
    )
    .then(() => true)
    .catch(() => false);
}
