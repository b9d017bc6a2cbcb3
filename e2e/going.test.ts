import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { eventsApi, goingApi, pathOf, publicEventPath, type HubEvent } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, readMailText, submitSignIn } from './support/browser.js';
import { axe } from './support/axe.js';

// Issue 28: a visitor says Going on a full event's public page (signing in on the way), answers
// the host's question, lands on the waitlist with a guest, is offered a seat when the host raises the capacity, confirms it from
// the email's link, and the host finds them in the attendee list and its CSV.

let browser: Browser;
const suffix = randomUUID().slice(0, 8);
const host = { name: `Gia Host ${suffix}`, email: `gia-${suffix}@example.test`, password: 'gia password 1' };
const early = { name: `Eli Early ${suffix}`, email: `eli-${suffix}@example.test`, password: 'eli password 1' };
const visitor = { name: `Vera Visitor ${suffix}`, email: `vera-${suffix}@example.test`, password: 'vera password 1' };
let event: HubEvent;
/** A debounced search or a refetch after a change can take seconds on a busy 2-core machine (Vitest's default is 1 s). */
const POLL = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  for (const person of [host, early, visitor]) await createVerifiedUser(person.name, person.email, person.password);
  const hostJwt = await apiLogin(host.email, host.password);
  const start = Date.now() + 3 * 86_400_000;
  event = await api<HubEvent>('POST', eventsApi.create.path, hostJwt, {
    name: `Tiny Room Concert ${suffix}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 2 * 3_600_000).toISOString(),
    timeZone: 'America/Chicago',
    venue: 'The Back Room',
    area: { name: 'Madison, WI', type: 4, latitude: 43.07, longitude: -89.4, zoom: 12, city: 'Madison', state: 'WI' },
  });
  // One seat, and someone already has it.
  await api('PUT', pathOf(goingApi.settings, { id: event.id }), hostJwt, {
    capacity: 1,
    maxGuests: 2,
    offerHours: 12,
    questions: [{ id: randomUUID(), kind: 'yesno', label: 'First time at the Back Room?', required: true }],
  });
  const first = (await api<{ settings: { questions: { id: string }[] } }>('GET', pathOf(goingApi.get, { id: event.id }), hostJwt)).settings.questions[0].id;
  await api('PUT', pathOf(goingApi.say, { id: event.id }), await apiLogin(early.email, early.password), { guests: 0, answers: { [first]: false } });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('going: the waitlist, a seat offered by email, the host\'s list and message', () => {
  it('a visitor joins the waitlist from the public page, is offered a seat when the host adds seats, confirms it from the email; the host lists and exports them', async () => {
    // The visitor, on a phone: the public page says the event is full.
    const phone: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}${publicEventPath(event.slug)}`);
    expect(await page.getByTestId('seats-left').innerText()).toBe('Full');
    await page.getByRole('link', { name: 'Sign in to join the waitlist' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await submitSignIn(page, visitor);
    await page.waitForURL((url) => url.pathname === `/event/${event.id}`, { timeout: 30_000 });

    // Brings a guest, answers the host's question (asked for it first) and joins the line.
    await page.getByTestId('going-panel').waitFor();
    expect(await page.getByTestId('going-line').innerText()).toBe('1 going · Full');
    await page.getByTestId('going-guests').click();
    await page.getByRole('option', { name: 'Me + 1' }).click();
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect.poll(() => page.getByTestId('going-questions').innerText(), POLL).toContain('needs an answer');
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect.poll(() => page.getByTestId('going-state').innerText(), POLL).toMatch(/^You are number 1 on the waitlist \(with 1 guest\)/);
    expect(await axe(page, '[data-testid="going-panel"]')).toEqual([]);

    // The host, on a desktop, adds two seats: the party of two fits, and is offered them.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const hostPage = await desk.newPage();
    await hostPage.goto(`${baseUrl()}/login`);
    await submitSignIn(hostPage, host);
    await hostPage.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
    await hostPage.goto(`${baseUrl()}/event/${event.id}`);
    const panel = hostPage.getByTestId('going-host-panel');
    await panel.waitFor();
    await expect.poll(() => panel.getByTestId('going-person').count(), POLL).toBe(2);
    expect(await panel.getByTestId('going-people').innerText()).toContain('Waitlist #1');
    await hostPage.getByTestId('going-capacity').fill('3');
    await hostPage.getByTestId('going-save-settings').click();
    await expect.poll(() => panel.getByTestId('going-people').innerText(), POLL).toContain('Seat offered');
    expect(await axe(hostPage, '[data-testid="going-host-panel"]')).toEqual([]);

    // The email's link opens the event, where the seat waits to be confirmed.
    const mail = await readMailText(visitor.email, 'seat-offered');
    expect(mail).toContain(`A seat is yours: ${event.name}`);
    const link = /https?:\/\/\S+\/event\/[0-9a-f-]{36}/.exec(mail)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByTestId('going-offer').waitFor();
    expect(await page.getByTestId('going-offer').innerText()).toMatch(/Confirm it by .+ CST/);
    await page.getByRole('button', { name: 'Confirm my seat' }).click();
    await expect.poll(() => page.getByTestId('going-state').innerText(), POLL).toBe('You are going, with 1 guest');
    expect(await page.getByTestId('going-line').innerText()).toBe('2 going · Full');

    // The host finds them, and the CSV has them as going with their guest.
    await hostPage.reload();
    await panel.waitFor();
    await hostPage.getByTestId('going-search').fill('Vera');
    await expect.poll(() => panel.getByTestId('going-person').count(), POLL).toBe(1);
    expect(await panel.getByTestId('going-person').innerText()).toMatch(/Vera Visitor[\s\S]*First time at the Back Room\?: Yes[\s\S]*Going[\s\S]*1/);
    const [download] = await Promise.all([hostPage.waitForEvent('download'), hostPage.getByTestId('going-export').click()]);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Name,Email,State,Guests,Place in line,Offer open until (UTC),Since (UTC),Checked in,First time at the Back Room?');
    expect(csv).toMatch(new RegExp(`${visitor.name},${visitor.email},Going,1,.*,Yes\r\n`));
    expect(csv).toMatch(new RegExp(`${early.name},${early.email},Going,0,.*,No\r\n`));

    // The host writes to everyone going; the visitor gets it by email.
    await hostPage.getByTestId('going-message').click();
    await hostPage.getByTestId('going-message-text').fill('Doors open at 7. Bring a friend!');
    await hostPage.getByRole('button', { name: 'Send to 2 people' }).click();
    await expect.poll(() => hostPage.getByText('Sent to 2 people by email and notification.').isVisible(), POLL).toBe(true);
    expect(await readMailText(visitor.email, 'going-message')).toContain('Doors open at 7. Bring a friend!');
    expect(errors).toEqual([]);
    await phone.close();
    await desk.close();
  }, 120_000);
});
