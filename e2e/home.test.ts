import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, signIn } from './support/browser.js';

// The home (issue 24): the demo account's answers "what's on", a new account's leads to events
// near it, and the people directory lists a new account only once it chooses to be listed.

let browser: Browser;
let demoPassword: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const text = await fs.readFile(path.join(inject('dataDir'), 'demo-credentials.txt'), 'utf8');
  demoPassword = /password: (\S+)/.exec(text)![1];
});
afterAll(async () => {
  await browser?.close();
});

/** The demo lives in Kansas City and Chicago: read "tonight" on their clock. */
const newContext = (width = 1280, height = 900): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width, height }, timezoneId: 'America/Chicago', reducedMotion: 'reduce' });

const cardNames = (page: Page, section: string) => page.getByTestId(section).getByTestId('event-card').locator('h3').allInnerTexts();

/** The hour on Chicago's wall clock now. */
const chicagoHour = () => Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));

describe('the home', () => {
  it("the demo account's home shows its live event, its event tonight and the events it follows, and no people directory", async () => {
    const context = await newContext();
    const page = await signIn(context, 'demo@hubbub.local', demoPassword);
    const errors = collectPageErrors(page);
    await page.getByTestId('home-live').waitFor();
    await expect.poll(() => page.getByTestId('home-area').innerText()).toContain('near Kansas City, MO (from the city in your profile)');

    // Live now: River's always-live marathon, which Dana follows, one click from its buzz.
    const live = page.getByTestId('home-live').getByTestId('event-card').filter({ hasText: 'Green Room Jazz Marathon' });
    await live.waitFor();
    expect(await live.getByTestId('event-card-phase').innerText()).toBe('Live');
    expect(await live.getByRole('link', { name: 'Watch live' }).getAttribute('href')).toMatch(/^\/buzz\/[0-9a-f-]{36}$/);

    // Her own event tonight: under Tonight near Kansas City (once past 4 AM, when "tonight" turns over) and in her next events.
    expect(await cardNames(page, 'home-next')).toContain('Rooftop Jazz & Tacos');
    if (chicagoHour() >= 4) expect(await cardNames(page, 'home-tonight')).toContain('Rooftop Jazz & Tacos');
    const rooftop = page.getByTestId('home-next').getByTestId('event-card').filter({ hasText: 'Rooftop Jazz & Tacos' });
    expect(await rooftop.getByText('You host').count()).toBe(1);

    // The events she follows, and what River and Maya (whom she follows) host.
    expect(await page.getByTestId('home-next').getByText('Following', { exact: true }).count()).toBeGreaterThan(0);
    expect((await cardNames(page, 'home-following')).length).toBeGreaterThan(0);
    for (const name of await page.getByTestId('home-following').getByTestId('event-card').getByText(/^by /).allInnerTexts()) {
      expect(name).toMatch(/^by (River Okafor|Maya Lindqvist)$/);
    }

    // No people directory on the home: it has a page of its own, in the navigation.
    expect(await page.getByLabel('Search people').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'People', exact: true }).count()).toBe(0);
    await page.locator('.mantine-AppShell-header').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
    await page.waitForURL(/\/people$/);
    await page.getByLabel('Search people').waitFor();
    await page.screenshot({ path: 'test-results/home-people.png' });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("a new account's home leads to events near it, and its navigation has what a signed-in person uses", async () => {
    const suffix = randomUUID().slice(0, 8);
    const email = `newcomer-${suffix}@example.test`;
    await createVerifiedUser(`Nell Newcomer ${suffix}`, email, 'newcomer password 1');
    const context = await newContext(390, 844);
    const page = await signIn(context, email, 'newcomer password 1');
    const errors = collectPageErrors(page);
    await page.getByTestId('home-tonight').waitFor();
    // No city in the profile and no events: "near" is read from the browser's time zone.
    expect(await page.getByTestId('home-area').innerText()).toContain('near Chicago, IL (from your time zone)');
    expect(await page.getByTestId('home-next-empty').innerText()).toContain('Nothing coming up for you yet');
    expect(await page.getByTestId('home-following-empty').innerText()).toContain('You do not follow anyone yet');

    // Tonight's way on (its events on the map, or its empty state's) opens the search on Chicago tonight.
    const onward = page.getByTestId('home-tonight').locator('a[href^="/search?"]').first();
    const href = (await onward.getAttribute('href'))!;
    expect(href).toMatch(/days=1/);
    expect(href).toMatch(/lat=41\.\d+&lng=-87\.\d+/);
    await onward.click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('days') === '1');
    await page.locator('[data-map-state]').first().waitFor({ timeout: 20_000 });

    // At phone width the navigation is in the burger menu: the signed-in links, no sign-in.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.locator('.mantine-AppShell-navbar').getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'People' }).waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Home', 'Search', 'Buzz', 'Events', 'Following', 'Documents', 'People']);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("a visitor's navigation offers only the search and the way to an account", async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      const context = await newContext(width, height);
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/dashboard`);
      await page.getByRole('heading', { name: 'Welcome to Hubbub' }).waitFor();
      expect(await page.getByRole('main').getByRole('link', { name: 'Find events near you' }).getAttribute('href')).toBe('/search');
      if (width < 992) await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = page.locator(width < 992 ? '.mantine-AppShell-navbar' : '.mantine-AppShell-header').getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Search' }).waitFor();
      const links = await nav.getByRole('link').allInnerTexts();
      expect(links).toEqual(width < 992 ? ['Search', 'Sign in', 'Create an account'] : ['Search']);
      expect(await page.getByRole('link', { name: 'Sign in' }).first().isVisible()).toBe(true);
      await context.close();
    }
  });
});

describe('the people directory', () => {
  it('lists a new account only after it chooses to be listed', async () => {
    const suffix = randomUUID().slice(0, 8);
    const name = `Quinn Quiet ${suffix}`;
    const email = `quinn-${suffix}@example.test`;
    await createVerifiedUser(name, email, 'quinn password 1');

    const viewerContext = await newContext();
    const viewer = await signIn(viewerContext, 'demo@hubbub.local', demoPassword);
    const lookUp = async () => {
      await viewer.goto(`${baseUrl()}/people`);
      await viewer.getByLabel('Search people').fill(suffix);
    };
    await lookUp();
    await expect.poll(() => viewer.getByText(`No one matches “${suffix}”.`).isVisible(), { timeout: 15_000 }).toBe(true);

    const context = await newContext();
    const me = await signIn(context, email, 'quinn password 1');
    await me.goto(`${baseUrl()}/account/profile`);
    const listed = me.locator('input[role="switch"]');
    await listed.waitFor({ state: 'attached' });
    expect(await listed.isChecked()).toBe(false);
    await listed.click();
    expect(await listed.isChecked()).toBe(true);
    await me.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => me.getByText('Your profile is saved.').isVisible()).toBe(true);

    await lookUp();
    // The list of everyone shows first; the search for the name answers once the typing pauses.
    await expect.poll(() => viewer.getByText(`1 person matching “${suffix}”`).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await viewer.getByRole('link', { name }).isVisible()).toBe(true);
    await context.close();
    await viewerContext.close();
  }, 90_000);
});
