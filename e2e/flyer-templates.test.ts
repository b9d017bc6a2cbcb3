import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { FLYER_TEMPLATES, eventsApi, fillFlyerTemplate, flyersApi, launchesApi, moderationApi, pathOf, type HubEvent } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, ensureAdmin, launchBrowser, signIn } from './support/browser.js';

// Issue 26, acceptance 4: every flyer template renders in the designer and on the buzz stage,
// filled in with the event's name, and reads at contrast (axe-core). One page, one host, one
// event: the templates are looped over, with a screenshot of each in a temp folder.

const SHOTS = fs.mkdtempSync(path.join(os.tmpdir(), 'hubbub-flyer-templates-'));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** axe-core's contrast findings inside `selector` (serious and critical, as the route walk counts them). */
async function contrastFindings(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).withRules(['color-contrast']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('flyer templates', () => {
  it('each renders in the designer and on the buzz stage, with the event filled in, at readable contrast', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { email: `tess-${suffix}@example.test`, password: 'tess password 1' };
    const { id } = await createVerifiedUser(`Tess Templates ${suffix}`, host.email, host.password);
    // With billing on a new account is Free (one flyer per event): the admin puts the host on Pro.
    await api('POST', pathOf(moderationApi.personPlan, { id }), await ensureAdmin(), { plan: 'Pro', addOns: [], reason: 'Template check' });
    const jwt = await apiLogin(host.email, host.password);
    const start = Date.now() + 2 * 3_600_000;
    const eventName = `Harbour Jam ${suffix}`;
    const event = await api<HubEvent>('POST', eventsApi.create.path, jwt, {
      name: eventName,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 3_600_000).toISOString(),
      timeZone: 'America/Chicago',
      area: { name: 'Omaha, NE', type: 4, latitude: 41.25, longitude: -95.94, zoom: 12 },
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, host.email, host.password);
    const errors = collectPageErrors(page);

    // The designer: each template, chosen from the gallery, fills the preview with the event.
    await page.goto(`${baseUrl()}/event/${event.id}/flyers?edit=new`);
    await page.getByTestId('template-gallery').waitFor();
    expect(await page.getByTestId('flyer-template').count()).toBe(FLYER_TEMPLATES.length);
    const preview = page.locator('[data-testid="flyer-preview"] [data-testid="flyer-card"]');
    for (const template of FLYER_TEMPLATES) {
      await page.locator(`[data-testid="flyer-template"][data-template-id="${template.id}"]`).click();
      await expect.poll(() => preview.getAttribute('aria-label')).toContain(`Flyer “${template.name}”`);
      expect(await preview.getAttribute('aria-label')).toContain(eventName);
      expect(await preview.getAttribute('data-invalid')).toBeNull();
      expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(template.name);
      await preview.screenshot({ path: path.join(SHOTS, `designer-${template.id}.png`) });
      expect(await contrastFindings(page, '[data-testid="flyer-preview"]'), template.id).toEqual([]);
    }

    // A template is a starting point: the host edits it and saves it as their flyer.
    await page.locator('[data-testid="flyer-template"][data-template-id="last-call"]').click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Closing time');
    await page.getByTestId('save-flyer').click();
    await expect.poll(() => page.getByText(/is saved\./).first().isVisible(), { timeout: 15_000 }).toBe(true);
    const saved = await api<{ name: string; contentJson: string }[]>('GET', pathOf(flyersApi.ofEvent, { eventId: event.id }), jwt);
    expect(saved.map((f) => f.name)).toEqual(['Closing time']);
    expect(saved[0].contentJson).toContain(eventName);

    // The buzz stage: every template as the host's flyer, all launched at once.
    const flyerIds: string[] = [];
    for (const template of FLYER_TEMPLATES) {
      const contentJson = JSON.stringify(fillFlyerTemplate(template, event));
      flyerIds.push((await api<{ id: string }>('POST', flyersApi.create.path, jwt, { eventId: event.id, name: template.name, contentJson })).id);
    }
    await api('POST', launchesApi.create.path, jwt, { eventId: event.id, flyerIds, startDate: new Date().toISOString(), endDate: new Date(Date.now() + 3_600_000).toISOString() });
    await page.goto(`${baseUrl()}/buzz/${event.id}`);
    const stage = page.locator('[data-testid="stage-flyer"]:not([data-leaving]) [data-testid="flyer-card"]');
    await expect.poll(() => stage.count(), { timeout: 15_000 }).toBe(FLYER_TEMPLATES.length);
    for (const [i, template] of FLYER_TEMPLATES.entries()) {
      const card = page.locator(`[data-testid="active-flyers"] [data-testid="flyer-card"][data-flyer-id="${flyerIds[i]}"]`);
      expect(await card.getAttribute('aria-label')).toContain(eventName);
      expect(await card.getAttribute('data-invalid')).toBeNull();
      await card.screenshot({ path: path.join(SHOTS, `stage-${template.id}.png`) });
    }
    expect(await contrastFindings(page, '[data-testid="active-flyers"]')).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'desktop-buzz-console.png') });

    // On a phone the designer puts its controls first, the preview riding along in a strip at the bottom.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const small = await signIn(phone, host.email, host.password);
    await small.goto(`${baseUrl()}/event/${event.id}/flyers?edit=new`);
    await small.getByTestId('template-gallery').waitFor();
    await small.locator('[data-testid="flyer-template"][data-template-id="happy-hour"]').click();
    const inView = async (selector: string) => {
      const box = await small.locator(selector).first().boundingBox();
      return Boolean(box && box.y >= 0 && box.y + box.height <= 844);
    };
    expect(await inView('[data-testid="template-gallery"] h3')).toBe(true);
    expect(await inView('[data-testid="flyer-preview"]')).toBe(true);
    await small.screenshot({ path: path.join(SHOTS, 'phone-designer.png') });
    await small.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => inView('[data-testid="flyer-preview"]')).toBe(true);
    await small.screenshot({ path: path.join(SHOTS, 'phone-designer-scrolled.png') });
    await phone.close();

    console.log(`flyer template screenshots: ${SHOTS}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
