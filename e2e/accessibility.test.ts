import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { authApi, projectDocumentApi, type HubEvent, eventsApi, flyersApi, launchesApi } from '@hubbub/contract';
import { api, baseUrl, collectPageErrors, ensureAdmin, launchBrowser, signIn } from './support/browser.js';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants.js';
import { headerFindings, mapRendered, ROUTES, settle, watchViolations, type RouteCase, type WalkData } from './support/route-walk.js';

/**
 * Every route of the web app, signed out and signed in (as the admin, who also hosts the event, so
 * the admin and host routes open too), at desktop and phone width and in the dark scheme: through
 * axe-core (serious and critical findings fail) and, at the same visit, the security headers, the
 * Content-Security-Policy (issue 22, finding 6) and the maps. Framing and the service worker are
 * in security-headers.test.ts.
 */

let browser: Browser;
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
type Width = keyof typeof WIDTHS;
type Scheme = 'light' | 'dark';
/**
 * The phone walks see the same pages as the desktop ones in another layout; the dark scheme
 * changes only colours, so each desktop page is audited again for colour after switching the
 * scheme in place (as a person does from the header), instead of a walk of its own.
 */
const VIEWS: { width: Width; dark: boolean }[] = [
  { width: 'desktop', dark: true },
  { width: 'phone', dark: false },
];
/** The rules the colour scheme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

let data: WalkData;
/** Any page of the app: settled once its main heading is there. */
const PAGE: RouteCase = { path: () => '', access: 'public' };

/** The admin's own event, with a designed flyer launched for an hour and a public document. */
async function createData(): Promise<WalkData> {
  const suffix = randomUUID().slice(0, 8);
  const jwt = await ensureAdmin();
  const me = await api<{ id: string }>('GET', authApi.user.path, jwt);
  const start = Date.now() - 600_000;
  const eventName = `Accessible Street Fair ${suffix}`;
  const event = await api<HubEvent>('POST', eventsApi.create.path, jwt, {
    name: eventName,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 4 * 3_600_000).toISOString(),
    timeZone: 'America/Chicago',
    area: { name: 'Omaha, NE', type: 4, latitude: 41.2565, longitude: -95.9345, zoom: 12, city: 'Omaha', state: 'NE' },
  });
  const flyerName = `Main stage ${suffix}`;
  const content = {
    version: 1,
    background: { kind: 'solid', color: '#312e81' },
    blocks: [{ kind: 'text', id: 't1', text: 'Music all night', fontSize: 48, color: '#ffffff', align: 'center', x: 0.5, y: 0.4 }],
    imagePath: null,
  };
  const flyer = await api<{ id: string }>('POST', flyersApi.create.path, jwt, { eventId: event.id, name: flyerName, contentJson: JSON.stringify(content) });
  await api('POST', launchesApi.create.path, jwt, {
    eventId: event.id,
    startDate: new Date().toISOString(),
    endDate: new Date(Date.now() + 3_600_000).toISOString(),
    flyerIds: [flyer.id],
  });
  const doc = await api<{ id: string }>('POST', projectDocumentApi.create.path, jwt, { title: `Volunteer notes ${suffix}`, eventId: event.id, visibility: 'public' });
  return { adminId: me.id, eventId: event.id, eventSlug: event.slug, flyerId: flyer.id, documentId: doc.id, eventName, flyerName };
}

beforeAll(async () => {
  browser = await launchBrowser();
  data = await createData();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

interface Finding {
  route: string;
  report: string;
}

/** The header and navigation every page shares: audited on a walk's first page, not again on each route. */
const SHARED_LAYOUT = ['.mantine-AppShell-header', '.mantine-AppShell-navbar'];

async function audit(page: Page, route: string, withLayout = true, rules?: string[]): Promise<Finding[]> {
  const builder = new AxeBuilder({ page });
  if (!withLayout) for (const selector of SHARED_LAYOUT) builder.exclude(selector);
  if (rules) builder.withRules(rules);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      report: `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes
        .slice(0, 6)
        .map((n) => `    ${n.target.join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`)
        .join('\n')}`,
    }));
}

/** One readable list (the ids, targets and help), also kept in test-results/ to work through. */
async function expectNone(findings: Finding[], name: string) {
  const text = findings.map((f) => `${f.route}\n  ${f.report}`).join('\n\n');
  await fs.mkdir('test-results', { recursive: true });
  await fs.writeFile(`test-results/accessibility-${name}.txt`, text);
  if (findings.length) throw new Error(`${findings.length} serious or critical accessibility violations:\n\n${text}`);
}

async function newContext(width: Width, reducedMotion: 'reduce' | 'no-preference' = 'reduce'): Promise<BrowserContext> {
  // Reduced motion keeps fades out of the way of the colour-contrast checks.
  return browser.newContext({ viewport: WIDTHS[width], reducedMotion, colorScheme: 'light' });
}

/**
 * Switches the open page's scheme as the system setting does: the app follows it live ("auto"),
 * the server's event page through its media queries.
 */
async function useScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (s) => {
      const applied = document.documentElement.getAttribute('data-mantine-color-scheme');
      return applied === null || applied === s;
    },
    scheme,
    { timeout: 10_000 },
  );
  // Colours ease into the new scheme (a segmented control's label, for one): axe reads them at rest, not half-way.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, {
    timeout: 5_000,
  });
}

type Who = 'visitor' | 'admin';

/**
 * One tab walks every route as `who`, and at each page checks at once: axe-core (serious and
 * critical findings), the security headers, no Content-Security-Policy violation (documents,
 * workers and the service worker), no uncaught error, and that every map renders. A visitor sent
 * to the login page by a route behind sign-in is audited there once.
 */
async function walk(page: Page, who: Who, view: string, violations: string[], { routes = ROUTES, dark = false }: { routes?: readonly RouteCase[]; dark?: boolean } = {}) {
  const findings: Finding[] = [];
  const policy: string[] = [];
  const maps: string[] = [];
  const errors = collectPageErrors(page);
  const audited = new Set<string>();
  for (const route of routes) {
    const path = route.path(data);
    // A route behind sign-in sends a visitor to the login page.
    const sentToLogin = who === 'visitor' && route.access !== 'public';
    const response = await page.goto(`${baseUrl()}${path}`);
    policy.push(...headerFindings(path, response));
    try {
      await settle(page, sentToLogin ? PAGE : route, path);
    } catch (error) {
      findings.push({ route: `${path} (${who}, ${view})`, report: String(error) });
      continue;
    }
    const url = new URL(page.url());
    // The admin's tabs and the flyer designer are views of their own behind a query; the login
    // page is one page whichever route sent the visitor there.
    const landed = sentToLogin ? url.pathname : url.pathname + url.search;
    if (sentToLogin) {
      expect(url.pathname, path).toBe('/login');
    } else if (route.map) {
      if (await mapRendered(page)) maps.push(path);
      else policy.push(`${path}: the map did not render`);
    }
    if (!route.noHeading && !audited.has(landed)) {
      findings.push(...(await audit(page, `${path} (${who}, ${view})`, audited.size === 0)));
      if (dark) {
        await useScheme(page, 'dark');
        // A map redraws in its dark style: it must reach idle again, under the same policy.
        await settle(page, sentToLogin ? PAGE : route, path);
        if (maps.includes(path) && !(await mapRendered(page))) policy.push(`${path}: the map did not render in the dark scheme`);
        findings.push(...(await audit(page, `${path} (${who}, ${view}, dark)`, audited.size === 0, COLOUR_RULES)));
        await useScheme(page, 'light');
      }
      audited.add(landed);
    }
    // Reports arrive as they happen (see watchViolations); whatever came in belongs to this page or the one before.
    policy.push(...violations.splice(0).map((v) => `${path}: ${v}`));
  }
  policy.push(...errors.map((e) => `uncaught page error: ${e}`));
  return { findings, policy, maps };
}

// The walks run one after another: two side by side took 295-317 s against 198 s alone on the
// 2-core machine (each walk about twice as long), so the cores are busier than they look.
describe('every route: accessibility (axe-core), security headers, the Content-Security-Policy and the maps', () => {
  for (const [i, { width, dark }] of VIEWS.entries()) {
    const view = dark ? `${width}, light and dark` : width;
    // Where a route behind sign-in sends a visitor does not depend on the view: every route is
    // tried in the first one; the others audit the public routes and the login page they reach.
    const visitorRoutes = i === 0 ? ROUTES : [...ROUTES.filter((r) => r.access === 'public'), ROUTES.find((r) => r.access !== 'public')!];
    it(`signed out at ${width} width${dark ? ', in the light and the dark scheme' : ''}`, async () => {
      const context = await newContext(width);
      const violations = await watchViolations(context);
      const page = await context.newPage();
      const { findings, policy, maps } = await walk(page, 'visitor', view, violations, { routes: visitorRoutes, dark });
      await context.close();
      expect(policy).toEqual([]);
      expect(maps).toEqual(['/search']);
      await expectNone(findings, `signed-out-${width}`);
    }, 600_000);

    it(`signed in as an admin (who hosts the event) at ${width} width${dark ? ', in the light and the dark scheme' : ''}`, async () => {
      const context = await newContext(width);
      const violations = await watchViolations(context);
      const page = await signIn(context, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      const { findings, policy, maps } = await walk(page, 'admin', view, violations, { dark });
      await context.close();
      expect(policy).toEqual([]);
      expect(maps).toEqual(['/search', `/event/${data.eventId}`]);
      await expectNone(findings, `admin-${width}`);
    }, 600_000);
  }
});

interface Focused {
  tag: string;
  name: string;
  testId: string | null;
  visible: boolean;
}

/** What has keyboard focus, and whether a ring (outline or box-shadow, or a text field's focus border) shows on it. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'BODY', name: '', testId: null, visible: false };
    const style = getComputedStyle(el);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    // Mantine text fields show focus as a border in the primary colour rather than a ring.
    const field = /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) && style.borderColor !== getComputedStyle(document.body).borderColor && style.borderTopColor.includes('121, 80, 242');
    const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return { tag: el.tagName, name, testId: el.getAttribute('data-testid'), visible: ring || field || el.id === 'main' };
  });
}

describe('keyboard', () => {
  it('tabbing through the event page reaches the skip link, the header and the event actions, each with a visible focus ring', async () => {
    const context = await newContext('desktop');
    const page = await signIn(context, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await page.goto(`${baseUrl()}/event/${data.eventId}`);
    await settle(page, PAGE, '/event/:id');

    const stops: Focused[] = [];
    for (let i = 0; i < 45; i++) {
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
      if (stops.at(-1)!.testId === 'event-flyers') break;
    }
    const list = stops.map((s) => `${s.tag} "${s.name}"${s.testId ? ` [${s.testId}]` : ''}${s.visible ? '' : '  <-- no visible focus'}`).join('\n');
    expect(stops[0].name, list).toBe('Skip to content');
    for (const label of ['Hubbub home', 'Search', 'Buzz', 'Events']) expect(stops.some((s) => s.name === label), `${label} not reached:\n${list}`).toBe(true);
    expect(stops.some((s) => s.testId === 'event-flyers'), `the event's Flyers action not reached:\n${list}`).toBe(true);
    expect(stops.filter((s) => !s.visible), `focus not visible on:\n${list}`).toEqual([]);
    await page.screenshot({ path: 'test-results/keyboard-focus.png' });

    // The skip link moves focus past the header to the page's content.
    await page.reload();
    await settle(page, PAGE, '/event/:id');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await context.close();
  });
});

describe('the live buzz and reduced motion', () => {
  const stageAnimation = async (reducedMotion: 'reduce' | 'no-preference') => {
    const context = await newContext('desktop', reducedMotion);
    const page = await signIn(context, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await page.goto(`${baseUrl()}/buzz/${data.eventId}`);
    const flyer = page.locator('[data-testid="active-flyers"] [data-testid="stage-flyer"]').first();
    await flyer.waitFor({ timeout: 20_000 });
    const result = await flyer.evaluate((el) => {
      const style = getComputedStyle(el);
      return { animation: style.animationName, transition: style.transitionDuration, announced: document.querySelector('[data-testid="buzz-announcer"]')?.textContent ?? '' };
    });
    await context.close();
    return result;
  };

  it('animates flyers onto the stage, announces them, and drops the animation when the person asks for reduced motion', async () => {
    const moving = await stageAnimation('no-preference');
    expect(moving.animation).toMatch(/flyer-in/);
    expect(moving.announced).toBe(`New flyer: ${data.flyerName}`);
    const still = await stageAnimation('reduce');
    expect(still.animation).toBe('none');
    expect(still.transition).toMatch(/^0s(, 0s)*$/);
  });
});

describe('the demo account', () => {
  it('says it is a demo account in the header and on the subscription page, without accessibility violations', async () => {
    const text = await fs.readFile(path.join(inject('dataDir'), 'demo-credentials.txt'), 'utf8');
    const password = /password: (\S+)/.exec(text)![1];
    const findings: Finding[] = [];
    for (const width of ['desktop', 'phone'] as const) {
      const context = await newContext(width);
      const page = await signIn(context, 'demo@hubbub.local', password);
      const badge = page.getByTestId('demo-account-badge');
      await badge.waitFor();
      expect(await badge.innerText()).toMatch(/^Demo( account)?\n/);
      expect(await page.locator(`#${await badge.getAttribute('aria-describedby')}`).textContent()).toContain('shared demo account');
      // The demo follows people, so the people page shows pressed "Following" buttons the admin never has.
      await page.goto(`${baseUrl()}/people`);
      await settle(page, PAGE, '/people');
      await page.getByLabel('Search people').fill('River');
      const following = page.getByRole('button', { name: 'Following River Okafor' });
      await following.waitFor();
      expect(await following.getAttribute('aria-pressed')).toBe('true');
      findings.push(...(await audit(page, `/people (demo, ${width})`)));
      // The demo's home fills the sections the admin's leaves empty: live now, tonight, followed events.
      await page.goto(`${baseUrl()}/dashboard`);
      await settle(page, PAGE, '/dashboard');
      await page.getByTestId('home-live').getByTestId('event-card').first().waitFor();
      findings.push(...(await audit(page, `/dashboard (demo, ${width})`)));
      await page.goto(`${baseUrl()}/account/subscription`);
      await settle(page, PAGE, '/account/subscription');
      await page.getByTestId('demo-account-plan').waitFor();
      expect(await page.getByTestId('demo-account-plan').innerText()).toContain('every feature is on (plan Enterprise)');
      findings.push(...(await audit(page, `/account/subscription (demo, ${width})`)));
      if (width === 'desktop') await page.screenshot({ path: 'test-results/demo-account-subscription.png' });
      await context.close();
    }
    await expectNone(findings, 'demo');
  });
});
