import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { paths, type HubEvent } from '@hubbub/contract';
import { apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, signIn } from './support/browser.js';
import { E2E_ADMIN_EMAIL } from './support/constants.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN_PASSWORD = 'admin password 1';

describe('moderation', () => {
  it('a person reports an event; the admin finds it in the queue, dismisses it with a reason, and the audit log shows it', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { email: `hal-${suffix}@example.test`, password: 'hal password 1' };
    const reporter = { email: `rita-${suffix}@example.test`, password: 'rita password 1' };
    await createVerifiedUser(`Hal Host ${suffix}`, host.email, host.password);
    await createVerifiedUser(`Rita Reporter ${suffix}`, reporter.email, reporter.password);
    // The admin account may exist from an earlier test in this run.
    await createVerifiedUser('Ada Admin', E2E_ADMIN_EMAIL, ADMIN_PASSWORD).catch(() => undefined);
    const jwt = await apiLogin(host.email, host.password);
    const start = Date.now() + 2 * 86_400_000;
    const res = await fetch(`${baseUrl()}${paths.eventCreate}`, {
      method: 'POST',
      headers: { 'x-tenant': 'hubbub', authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Too good to be true raffle ${suffix}`, startDate: new Date(start).toISOString(), endDate: new Date(start + 3_600_000).toISOString(), timeZone: 'UTC', area: { latitude: 41.26, longitude: -95.94 } }),
    });
    const event = (await res.json()) as HubEvent;

    // The reporter reports it from the event page.
    const reporterContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(reporterContext, reporter.email, reporter.password);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/event/${event.id}`);
    await page.getByTestId('report-event').click();
    await page.getByLabel('Scam or fraud').check();
    await page.getByLabel(/Anything a moderator should know/).fill('Asks for the prize fee by wire transfer.');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByTestId('report-received').waitFor();
    expect(await page.getByTestId('report-received').innerText()).toContain('your report was received');
    expect(errors).toEqual([]);
    await reporterContext.close();

    // The admin works the queue.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await signIn(adminContext, E2E_ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.goto(`${baseUrl()}/admin`);
    // The overview first: counts and the last 30 days.
    await expect.poll(async () => Number((await admin.getByTestId('overview-open-reports').textContent()) ?? 0), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await admin.locator('.recharts-surface').first().waitFor({ timeout: 15_000 });
    await admin.screenshot({ path: 'test-results/admin-overview.png', fullPage: true });
    await admin.getByRole('tab', { name: 'Reports' }).click();
    const group = admin.locator(`[data-testid="report-group"][data-target-id="${event.id}"]`);
    await group.waitFor({ timeout: 15_000 });
    expect(await group.innerText()).toContain('Asks for the prize fee by wire transfer.');
    await admin.screenshot({ path: 'test-results/admin-report-queue.png', fullPage: true });
    await group.getByRole('button', { name: 'Dismiss' }).click();
    await admin.getByLabel(/Reason/).fill('Checked with the host: a real raffle');
    await admin.getByRole('dialog').getByRole('button', { name: 'Dismiss' }).click();
    await group.waitFor({ state: 'detached', timeout: 15_000 });

    await admin.getByRole('tab', { name: 'Audit log' }).click();
    const log = admin.getByTestId('audit-log');
    await log.waitFor({ timeout: 15_000 });
    await expect.poll(() => log.innerText(), { timeout: 15_000 }).toContain('Checked with the host: a real raffle');
    expect(await log.innerText()).toContain('reports.dismiss');
    await adminContext.close();
  });

  it('a person without the Admin role sees that the console is not theirs', async () => {
    const suffix = randomUUID().slice(0, 8);
    const person = { email: `nora-${suffix}@example.test`, password: 'nora password 1' };
    await createVerifiedUser(`Nora ${suffix}`, person.email, person.password);
    const context = await browser.newContext();
    const page = await signIn(context, person.email, person.password);
    await page.goto(`${baseUrl()}/admin`);
    await page.getByText('Your account does not have access to this area.').waitFor();
    expect(await page.getByTestId('report-group').count()).toBe(0);
    await context.close();
  });
});
