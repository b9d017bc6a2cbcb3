import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkInApi, eventsApi, goingApi, pathOf, type HubEvent, type MyTickets } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, onThisServer, readMailText, signIn, submitSignIn } from './support/browser.js';
import { axe } from './support/axe.js';
import { writeQrVideo } from './support/fake-camera.js';

// Issue 30: a guest's tickets on their phone; two door devices check people in by keyboard-wedge
// scans and by name, go offline, scan on (one ticket on both), come back: the counts agree, the
// device that scanned second is told, nothing is lost.

let browser: Browser;
const suffix = randomUUID().slice(0, 8);
const person = (first: string) => ({ name: `${first} ${suffix}`, email: `${first.toLowerCase().replace(/ /g, '-')}-${suffix}@example.test`, password: `${first} password 1` });
const host = person('Dora Door');
const ana = person('Ana Arrives');
const ben = person('Ben Brings');
const cleo = person('Cleo Comes');
const dan = person('Dan Dawdles');
const stef = person('Stef Staff');
let event: HubEvent;
const codes: Record<string, string[]> = {};
const POLL = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  for (const p of [host, ana, ben, cleo, dan, stef]) await createVerifiedUser(p.name, p.email, p.password);
  const hostJwt = await apiLogin(host.email, host.password);
  const start = Date.now() + 3_600_000;
  event = await api<HubEvent>('POST', eventsApi.create.path, hostJwt, {
    name: `Warehouse Show ${suffix}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3 * 3_600_000).toISOString(),
    timeZone: 'America/Chicago',
    venue: 'Dock 4',
    area: { name: 'Madison, WI', type: 4, latitude: 43.07, longitude: -89.4, zoom: 12, city: 'Madison', state: 'WI' },
  });
  await api('PUT', pathOf(goingApi.settings, { id: event.id }), hostJwt, { capacity: null, maxGuests: 1, offerHours: 24 });
  for (const [p, guests] of [[ana, 1], [ben, 0], [cleo, 0], [dan, 0]] as const) {
    const jwt = await apiLogin(p.email, p.password);
    await api('PUT', pathOf(goingApi.say, { id: event.id }), jwt, { guests });
    codes[p.name] = (await api<MyTickets>('GET', pathOf(checkInApi.tickets, { id: event.id }), jwt)).tickets.map((t) => t.code);
  }
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

/** A scanner is a keyboard: it types the code into the focused box and presses Enter. */
async function wedgeScan(page: Page, code: string) {
  await page.getByTestId('ticket-code').focus();
  await page.keyboard.type(code, { delay: 2 });
  await page.keyboard.press('Enter');
}

const counts = (page: Page) => page.getByTestId('door-counts').innerText();
const outcome = (page: Page) => page.getByTestId('scan-result').getAttribute('data-outcome');

async function openDoor(context: BrowserContext): Promise<{ page: Page; device: string }> {
  const page = await signIn(context, host.email, host.password);
  await page.goto(`${baseUrl()}/event/${event.id}/check-in`);
  await page.getByTestId('door-counts').waitFor();
  const device = await page.getByTestId('door-device').innerText();
  return { page, device };
}

describe('check-in: tickets and two door devices', () => {
  it('a guest on a phone sees a ticket for each seat, as QR codes', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await signIn(phone, ana.email, ana.password);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/event/${event.id}`);
    const tickets = page.getByTestId('my-tickets');
    await tickets.waitFor();
    expect(await tickets.getByRole('heading').innerText()).toBe('Your 2 tickets');
    expect(await tickets.getByTestId('ticket').allInnerTexts()).toEqual([ana.name, `Guest 1 of ${ana.name}`]);
    const shown = await tickets.locator('img[data-ticket-code]').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('data-ticket-code')));
    expect(shown).toEqual(codes[ana.name]);
    await expect.poll(() => tickets.locator('img[data-ticket-code]').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)), POLL).toBe(true);
    await tickets.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/check-in-tickets-phone.png' });
    expect(await axe(page, '[data-testid="my-tickets"]')).toEqual([]);

    // At the door there is no signal: the page cannot load, and the tickets kept on the phone open anyway.
    // (The app was opened before: its service worker is in charge of the page, as on any later visit.)
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await tickets.waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), POLL).toBe(true);
    await phone.setOffline(true);
    await page.reload();
    const kept = page.getByTestId('saved-tickets');
    await kept.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('alert').first().innerText()).toMatch(/could not be loaded/);
    expect(await kept.locator('img[data-ticket-code]').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('data-ticket-code')))).toEqual(codes[ana.name]);
    await page.screenshot({ path: 'test-results/check-in-event-offline-phone.png', fullPage: true });
    // And under My tickets in the menu, still offline.
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'My tickets' }).click();
    await page.waitForURL(/\/tickets$/);
    const listed = page.getByTestId('saved-tickets');
    await listed.waitFor();
    expect(await listed.getByRole('heading').innerText()).toBe(event.name);
    await expect.poll(() => listed.locator('img[data-ticket-code]').evaluateAll((imgs) => imgs.length === 2 && imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)), POLL).toBe(true);
    await page.screenshot({ path: 'test-results/check-in-tickets-offline-phone.png', fullPage: true });
    expect(await axe(page, 'main')).toEqual([]);
    await phone.setOffline(false);
    expect(errors.filter((e) => !/Failed to fetch|NetworkError|network/i.test(e))).toEqual([]);
    await phone.close();
  });

  it('two door devices check in by scanner and by name, offline and back, and agree', async () => {
    const deskContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const a = await openDoor(deskContext);
    const b = await openDoor(phoneContext);
    const errors = [...collectPageErrors(a.page), ...collectPageErrors(b.page)];
    expect(await counts(a.page)).toBe('0 of 5 in');

    // Device A scans Ana: in at once; device B's count follows within 2 s.
    await wedgeScan(a.page, codes[ana.name]![0]!);
    await expect.poll(() => outcome(a.page), POLL).toBe('checked-in');
    await expect.poll(() => a.page.getByTestId('scan-result').getAttribute('data-pending'), POLL).toBe('false');
    expect(await counts(a.page)).toBe('1 of 5 in');
    const synced = Date.now();
    await expect.poll(() => counts(b.page), POLL).toBe('1 of 5 in');
    expect(Date.now() - synced).toBeLessThan(2_500);

    // Device B scans her again: already in, by whom and where.
    await wedgeScan(b.page, codes[ana.name]![0]!);
    await expect.poll(() => outcome(b.page), POLL).toBe('already');
    expect(await b.page.getByTestId('scan-result').innerText()).toContain(`by ${host.name} on ${a.device}`);
    // A forged code (Ana's, one character changed) is refused on the device itself.
    const code = codes[ana.name]![0]!;
    await wedgeScan(b.page, code.slice(0, 20) + (code[20] === 'A' ? 'B' : 'A') + code.slice(21));
    await expect.poll(() => outcome(b.page), POLL).toBe('forged');
    expect(await axe(a.page, 'main')).toEqual([]);
    await a.page.screenshot({ path: 'test-results/check-in-door-desktop.png' });

    // The network drops at the door.
    await deskContext.setOffline(true);
    await phoneContext.setOffline(true);
    // A scans Ben and Ana's guest; B finds Cleo by name, then scans Ana's guest too (second).
    await wedgeScan(a.page, codes[ben.name]![0]!);
    await expect.poll(() => outcome(a.page), POLL).toBe('checked-in');
    await wedgeScan(a.page, codes[ana.name]![1]!);
    await expect.poll(() => a.page.getByTestId('door-offline').innerText(), POLL).toContain('2 check-ins wait to go up');
    await b.page.getByTestId('door-search').fill('cleo');
    await b.page.getByRole('button', { name: `Check in ${cleo.name}` }).click();
    await wedgeScan(b.page, codes[ana.name]![1]!);
    await expect.poll(() => b.page.getByTestId('door-offline').innerText(), POLL).toContain('2 check-ins wait to go up');
    expect(await counts(a.page)).toBe('3 of 5 in');
    expect(await counts(b.page)).toBe('3 of 5 in');
    await b.page.screenshot({ path: 'test-results/check-in-door-offline-phone.png' });
    // The phone's tab is reloaded with no network: the door opens from what the device kept, queue and all.
    await b.page.reload();
    await b.page.getByTestId('door-counts').waitFor();
    expect(await counts(b.page)).toBe('3 of 5 in');
    await expect.poll(() => b.page.getByTestId('door-offline').innerText(), POLL).toContain('2 check-ins wait to go up');

    // B comes back first (its scan of the guest goes up first, but A's was earlier), then A.
    await phoneContext.setOffline(false);
    await expect.poll(() => b.page.getByTestId('door-offline').count(), POLL).toBe(0);
    await deskContext.setOffline(false);
    await expect.poll(() => a.page.getByTestId('door-offline').count(), POLL).toBe(0);
    const back = Date.now();
    await expect.poll(() => counts(a.page), POLL).toBe('4 of 5 in');
    await expect.poll(() => counts(b.page), POLL).toBe('4 of 5 in');
    expect(Date.now() - back).toBeLessThan(2_500);

    // B scanned the guest second: it is told (after its reload too), and the check-in kept is A's.
    await expect.poll(() => b.page.getByTestId('first-elsewhere').innerText(), POLL).toContain(`Guest 1 of ${ana.name}: ${a.device}`);
    expect(await a.page.getByTestId('first-elsewhere').count()).toBe(0);
    await b.page.screenshot({ path: 'test-results/check-in-door-told-phone.png' });
    expect(await axe(b.page, 'main')).toEqual([]);

    // Nothing lost: the server has every check-in, once.
    const door = await api<{ seats: { name: string; seat: number; checkedIn: { device: string } | null }[] }>(
      'GET',
      pathOf(checkInApi.door, { id: event.id }),
      await apiLogin(host.email, host.password),
    );
    expect(door.seats.filter((s) => s.checkedIn).map((s) => [s.name, s.seat, s.checkedIn!.device])).toEqual(
      expect.arrayContaining([
        [ana.name, 0, a.device],
        [ana.name, 1, a.device],
        [ben.name, 0, a.device],
        [cleo.name, 0, b.device],
      ]),
    );
    expect(door.seats.find((s) => s.name === dan.name)!.checkedIn).toBeNull();

    // A mistaken check-in is undone from the list; both devices follow.
    await a.page.getByTestId('door-search').fill('ben');
    await a.page.getByRole('button', { name: `Undo the check-in of ${ben.name}` }).click();
    await expect.poll(() => counts(a.page), POLL).toBe('3 of 5 in');
    await expect.poll(() => counts(b.page), POLL).toBe('3 of 5 in');
    expect(errors).toEqual([]);
    await deskContext.close();
    await phoneContext.close();
  });

  it('the camera reads a ticket held up to it and checks it in', async () => {
    // Chromium's fake camera plays a video of Dan's ticket, as a phone's camera would see it held up.
    const video = path.join(os.tmpdir(), `hubbub-ticket-${suffix}.y4m`);
    await writeQrVideo(codes[dan.name]![0]!, video);
    const cameraBrowser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
    try {
      const context = await cameraBrowser.newContext({ viewport: { width: 390, height: 844 } });
      await context.grantPermissions(['camera'], { origin: baseUrl() });
      const { page } = await openDoor(context);
      const errors = collectPageErrors(page);
      await page.getByRole('button', { name: 'Scan with the camera' }).click();
      await page.getByTestId('camera-view').waitFor();
      await expect.poll(() => page.getByTestId('scan-result').count(), POLL).toBe(1);
      expect(await outcome(page)).toBe('checked-in');
      expect(await page.getByTestId('scan-result').innerText()).toContain(dan.name);
      await expect.poll(() => page.getByTestId('scan-result').getAttribute('data-pending'), POLL).toBe('false');
      // Held up longer, the same ticket is not scanned again.
      await page.waitForTimeout(1_000);
      expect(await outcome(page)).toBe('checked-in');
      await page.screenshot({ path: 'test-results/check-in-camera-phone.png' });
      await page.getByRole('button', { name: 'Stop the camera' }).click();
      expect(errors).toEqual([]);
    } finally {
      await cameraBrowser.close();
    }
  });

  it('the host names door staff by email; they open their link signed out, sign in on the way, and work the door; taken off, the door closes', async () => {
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { page: hostPage } = await openDoor(desk);
    const panel = hostPage.getByTestId('door-staff');
    await panel.getByTestId('door-staff-email').fill('not-an-address');
    await panel.getByRole('button', { name: 'Invite' }).click();
    await expect.poll(() => panel.innerText(), POLL).toContain('“not-an-address”: Enter a valid email address.');
    await panel.getByTestId('door-staff-email').fill(stef.email);
    await panel.getByRole('button', { name: 'Invite' }).click();
    await expect.poll(() => panel.getByTestId('door-staff-person').innerText(), POLL).toContain('Invited');
    expect(await axe(hostPage, '[data-testid="door-staff"]')).toEqual([]);

    const mail = await readMailText(stef.email, 'co-host');
    expect(mail).toContain(`${host.name} asked you to check people in at the door of ${event.name}.`);
    const link = /(https?:\/\/\S+\/co-host\/\S+)/.exec(mail)![1]!;

    // Stef, on a phone, signed out: signs in on the way and lands on the door.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    const errors = collectPageErrors(page);
    await page.goto(onThisServer(link));
    await page.waitForURL((url) => url.pathname === '/login');
    await submitSignIn(page, stef);
    await page.waitForURL((url) => url.pathname === `/event/${event.id}/check-in`, { timeout: 30_000 });
    await expect.poll(() => counts(page), POLL).toBe(await counts(hostPage));
    expect(await page.getByTestId('door-staff').count()).toBe(0);
    await page.getByTestId('door-search').fill('cleo');
    const before = await counts(page);
    await page.getByRole('button', { name: `Undo the check-in of ${cleo.name}` }).click();
    // Both devices move on from the count before the undo, to the same count.
    await expect.poll(async () => [await counts(page), await counts(hostPage)].every((c) => c !== before), POLL).toBe(true);
    expect(await counts(hostPage)).toBe(await counts(page));
    await page.screenshot({ path: 'test-results/check-in-staff-phone.png' });
    // The host's list is read again every 10 s.
    await expect.poll(() => panel.getByTestId('door-staff-person').innerText(), { timeout: 25_000 }).toContain(stef.name);
    await hostPage.getByTestId('door-staff').scrollIntoViewIfNeeded();
    await hostPage.screenshot({ path: 'test-results/check-in-door-staff-desktop.png' });

    // Taken off: the door closes for them.
    await panel.getByRole('button', { name: `Take ${stef.name} off the door staff` }).click();
    await hostPage.getByRole('button', { name: 'Take off' }).click();
    await expect.poll(() => panel.getByTestId('door-staff-person').count(), POLL).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByText('Only the host of this event, its co-hosts and the door staff they named can check people in.').count(), POLL).toBe(1);
    expect(errors).toEqual([]);
    await desk.close();
    await phone.close();
  });
});
