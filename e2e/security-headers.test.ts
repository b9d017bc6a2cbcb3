import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, ensureAdmin, launchBrowser, signIn } from './support/browser.js';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants.js';
import { headerFindings, watchViolations } from './support/route-walk.js';

/**
 * Issue 22, finding 6, in Chromium: no page can be framed by another site, and the service worker
 * installs and runs under the Content-Security-Policy. Every route's headers, its policy violations
 * and its maps are checked at the same visit as its accessibility, in accessibility.test.ts (one
 * walk instead of two); the headers of each kind of answer in apps/server/test/security-headers.test.ts.
 */

let browser: Browser;

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
  // The admin account may exist from an earlier test file in this run.
  await ensureAdmin();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => framer?.close(resolve));
});

describe('issue 22 finding 6: framing and the service worker in Chromium', () => {
  it('the service worker installs and runs under the policy, and a page it serves keeps the headers', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const violations = await watchViolations(context);
    const page = await context.newPage();
    expect(headerFindings('/search', await page.goto(`${baseUrl()}/search`))).toEqual([]);
    const worker = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready.then((r) => r.active?.state ?? 'none'), new Promise<string>((resolve) => setTimeout(() => resolve('not ready in 20 s'), 20_000))]),
    );
    expect(worker).toMatch(/^activat/);
    // Now the worker answers navigations from its cache: the page it serves still carries the policy.
    expect(headerFindings('/dashboard (from the service worker)', await page.goto(`${baseUrl()}/dashboard`))).toEqual([]);
    await page.locator('main h1').first().waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it.each([
    ['the account settings (delete account)', '/account/settings'],
    ['the admin console', '/admin'],
    ['the sign-in page', '/login'],
  ])('another site cannot frame %s', async (_label, target) => {
    const context = await browser.newContext();
    const page = await signIn(context, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    // Chromium says why it refused the frame; waiting for that says the refusal is done.
    const refused = page.waitForEvent('console', { predicate: (m) => /frame-ancestors 'none'/.test(m.text()), timeout: 20_000 });
    await page.goto(`${framerUrl}?target=${encodeURIComponent(target)}`);
    await refused;
    await page.waitForLoadState('load');
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame, 'the iframe exists').toBeDefined();
    // A refused frame shows the browser's error page: the app never loads inside it.
    expect(frame!.url()).not.toContain(target);
    const appInside = await frame!.evaluate(() => !!document.querySelector('#root')).catch(() => false);
    expect(appInside).toBe(false);
    await context.close();
  });
});
