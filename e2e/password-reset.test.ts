import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { authApi } from '@hubbub/contract';
import { baseUrl, collectPageErrors, launchBrowser, readMail } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function register(name: string, email: string, password: string) {
  const res = await fetch(`${baseUrl()}${authApi.register.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant': 'hubbub' },
    body: JSON.stringify({ name, email, password }),
  });
  expect(res.status).toBe(201);
}

describe('email links', () => {
  it('verifies from the emailed link, then resets a forgotten password from the emailed link', async () => {
    const email = `link-${randomUUID().slice(0, 8)}@example.test`;
    await register('Lena Link', email, 'first password 1');
    const page = await browser.newPage();
    const errors = collectPageErrors(page);

    const { token } = await readMail(email, 'verify');
    await page.goto(`${baseUrl()}/verification?token=${token}`);
    await expect.poll(() => page.getByText('Your account is verified').isVisible(), { timeout: 15_000 }).toBe(true);

    await page.goto(`${baseUrl()}/password/forgot`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const reset = await readMail(email, 'reset');

    await page.goto(`${baseUrl()}/password/reset?code=${reset.token}`);
    await page.getByLabel(/^New password/).fill('second password 2');
    await page.getByLabel('Confirm new password').fill('second password 2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.getByText(/password has been changed/i).first().isVisible(), { timeout: 15_000 }).toBe(true);

    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('second password 2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);

    // The used link does not work twice.
    await page.goto(`${baseUrl()}/password/reset?code=${reset.token}`);
    await page.getByLabel(/^New password/).fill('third password 3');
    await page.getByLabel('Confirm new password').fill('third password 3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.getByText(/not valid/).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
