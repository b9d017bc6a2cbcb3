import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { authApi, pathOf } from '@hubbub/contract';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './constants.js';

export const baseUrl = () => inject('baseUrl');

/** A link from a mail (the server's PUBLIC_URL) on the server under test. */
export const onThisServer = (link: string) => link.replace(/^https?:\/\/[^/]+/, baseUrl());

/** Debian's Chromium, never a downloaded one; `extraArgs` for a test's own switches (a fake camera). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}

/** The newest email of a purpose (`verify`, `reset`, `seat-offered`, ...) sent to an address, decoded, once it is in the server's outbox. */
export async function readMailText(to: string, purpose: string, has: (text: string) => boolean = () => true): Promise<string> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  for (let attempt = 0; attempt < 40; attempt++) {
    const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith(`-${purpose}-${to}.eml`)).sort();
    if (files.length) {
      const raw = await fs.readFile(path.join(outbox, files[files.length - 1]), 'utf8');
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (has(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${purpose} email for ${to} in ${outbox}`);
}

/** The code and the link token of the newest verification or reset email to an address. */
export async function readMail(to: string, purpose: 'verify' | 'reset'): Promise<{ code: string; token: string }> {
  const text = await readMailText(to, purpose, (t) => /Code: [A-Z0-9]+/.test(t) && /[?&](?:token|code)=[A-Za-z0-9_-]+/.test(t));
  return { code: /Code: ([A-Z0-9]+)/.exec(text)![1], token: /[?&](?:token|code)=([A-Za-z0-9_-]+)/.exec(text)![1] };
}

/** Registers and verifies a user through the API, for a second party in a browser flow. */
export async function createVerifiedUser(name: string, email: string, password: string): Promise<{ id: string }> {
  const headers = { 'content-type': 'application/json', 'x-tenant': 'hubbub' };
  const res = await fetch(`${baseUrl()}${authApi.register.path}`, { method: 'POST', headers, body: JSON.stringify({ name, email, password }) });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const { code } = await readMail(email, 'verify');
  const ver = await fetch(`${baseUrl()}${pathOf(authApi.verify, { tokenOrCode: code })}`, { method: 'POST', headers: { 'x-tenant': 'hubbub' } });
  if (ver.status !== 200) throw new Error(`verify failed: ${ver.status}`);
  return { id };
}

/**
 * The administrator's bearer token, registering and verifying the account (E2E_ADMIN_EMAIL) when no
 * file has yet. Files run side by side: when another one is registering it, this one waits until
 * the account signs in.
 */
export async function ensureAdmin(): Promise<string> {
  await createVerifiedUser('Ada Admin', E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD).catch(() => undefined);
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiLogin(E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    } catch (error) {
      if (attempt >= 80) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Fails the test on uncaught page errors, which a user would see as a broken screen. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Fills and sends the sign-in form the page shows (the login page, or one reached on the way somewhere). */
export async function submitSignIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the login page in a new tab of `context`; resolves on the dashboard. */
export async function signIn(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/login`);
  await submitSignIn(page, { email, password });
  await page.waitForURL(/\/dashboard/);
  return page;
}

/** A bearer token for API calls made beside the browser (setting up what a test starts from). */
export async function apiLogin(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl()}${authApi.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant': 'hubbub' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { jwt: string }).jwt;
}

/** A JSON API call as `jwt`, beside the browser; anything but 200 throws with the answer. */
export async function api<T>(method: string, url: string, jwt: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { 'x-tenant': 'hubbub', authorization: `Bearer ${jwt}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
