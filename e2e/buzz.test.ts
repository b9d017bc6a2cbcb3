import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eventsApi, launchesApi } from '@hubbub/contract';
import { api, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, apiLogin, signIn } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the live buzz', () => {
  it('the owner designs a flyer and launches it; the watcher sees it appear, change and go', async () => {
    const suffix = randomUUID().slice(0, 8);
    const owner = { name: `Olga Owner ${suffix}`, email: `olga-${suffix}@example.test`, password: 'olga password 1' };
    const watcher = { name: `Wes Watcher ${suffix}`, email: `wes-${suffix}@example.test`, password: 'wes password 1' };
    await createVerifiedUser(owner.name, owner.email, owner.password);
    await createVerifiedUser(watcher.name, watcher.email, watcher.password);

    // The event itself is made through the API; the events suite covers the form.
    const jwt = await apiLogin(owner.email, owner.password);
    const start = new Date(Date.now() + 3_600_000);
    const created = await fetch(`${baseUrl()}${eventsApi.create.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant': 'hubbub', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({
        name: `Night Market ${suffix}`,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
        timeZone: 'America/Chicago',
        area: { name: 'Omaha, NE', type: 4, latitude: 41.25, longitude: -95.94, zoom: 12 },
      }),
    });
    expect(created.status).toBe(200);
    const eventId = ((await created.json()) as { id: string }).id;

    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const ownerPage = await signIn(ownerContext, owner.email, owner.password);
    const ownerErrors = collectPageErrors(ownerPage);

    // Design: a gradient background, a text block and an emoji sticker.
    await ownerPage.goto(`${baseUrl()}/event/${eventId}`);
    await ownerPage.getByTestId('event-flyers').click();
    await ownerPage.getByTestId('new-flyer').click();
    await ownerPage.getByTestId('flyer-designer').waitFor();
    await ownerPage.getByRole('textbox', { name: 'Name' }).fill('Doors flyer');
    await ownerPage.locator('label', { hasText: /^Gradient$/ }).click();
    await ownerPage.getByLabel('Search gradients').fill('Noon to Dusk');
    await ownerPage.getByRole('button', { name: 'Noon to Dusk' }).click();
    await ownerPage.getByRole('button', { name: 'Add text' }).click();
    await ownerPage.getByLabel('Text', { exact: true }).fill('Doors open');
    await ownerPage.getByRole('button', { name: 'Add sticker' }).click();
    await ownerPage.getByLabel('Search emoji').fill('party popper');
    await ownerPage.getByRole('button', { name: 'party-popper', exact: true }).click();
    await ownerPage.getByTestId('save-flyer').click();
    await expect.poll(() => ownerPage.getByText(/is saved\./).first().isVisible(), { timeout: 15_000 }).toBe(true);
    const flyerId = await ownerPage.evaluate(() => new URL(location.href).searchParams.get('edit'));
    expect(flyerId).toMatch(/^[0-9a-f-]{36}$/);

    // The watcher joins the buzz in another browser context.
    const watcherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const watcherPage = await signIn(watcherContext, watcher.email, watcher.password);
    const watcherErrors = collectPageErrors(watcherPage);
    await watcherPage.goto(`${baseUrl()}/buzz/${eventId}`);
    await watcherPage.locator('[data-testid="active-flyers"][data-joined="true"]').waitFor({ timeout: 20_000 });
    const watcherCard = watcherPage.locator(`[data-testid="active-flyers"] [data-testid="flyer-card"][data-flyer-id="${flyerId}"]`);
    expect(await watcherCard.count()).toBe(0);

    // Launch now from the owner's buzz.
    await ownerPage.goto(`${baseUrl()}/buzz/${eventId}`);
    await ownerPage.locator('[data-testid="active-flyers"][data-joined="true"]').waitFor({ timeout: 20_000 });
    await ownerPage.getByRole('textbox', { name: 'Flyer to launch' }).click();
    await ownerPage.getByRole('option', { name: 'Doors flyer' }).click();
    await ownerPage.getByText('5 min', { exact: true }).click();
    const launched = ownerPage.waitForResponse((r) => r.url().endsWith(launchesApi.create.path) && r.request().method() === 'POST');
    await ownerPage.getByTestId('launch-now').click();
    expect((await launched).status()).toBe(200);
    const shownAfter = Date.now();
    await watcherCard.waitFor({ timeout: 5_000 });
    const delay = Date.now() - shownAfter;
    expect(delay, `flyer shown ${delay} ms after the launch answered`).toBeLessThan(1_000);
    expect(await watcherCard.getAttribute('aria-label')).toContain('Doors open');

    // An edit of the active flyer reaches the watcher.
    await ownerPage.goto(`${baseUrl()}/event/${eventId}/flyers?edit=${flyerId}`);
    await ownerPage.getByTestId('flyer-designer').waitFor();
    // The text block is the first layer; select it to edit.
    await ownerPage.locator('[role="list"][aria-label="Blocks"] [role="listitem"] button[aria-pressed]').first().click();
    await ownerPage.getByLabel('Text', { exact: true }).fill('Doors open now!');
    await ownerPage.getByTestId('save-flyer').click();
    await expect.poll(() => watcherCard.getAttribute('aria-label'), { timeout: 5_000 }).toContain('Doors open now!');

    // Someone opening the buzz mid-launch sees what is on now.
    const lateContext = await browser.newContext({ viewport: { width: 800, height: 900 } });
    const latePage = await signIn(lateContext, watcher.email, watcher.password);
    await latePage.goto(`${baseUrl()}/buzz/${eventId}`);
    await latePage.locator(`[data-testid="active-flyers"] [data-testid="flyer-card"][data-flyer-id="${flyerId}"]`).waitFor({ timeout: 10_000 });
    await lateContext.close();

    // Stopping the launch removes it from the watcher's buzz.
    await ownerPage.goto(`${baseUrl()}/buzz/${eventId}`);
    await ownerPage.locator('[data-testid="timeline-item"][data-state="Active"] [data-testid="timeline-cancel"]').click();
    await expect.poll(() => watcherCard.count(), { timeout: 5_000 }).toBe(0);

    expect(ownerErrors).toEqual([]);
    expect(watcherErrors).toEqual([]);
    await watcherContext.close();
    await ownerContext.close();
  });

  it('the room talks back: a chat line with HTML in it reaches the other watcher as plain text, its link as a link (issue 26)', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { name: `Hana Host ${suffix}`, email: `hana-${suffix}@example.test`, password: 'hana password 1' };
    const guest = { name: `Gus Guest ${suffix}`, email: `gus-${suffix}@example.test`, password: 'gus password 1' };
    await Promise.all([createVerifiedUser(host.name, host.email, host.password), createVerifiedUser(guest.name, guest.email, guest.password)]);
    const start = new Date(Date.now() + 3_600_000);
    const event = await api<{ id: string }>('POST', eventsApi.create.path, await apiLogin(host.email, host.password), {
      name: `Chat Night ${suffix}`,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      timeZone: 'America/Chicago',
      area: { name: 'Omaha, NE', type: 4, latitude: 41.25, longitude: -95.94, zoom: 12 },
    });
    const contexts = await Promise.all([browser.newContext({ viewport: { width: 1280, height: 900 } }), browser.newContext({ viewport: { width: 390, height: 844 } })]);
    const [hostPage, guestPage] = await Promise.all([signIn(contexts[0], host.email, host.password), signIn(contexts[1], guest.email, guest.password)]);
    const errors = [collectPageErrors(hostPage), collectPageErrors(guestPage)];
    for (const page of [hostPage, guestPage]) {
      await page.goto(`${baseUrl()}/buzz/${event.id}`);
      await page.locator('[data-testid="chat-input"]:not([disabled])').waitFor({ timeout: 20_000 });
    }
    const hostile = '<img src=x onerror="window.chatXss=1"><b>Bold?</b> set list at https://example.org/set';
    await guestPage.getByTestId('chat-input').fill(hostile);
    await guestPage.getByTestId('buzz-chat').getByRole('button', { name: 'Send' }).click();
    const line = hostPage.getByTestId('chat-text').filter({ hasText: 'Bold?' });
    await line.waitFor({ timeout: 5_000 });
    expect(await line.textContent()).toBe(hostile);
    expect(await hostPage.getByTestId('buzz-chat').locator('b, img[src="x"]').count()).toBe(0);
    expect(await line.locator('a[href="https://example.org/set"]').count()).toBe(1);
    expect(await hostPage.evaluate(() => 'chatXss' in window)).toBe(false);
    // The sender sees their own line too.
    await guestPage.getByTestId('chat-text').filter({ hasText: 'Bold?' }).waitFor();
    expect(errors.flat()).toEqual([]);
    await Promise.all(contexts.map((c) => c.close()));
  });
});
