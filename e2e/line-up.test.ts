import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { eventsApi, type HubEvent } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, signIn } from './support/browser.js';

// Issue 27: a host builds the event's line-up on its page (add, a picture, drag to reorder), and
// a visitor reads it on the public page, without JavaScript too.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;

/** The names the page lists, top to bottom. */
const names = (page: Page, scope: string) => page.locator(`[data-testid="${scope}"] [data-testid="attraction-name"]`).allInnerTexts();

async function addAttraction(page: Page, opts: { name: string; kind: string; picture?: Buffer }) {
  const form = page.getByTestId('attraction-form').last();
  await form.getByLabel('Name').fill(opts.name);
  await form.getByRole('textbox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: opts.kind, exact: true }).click();
  if (opts.picture) await form.getByTestId('attraction-picture-input').setInputFiles({ name: 'band.png', mimeType: 'image/png', buffer: opts.picture });
  const saved = page.waitForResponse((r) => /\/event\/attraction\/(picture\/[^/]+)?$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await form.getByTestId('attraction-save').click();
  expect((await saved).status()).toBe(200);
  await form.waitFor({ state: 'detached' });
}

describe('the line-up', () => {
  it('a host adds three attractions (one with a picture), reorders them by dragging and with the keyboard, and a visitor reads them on the public page', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { name: `Hana Host ${suffix}`, email: `hana-${suffix}@example.test`, password: 'hana password 1' };
    await createVerifiedUser(host.name, host.email, host.password);
    const start = Date.now() + 26 * HOUR;
    const event = await api<HubEvent>('POST', eventsApi.create.path, await apiLogin(host.email, host.password), {
      name: `Riverfront Block Party ${suffix}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 4 * HOUR).toISOString(),
      timeZone: 'America/Chicago',
      area: { name: 'Riverfront', type: 6, latitude: 38.62 + Math.random() * 0.1, longitude: -90.18 - Math.random() * 0.1, zoom: 13 },
    });
    const picture = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#862e9c' } })
      .png()
      .toBuffer();

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const phone = viewport.width < 600;
      const context = await browser.newContext({ viewport });
      const page = await signIn(context, host.email, host.password);
      const errors = collectPageErrors(page);
      await page.goto(`${baseUrl()}/event/${event.id}`);
      if (!phone) {
        await page.getByTestId('edit-line-up').click();
        await addAttraction(page, { name: `Marisol Quartet ${suffix}`, kind: 'Performer', picture });
        for (const [name, kind] of [
          ['Taco Stand', 'Food & drink'],
          ['Riverside Bank', 'Sponsor'],
        ]) {
          await page.getByTestId('line-up-add').click();
          await addAttraction(page, { name, kind });
        }
        expect(await names(page, 'line-up-editor')).toEqual([`Marisol Quartet ${suffix}`, 'Taco Stand', 'Riverside Bank']);
        await expect.poll(() => page.getByTestId('line-up-editor').locator('img').count()).toBe(1);

        // The sponsor is dragged to the top by its handle.
        const handles = page.getByTestId('line-up-handle');
        const from = (await handles.nth(2).boundingBox())!;
        const to = (await handles.nth(0).boundingBox())!;
        const reordered = page.waitForResponse((r) => r.url().endsWith('/event/attraction/order/'));
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        for (let i = 1; i <= 12; i++) await page.mouse.move(from.x + from.width / 2, from.y + ((to.y - 10 - from.y) * i) / 12 + from.height / 2);
        await page.mouse.up();
        expect((await reordered).status()).toBe(200);
        expect(await names(page, 'line-up-editor')).toEqual(['Riverside Bank', `Marisol Quartet ${suffix}`, 'Taco Stand']);

        // And with the keyboard: the food moves up one place, each step said aloud. The
        // rows first finish sliding into their new places: a keyboard drag measures the rows
        // when it starts, and a row still moving would be measured where it no longer is.
        await expect
          .poll(() => page.getByTestId('line-up-item').evaluateAll((rows) => rows.every((row) => !/translate3d\((?!0px, 0px)/.test((row as HTMLElement).style.transform))))
          .toBe(true);
        await page.waitForFunction(() => document.querySelector('[data-testid="line-up-editor"]')?.getAnimations({ subtree: true }).length === 0);
        const keyed = page.waitForResponse((r) => r.url().endsWith('/event/attraction/order/'));
        await handles.nth(2).focus();
        await page.keyboard.press('Space');
        // Picked up, then over its own place: the live region says the latest.
        await page.getByText(/^(Picked up Taco Stand, place 3 of 3|Taco Stand is over place 3 of 3)\.$/).waitFor({ state: 'attached' });
        // On a loaded machine the first arrow can come before the keyboard sensor listens (the CI
        // run of d97add2 waited 30 s for it): while the row still says place 3, press again.
        const stillThird = page.getByText(/^(Picked up Taco Stand, place 3 of 3|Taco Stand is over place 3 of 3)\.$/);
        await page.keyboard.press('ArrowUp');
        for (let tries = 1; ; tries += 1) {
          const moved = await page.getByText('Taco Stand is over place 2 of 3.').waitFor({ state: 'attached', timeout: 3_000 }).then(() => true, () => false);
          if (moved) break;
          if (tries === 5) throw new Error('The keyboard drag never moved Taco Stand up a place.');
          if (await stillThird.count()) await page.keyboard.press('ArrowUp');
        }
        await page.keyboard.press('Space');
        expect((await keyed).status()).toBe(200);
        expect(await names(page, 'line-up-editor')).toEqual(['Riverside Bank', 'Taco Stand', `Marisol Quartet ${suffix}`]);
        await page.screenshot({ path: 'test-results/line-up-editor.png', fullPage: true });
        await page.getByTestId('line-up-done').click();
      }
      // The order holds after a reload, as everyone reads it.
      await page.reload();
      await page.getByTestId('line-up').waitFor();
      expect(await names(page, 'line-up')).toEqual(['Riverside Bank', 'Taco Stand', `Marisol Quartet ${suffix}`]);
      await page.getByTestId('line-up').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/line-up-event-${phone ? 'phone' : 'desktop'}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }

    // A watcher who is not the host opens the buzz's partners drawer: the host, then the line-up.
    const watcher = { name: `Wes Watcher ${suffix}`, email: `wes-${suffix}@example.test`, password: 'wes password 1' };
    await createVerifiedUser(watcher.name, watcher.email, watcher.password);
    const watcherContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const watcherPage = await signIn(watcherContext, watcher.email, watcher.password);
    await watcherPage.goto(`${baseUrl()}/buzz/${event.id}`);
    await watcherPage.getByRole('button', { name: 'Partners' }).click();
    const drawer = watcherPage.getByTestId('partners-drawer');
    await drawer.getByTestId('line-up').waitFor();
    expect(await names(watcherPage, 'partners-drawer')).toEqual(['Riverside Bank', 'Taco Stand', `Marisol Quartet ${suffix}`]);
    expect(await drawer.getByText(host.name).count()).toBe(1);
    await watcherPage.screenshot({ path: 'test-results/line-up-buzz-drawer-phone.png' });
    await watcherContext.close();

    // A visitor's public page, with and without JavaScript.
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/e/${event.slug}`);
      expect(await names(page, 'line-up')).toEqual(['Riverside Bank', 'Taco Stand', `Marisol Quartet ${suffix}`]);
      expect(await page.locator('[data-testid="line-up"] img.act-picture').count()).toBe(1);
      if (javaScriptEnabled) {
        const findings = (await new AxeBuilder({ page }).include('[data-testid="line-up"]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(findings.map((v) => v.id)).toEqual([]);
        await page.getByTestId('line-up').scrollIntoViewIfNeeded();
        await page.screenshot({ path: 'test-results/line-up-public-phone.png' });
      }
      await context.close();
    }
  });
});
