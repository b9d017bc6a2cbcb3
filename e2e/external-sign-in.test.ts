import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { externalAuthApi, pathOf } from '@hubbub/contract';
import { baseUrl, collectPageErrors, launchBrowser } from './support/browser.js';

// Issue 11 in Chromium, against the two local OpenID providers the global setup started (one
// playing Google, one Microsoft's multi-tenant endpoint) and configured the server for.

interface FakeCalls {
  revocations: { hint: string | null }[];
  endSessions: string[];
  tokenRequests: unknown[];
}

const fake = (kind: 'google' | 'microsoft') => inject('fakeIdps')[kind];

async function control(kind: 'google' | 'microsoft', path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${fake(kind)}/__fake/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`fake ${kind} ${path}: ${res.status}`);
  return res.json();
}
const calls = (kind: 'google' | 'microsoft') => control(kind, 'calls') as Promise<FakeCalls>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await Promise.all([control('google', 'reset', {}), control('microsoft', 'reset', {})]);
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in with Google and Microsoft', () => {
  it('signs in with Google where the person was going, stays signed in, connects Microsoft and logs out of both', async () => {
    const id = randomUUID().slice(0, 8);
    const person = { name: `Gina Google ${id}`, email: `gina-${id}@example.test` };
    await control('google', 'sign-in-as', { sub: `gina-${id}`, email: person.email, email_verified: true, name: person.name });
    await control('microsoft', 'sign-in-as', {
      sub: `pairwise-${id}`,
      tid: '72f988bf-86f1-41af-91ab-2d7cd011db47',
      oid: randomUUID(),
      email: `gina-${id}@contoso.test`,
      name: person.name,
      login_hint: `hint-${id}`,
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // Every address the tab went to, redirects included.
    const visited: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(request.url());
    });

    // A page that needs a sign-in sends the visitor to /login, which offers both providers.
    await page.goto(`${baseUrl()}/events`);
    await page.waitForURL(/\/login\?redirect=%2Fevents/);
    await expect.poll(() => page.getByRole('link', { name: 'Continue with Microsoft' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Continue with Google' }).click();

    // The provider round trip ends on the page the person came from, signed in.
    await page.waitForURL(`${baseUrl()}/events`, { timeout: 20_000 });
    await expect.poll(() => page.getByRole('button', { name: `Account menu for ${person.name}` }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(visited.map((u) => u.replace(/\?.*/, ''))).toEqual([
      `${baseUrl()}/events`,
      `${baseUrl()}${pathOf(externalAuthApi.start, { provider: 'google' })}`,
      `${fake('google')}/authorize`,
      `${baseUrl()}/auth/callback/google`,
    ]);

    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: `Account menu for ${person.name}` }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(page.url()).toBe(`${baseUrl()}/events`);

    // Settings → Connected accounts: Google is there; connect Microsoft.
    await page.goto(`${baseUrl()}/account/settings`);
    const google = page.getByRole('listitem', { name: 'Google' });
    await expect.poll(() => google.getByText(person.email).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => google.getByText(/^Connected .* last used /).isVisible()).toBe(true);
    const microsoft = page.getByRole('listitem', { name: 'Microsoft' });
    await expect.poll(() => microsoft.getByText('Not connected').isVisible()).toBe(true);
    await microsoft.getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL(`${baseUrl()}/account/settings`, { timeout: 20_000 });
    await expect.poll(() => page.getByText('Microsoft is connected: you can sign in with it now.').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => microsoft.getByText(`gina-${id}@contoso.test`).isVisible()).toBe(true);
    await expect.poll(() => microsoft.getByRole('button', { name: 'Disconnect' }).isVisible()).toBe(true);

    // Log out: Google's tokens are revoked, and the browser goes through Microsoft's sign-out page and back.
    const before = visited.length;
    await page.getByRole('button', { name: `Account menu for ${person.name}` }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect.poll(async () => (await calls('microsoft')).endSessions.length, { timeout: 15_000 }).toBe(1);
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Hubbub' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const endSession = new URL((await calls('microsoft')).endSessions[0]);
    expect(Object.fromEntries(endSession.searchParams)).toMatchObject({ post_logout_redirect_uri: `${baseUrl()}/dashboard`, logout_hint: `hint-${id}` });
    expect(visited.slice(before).some((u) => u.startsWith(`${fake('microsoft')}/common/oauth2/v2.0/logout`))).toBe(true);
    expect((await calls('google')).revocations.map((r) => r.hint)).toEqual(expect.arrayContaining(['access_token']));
    expect((await context.cookies()).find((c) => c.name === 'hubbub_token')).toBeUndefined();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows why when the person cancels at the provider', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/auth/callback/google?error=access_denied&error_description=Call%200800-SCAM`);
    await expect.poll(() => page.getByText('Signing in with Google was cancelled.').isVisible()).toBe(true);
    expect(await page.getByText('0800-SCAM').count()).toBe(0);
    // What the provider sent (a code and state, normally) leaves the address bar at once.
    expect(page.url()).toBe(`${baseUrl()}/auth/callback/google`);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL(/\/login$/);
    await page.close();
  });
});
