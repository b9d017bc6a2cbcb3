import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { authApi } from '@hubbub/contract';
import { baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, signIn } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const REFRESH = `**${authApi.refresh.path}`;

async function storedRefreshToken(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === 'hubbub_token');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { refreshToken: string }).refreshToken : undefined;
}

describe('issue 22 finding 13: reloading while the app starts', () => {
  it('keeps the person signed in when the page is reloaded while the boot refresh answer is on its way', async () => {
    const suffix = randomUUID().slice(0, 8);
    const me = { name: `Rita Reload ${suffix}`, email: `rita-${suffix}@example.test`, password: 'rita password 1' };
    await createVerifiedUser(me.name, me.email, me.password);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signIn(context, me.email, me.password);
    const errors = collectPageErrors(page);
    const signedInWith = await storedRefreshToken(context);
    expect(signedInWith, 'the sign-in stored a refresh token').toBeTruthy();

    // The first boot refresh reaches the server, which rotates the token; its answer is held back,
    // as on a busy machine or a slow phone, so the page never stores the new pair.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let rotatedAt!: () => void;
    const rotated = new Promise<void>((resolve) => (rotatedAt = resolve));
    let held: { status: number; body: string } | undefined;
    const replays: number[] = [];
    await page.route(REFRESH, async (route: Route) => {
      const response = await route.fetch();
      if (held) {
        replays.push(response.status());
        return route.fulfill({ response });
      }
      held = { status: response.status(), body: await response.text() };
      rotatedAt();
      await released;
      // The page that asked is gone by now.
      await route.fulfill({ response }).catch(() => {});
    });

    await page.goto(`${baseUrl()}/account`, { waitUntil: 'commit' });
    await rotated;
    expect(held?.status, held?.body).toBe(200);
    const rotatedTo = (JSON.parse(held!.body) as { refreshToken: string }).refreshToken;
    expect(await storedRefreshToken(context), 'the held answer was not stored').toBe(signedInWith);

    // Reload now: the new page posts the replaced token again.
    await page.reload({ waitUntil: 'commit' });
    release();

    await page.waitForURL(/\/account\/profile/, { timeout: 20_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Save profile' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: `Account menu for ${me.name}` }).isVisible()).toBe(true);
    // The replay got the very pair the held answer carried, and the session lives on.
    expect(replays.length).toBeGreaterThan(0);
    expect(replays.every((status) => status === 200), `replayed refresh answers: ${replays.join(', ')}`).toBe(true);
    expect(await storedRefreshToken(context)).toBe(rotatedTo);
    expect(page.url()).not.toMatch(/\/login/);

    await page.unroute(REFRESH);
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Save profile' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(page.url()).toMatch(/\/account\/profile/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
