import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eventsApi } from '@hubbub/contract';
import { ApPeer, type Received } from '../apps/server/test/support/ap-peer.js';
import { freePort } from '../apps/server/test/support/server-process.js';
import { axe } from './support/axe.js';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, ensureAdmin, launchBrowser, signIn } from './support/browser.js';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants.js';

// Issue 32: an admin sees how the site is followed from the fediverse, watches a remote account
// follow it, blocks that account's server and lifts the block; a visitor's public page names the
// handle to follow. The remote account lives on a peer process (127.0.0.2, Misskey's signatures).

let browser: Browser;
let peer: ApPeer;
beforeAll(async () => {
  [browser, peer] = await Promise.all([launchBrowser(), freePort().then((port) => ApPeer.start('127.0.0.2', port))]);
});
afterAll(async () => {
  await browser?.close();
  await peer?.stop();
});

const follow = () => ({ '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId('follow'), type: 'Follow', actor: peer.actorId, object: `${baseUrl()}/ap/actors/hubbub` });
const accepted = async (followId: string) => (await peer.received()).filter((r: Received) => r.activity.type === 'Accept' && JSON.stringify(r.activity).includes(followId)).length;

describe('the site in the fediverse', () => {
  it('an admin sees the handle and a new remote follower, blocks its server and lifts the block', async () => {
    await ensureAdmin();
    const inbox = `${baseUrl()}/ap/actors/hubbub/inbox`;
    const first = follow();
    expect((await peer.send(inbox, first)).status).toBe(202);
    await expect.poll(() => accepted(first.id), { timeout: 15_000 }).toBe(1);

    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const context = await browser.newContext({ viewport });
      const page = await signIn(context, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      const errors = collectPageErrors(page);
      await page.goto(`${baseUrl()}/admin?tab=federation`);
      const handle = page.getByTestId('federation-handle');
      await expect.poll(() => handle.inputValue()).toBe(`@hubbub@${new URL(baseUrl()).host}`);
      await page.getByTestId('federation-followers').getByRole('link', { name: `@watcher@${new URL(peer.origin).host}` }).waitFor();
      expect(await axe(page, 'main')).toEqual([]);
      await page.screenshot({ path: `test-results/federation-admin-${viewport.width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signIn(context, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await page.goto(`${baseUrl()}/admin?tab=federation`);
    const server = new URL(peer.origin).host;
    await page.getByRole('textbox', { name: /Server or account/ }).fill(server);
    await page.getByRole('textbox', { name: /Reason/ }).fill('Spam waves from there');
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByTestId('federation-blocks').getByText(server, { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('federation-follower-count').innerText()).toBe('0');
    await page.screenshot({ path: 'test-results/federation-admin-blocked.png', fullPage: true });
    // The peer is refused now, before anything of it is read.
    expect((await peer.send(inbox, follow())).status).toBe(403);

    await page.getByRole('button', { name: `Lift the block of ${server}` }).click();
    const dialog = page.getByRole('dialog', { name: `Lift the block of ${server}?` });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('They cleaned up');
    await dialog.getByRole('button', { name: 'Lift the block' }).click();
    await page.getByText('Nothing is blocked.').waitFor();
    const again = follow();
    expect((await peer.send(inbox, again)).status).toBe(202);
    await expect.poll(() => accepted(again.id), { timeout: 15_000 }).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('federation-follower-count').innerText()).toBe('1');
    await context.close();
  }, 120_000);

  it("a visitor's public page names the handle; someone on another server says Going and the host sees them by their handle", async () => {
    const host = { email: `fedi-host-${randomUUID().slice(0, 8)}@e2e.hubbub.test`, password: 'host password 1' };
    await createVerifiedUser('Fedi Host', host.email, host.password);
    const jwt = await apiLogin(host.email, host.password);
    const start = Date.now() + 4 * 86_400_000;
    const event = await api<{ id: string; slug: string }>('POST', eventsApi.create.path, jwt, {
      name: `Fediverse picnic ${randomUUID().slice(0, 6)}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 3_600_000).toISOString(),
      timeZone: 'America/Chicago',
      area: { name: 'Omaha', type: 4, latitude: 41.2565, longitude: -95.9345, zoom: 10, city: 'Omaha', state: 'NE', country: 'US' },
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/e/${event.slug}`);
    expect(await page.getByTestId('fediverse-handle').innerText()).toContain(`@hubbub@${new URL(baseUrl()).host}`);
    await page.getByTestId('fediverse-handle').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/federation-public-page-phone.png' });
    // The host is an actor of their own once the server's round has seen their public event: their page names their handle.
    const hostId = (await api<{ userId: string }>('GET', `/engine/api/v1/event/${event.id}`, jwt)).userId;
    await expect
      .poll(async () => (await page.goto(`${baseUrl()}/person/${hostId}`), await page.getByTestId('person-fediverse-handle').textContent({ timeout: 3_000 }).catch(() => null)), { timeout: 40_000, interval: 2_000 })
      .toMatch(new RegExp(`^@fedi_host_[0-9a-f]{4}@${new URL(baseUrl()).host.replace(/\./g, '\\.')}$`));
    await page.screenshot({ path: 'test-results/federation-person-handle-phone.png' });
    await context.close();

    // Ana, on the peer, says Going by a Join (as Mobilizon does): her server hears Accept.
    const join = { '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId('join'), type: 'Join', actor: peer.accountId('ana'), object: `${baseUrl()}/ap/events/${event.id}` };
    expect((await peer.send(`${baseUrl()}/ap/inbox`, join, { as: 'ana' })).status).toBe(202);
    await expect.poll(async () => (await peer.received()).filter((r) => r.activity.type === 'Accept' && r.activity.object === join.id).length, { timeout: 15_000 }).toBe(1);
    const handle = `@ana@${new URL(peer.origin).host}`;
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const desk = await browser.newContext({ viewport });
      const hostPage = await signIn(desk, host.email, host.password);
      await hostPage.goto(`${baseUrl()}/event/${event.id}`);
      const panel = hostPage.getByTestId('going-host-panel');
      const row = panel.getByTestId('going-person').filter({ hasText: 'Ana on the peer' });
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(handle);
      expect(await row.getByTestId('going-fediverse').first().innerText()).toBe('Fediverse');
      expect(await axe(hostPage, '[data-testid="going-host-panel"]')).toEqual([]);
      await panel.scrollIntoViewIfNeeded();
      await hostPage.screenshot({ path: `test-results/federation-going-host-${viewport.width}.png` });
      await desk.close();
    }
  }, 90_000);

  it("an admin follows an account on another server; its event shows in search with its origin, and its page sends people there to say Going", async () => {
    await ensureAdmin();
    const account = peer.accountId('events');
    const server = new URL(peer.origin).host;
    const admin = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signIn(admin, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/admin?tab=federation`);
    await page.getByRole('textbox', { name: /Account to follow/ }).fill(account);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    const state = page.getByTestId('federation-following').getByTestId('federation-following-state');
    // The server's round looks the account up and asks; the screen follows it as it goes.
    await expect.poll(() => state.innerText(), { timeout: 15_000 }).toBe('Waiting for its server');
    const followOf = async () => (await peer.received()).find((r) => r.activity.type === 'Follow' && r.activity.object === account);
    await expect.poll(followOf, { timeout: 15_000 }).toBeTruthy();
    const asked = (await followOf())!;
    expect(asked.verified).toBe(true);
    const accept = { '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId('accept'), type: 'Accept', actor: account, object: asked.activity.id };
    expect((await peer.send(`${baseUrl()}/ap/inbox`, accept, { as: 'events' })).status).toBe(202);
    await expect.poll(async () => (await page.reload(), await state.innerText()), { timeout: 15_000 }).toBe('Following');
    await page.screenshot({ path: 'test-results/federation-following-admin.png', fullPage: true });
    expect(await axe(page, 'main')).toEqual([]);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phonePage = await signIn(phone, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await phonePage.goto(`${baseUrl()}/admin?tab=federation`);
    await phonePage.getByTestId('federation-following').waitFor();
    await phonePage.evaluate(() => window.scrollTo(0, document.querySelector('[data-testid="federation-following"]')!.getBoundingClientRect().top + window.scrollY - 300));
    await phonePage.screenshot({ path: 'test-results/federation-following-admin-390.png' });
    await phone.close();
    expect(errors).toEqual([]);
    await admin.close();

    // The account publishes an event: it is taken in, with its origin.
    const name = `Harbour clean-up ${randomUUID().slice(0, 6)}`;
    const start = new Date(Date.now() + 3 * 86_400_000);
    const create = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: peer.newId('create'),
      type: 'Create',
      actor: account,
      object: {
        id: `${peer.origin}/events/${randomUUID()}`,
        type: 'Event',
        name,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
        location: { type: 'Place', name: 'Pier 3', latitude: 41.2601, longitude: -95.9225 },
        content: '<p>Gloves and bags provided.</p>',
        url: `${peer.origin}/events/harbour-clean-up`,
      },
    };
    expect((await peer.send(`${baseUrl()}/ap/inbox`, create, { as: 'events' })).status).toBe(202);
    const visitorSearch = async () =>
      ((await (await fetch(`${baseUrl()}${eventsApi.search.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-tenant': 'hubbub' }, body: JSON.stringify({ searchText: name }) })).json()) as { events: { id: string }[] })
        .events;
    await expect.poll(async () => (await visitorSearch()).length, { timeout: 15_000 }).toBe(1);
    const [taken] = await visitorSearch();

    const guest = { email: `fedi-guest-${randomUUID().slice(0, 8)}@e2e.hubbub.test`, password: 'guest password 1' };
    await createVerifiedUser('Fedi Guest', guest.email, guest.password);
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const context = await browser.newContext({ viewport });
      const guestPage = await signIn(context, guest.email, guest.password);
      const pageErrors = collectPageErrors(guestPage);
      await guestPage.goto(`${baseUrl()}/search?lat=41.26&lng=-95.93&z=11&q=${encodeURIComponent(name)}`);
      await guestPage.locator('[data-testid="event-map"][data-map-state="idle"]').first().waitFor({ timeout: 45_000 });
      // A phone shows the map first, the list a tap away.
      if (viewport.width < 600) await guestPage.getByRole('button', { name: /Show list/ }).click();
      const card = guestPage.getByTestId('event-card').filter({ hasText: name });
      await card.first().waitFor({ timeout: 30_000 });
      expect(await card.first().getAttribute('data-event-id')).toBe(taken!.id);
      expect(await card.first().getByTestId('event-card-origin').innerText()).toBe(server);
      await guestPage.screenshot({ path: `test-results/federation-remote-card-${viewport.width}.png` });
      await guestPage.goto(`${baseUrl()}/event/${taken!.id}`);
      const going = guestPage.getByTestId('origin-going');
      await going.waitFor();
      expect(await going.getAttribute('href')).toBe(`${peer.origin}/events/harbour-clean-up`);
      expect(await guestPage.getByTestId('going-panel').count()).toBe(0);
      expect(await axe(guestPage, 'main')).toEqual([]);
      await guestPage.screenshot({ path: `test-results/federation-remote-event-${viewport.width}.png`, fullPage: true });
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
