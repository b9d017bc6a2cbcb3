import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eventsApi, publicEventPath, type HubEvent } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, readMailText, signIn, submitSignIn } from './support/browser.js';
import { axe } from './support/axe.js';

// Issue 28, invite-only events: the host makes an event invite-only and invites by link and by
// email; a stranger finds nothing; a guest opens the link on a phone, signs in on the way, lands on
// the event and says Going; someone invited by email gets their own link.

let browser: Browser;
const suffix = randomUUID().slice(0, 8);
const host = { name: `Ivo Host ${suffix}`, email: `ivo-${suffix}@example.test`, password: 'ivo password 1' };
const guest = { name: `Gus Guest ${suffix}`, email: `gus-${suffix}@example.test`, password: 'gus password 1' };
const stranger = { name: `Sid Stranger ${suffix}`, email: `sid-${suffix}@example.test`, password: 'sid password 1' };
const byEmail = `pia-${suffix}@example.test`;
let event: HubEvent;
const POLL = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  for (const person of [host, guest, stranger]) await createVerifiedUser(person.name, person.email, person.password);
  const start = Date.now() + 4 * 86_400_000;
  event = await api<HubEvent>('POST', eventsApi.create.path, await apiLogin(host.email, host.password), {
    name: `Rooftop Supper ${suffix}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3 * 3_600_000).toISOString(),
    timeZone: 'America/New_York',
    venue: 'Our Roof',
    area: { name: 'Brooklyn, NY', type: 4, latitude: 40.68, longitude: -73.94, zoom: 12, city: 'Brooklyn', state: 'NY' },
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const signedIn = async (who: { email: string; password: string }, viewport: { width: number; height: number }) =>
  signIn(await browser.newContext({ viewport }), who.email, who.password);

describe('going: an invite-only event', () => {
  it('the host makes it invite-only and invites; a stranger finds nothing; a guest opens the link, signs in on the way and says Going', async () => {
    // The host, on a desktop: invite-only, then an invitation by email.
    const hostPage = await signedIn(host, { width: 1280, height: 800 });
    const hostErrors = collectPageErrors(hostPage);
    await hostPage.goto(`${baseUrl()}/event/${event.id}`);
    const panel = hostPage.getByTestId('visibility-panel');
    await panel.waitFor();
    expect(await panel.getByTestId('visibility-says').innerText()).toContain('Anyone can find it');
    await panel.getByText('Invite only', { exact: true }).click();
    await panel.getByTestId('invitation-link').waitFor();
    const link = await panel.getByTestId('invitation-link').inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl()}/event/${event.id}/invitation/[A-Za-z0-9_-]{24}$`));
    await expect.poll(() => hostPage.getByTestId('event-visibility').innerText(), POLL).toBe('Invite only');
    await panel.getByTestId('invite-emails').fill(`${byEmail}, not-an-address`);
    await panel.getByTestId('invite-send').click();
    await expect.poll(() => panel.getByText('“not-an-address”: Enter a valid email address.').isVisible(), POLL).toBe(true);
    await panel.getByTestId('invite-emails').fill(byEmail);
    await panel.getByTestId('invite-send').click();
    await expect.poll(() => panel.getByTestId('invited-list').innerText(), POLL).toContain(byEmail);
    expect(await axe(hostPage, '[data-testid="visibility-panel"]')).toEqual([]);
    const mail = await readMailText(byEmail, 'invitation');
    expect(mail).toContain(`${host.name} invited you to ${event.name}`);
    expect(mail).toMatch(new RegExp(`/event/${event.id}/invitation/[A-Za-z0-9_-]{24}`));

    // A stranger, signed in, and a visitor: nothing there.
    const strangerPage = await signedIn(stranger, { width: 1280, height: 800 });
    await strangerPage.goto(`${baseUrl()}/event/${event.id}`);
    await expect.poll(() => strangerPage.getByText('Event not found').isVisible(), POLL).toBe(true);
    const visitorPage = await (await browser.newContext()).newPage();
    expect((await visitorPage.goto(`${baseUrl()}${publicEventPath(event.slug)}`))!.status()).toBe(404);

    // The guest, on a phone, opens the link signed out: signs in on the way and lands on the event.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    const errors = collectPageErrors(page);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await submitSignIn(page, guest);
    await page.waitForURL((url) => url.pathname === `/event/${event.id}`, { timeout: 30_000 });
    await page.getByTestId('going-panel').waitFor();
    expect(await page.getByTestId('event-visibility').innerText()).toBe('Invite only');
    await page.getByRole('button', { name: 'Going', exact: true }).click();
    await expect.poll(() => page.getByTestId('going-state').innerText(), POLL).toMatch(/^You are going/);

    // The host sees them come by the link, and makes a new link: the old one lets nobody else in.
    await hostPage.reload();
    await expect.poll(() => panel.getByTestId('invited-list').innerText(), POLL).toContain(guest.name);
    await panel.getByRole('button', { name: 'Make a new invitation link' }).click();
    await hostPage.getByRole('button', { name: 'Make a new link' }).click();
    await expect.poll(() => panel.getByTestId('invitation-link').inputValue(), POLL).not.toBe(link);
    await strangerPage.goto(link);
    await strangerPage.getByTestId('invitation-invalid').waitFor();
    expect(await strangerPage.getByTestId('invitation-invalid').innerText()).toContain('This invitation link does not work');
    await strangerPage.goto(`${baseUrl()}/event/${event.id}`);
    await expect.poll(() => strangerPage.getByText('Event not found').isVisible(), POLL).toBe(true);
    expect(errors).toEqual([]);
    expect(hostErrors).toEqual([]);
  }, 150_000);
});
