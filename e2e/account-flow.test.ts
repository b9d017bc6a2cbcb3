import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, readMail } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('account flow', () => {
  it('registers, verifies by code, logs in, edits the profile, survives a reload, follows someone and logs out', async () => {
    const suffix = randomUUID().slice(0, 8);
    const other = { name: `Olive Other ${suffix}`, email: `olive-${suffix}@example.test` };
    const { id: otherId } = await createVerifiedUser(other.name, other.email, 'olive password 1');

    const me = { name: `Nora New ${suffix}`, email: `nora-${suffix}@example.test`, password: 'nora password 1' };
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${baseUrl()}/register`);
    await page.getByLabel('Name').fill(me.name);
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Password').fill(me.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verification/);

    const { code } = await readMail(me.email, 'verify');
    // As if the code were typed in another browser, which is verified and then signs in here (the
    // browser that registered is signed in by the verification itself: verification-sign-in.test.ts).
    await page.evaluate(() => localStorage.removeItem('hubbub_verify_sign_in'));
    await page.getByLabel('Verification code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByText('Your account is verified').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL(/\/login/);

    // A wrong password first: the screen says so and nothing else happens.
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Could not sign in').isVisible()).toBe(true);
    await page.getByLabel('Password').fill(me.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);
    await expect.poll(() => page.getByRole('heading', { name: /Hello, Nora/ }).isVisible()).toBe(true);

    const cookies = await context.cookies();
    const token = cookies.find((c) => c.name === 'hubbub_token');
    expect(token, 'session cookie').toBeDefined();
    expect(token!.path).toBe('/');
    expect(token!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

    await page.goto(`${baseUrl()}/account/profile`);
    await page.getByLabel('Bio').fill('I love street fairs.');
    await page.getByLabel('Location').fill('Omaha, NE');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('Your profile is saved.').isVisible()).toBe(true);

    await page.reload();
    await expect.poll(() => page.getByLabel('Location').inputValue(), { timeout: 15_000 }).toBe('Omaha, NE');
    expect(page.url()).toContain('/account/profile');

    await page.goto(`${baseUrl()}/person/${otherId}`);
    await expect.poll(() => page.getByRole('heading', { name: other.name }).isVisible()).toBe(true);
    await page.getByRole('button', { name: `Follow ${other.name}` }).click();
    await expect.poll(() => page.getByRole('button', { name: `Following ${other.name}` }).isVisible()).toBe(true);

    // The follow is stored: a fresh page load still shows it.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: `Following ${other.name}` }).isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('button', { name: `Account menu for ${me.name}` }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/dashboard/);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Hubbub' }).isVisible()).toBe(true);
    expect((await context.cookies()).find((c) => c.name === 'hubbub_token')).toBeUndefined();

    // Logged out, a login-required page sends the visitor to sign in and back.
    await page.goto(`${baseUrl()}/events/following`);
    await page.waitForURL(/\/login\?redirect=/);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a not-found page for unknown paths and refuses an unknown verification code', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/no/such/page`);
    await expect.poll(() => page.getByText(/not found/i).first().isVisible()).toBe(true);
    await page.goto(`${baseUrl()}/verification`);
    await page.getByLabel('Verification code').fill('ZZZZZZ');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByText(/not valid/).first().isVisible()).toBe(true);
    await page.close();
  });
});
