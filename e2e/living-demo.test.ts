import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collectPageErrors, launchBrowser, signIn } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The password the first start printed for the demo accounts. */
async function demoPassword(): Promise<string> {
  const text = await fs.readFile(path.join(inject('dataDir'), 'demo-credentials.txt'), 'utf8');
  return /password: (\S+)/.exec(text)![1];
}

describe('the living demo', () => {
  it('signed in as the demo account, /buzz shows a live event and a new flyer arrives within 30 s, without reloading', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, 'demo@hubbub.local', await demoPassword());
    const errors = collectPageErrors(page);
    // The header says this is the shared demo account.
    await expect(page.getByTestId('demo-account-badge').textContent()).resolves.toContain('Demo account');

    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('link', { name: 'Buzz', exact: true }).first().click();
    await page.waitForURL(/\/buzz$/);
    const live = page.getByTestId('buzz-live-now');
    await live.waitFor({ timeout: 20_000 });
    await expect(live.getByTestId('session-state').getAttribute('data-state')).resolves.toBe('live');
    await live.locator('[data-testid="active-flyers"][data-joined="true"]').waitFor({ timeout: 20_000 });
    const loadsBefore = loads;

    const onStage = async () => live.locator('[data-testid="stage-flyer"]:not([data-leaving]) [data-testid="flyer-card"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-flyer-id')));
    const seen = new Set(await onStage());
    const started = Date.now();
    let arrived: string | undefined;
    while (!arrived && Date.now() - started < 30_000) {
      await page.waitForTimeout(250);
      arrived = (await onStage()).find((id) => id && !seen.has(id)) ?? undefined;
    }
    expect(arrived, 'a flyer the page did not show at first appears within 30 s').toBeTruthy();
    expect(loads).toBe(loadsBefore);
    // Watching is counted, and the demo's flyers were designed with a gradient and an emoji.
    expect(Number(await live.getByTestId('watcher-count').getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
    const card = live.locator(`[data-testid="flyer-card"][data-flyer-id="${arrived}"]`);
    await expect(card.evaluate((el) => getComputedStyle(el).backgroundImage)).resolves.toContain('gradient');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
