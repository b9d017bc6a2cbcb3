import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { projectDocumentApi, pathOf, type HubEvent, type ProjectDocument, eventsApi } from '@hubbub/contract';
import { api, apiLogin, baseUrl, collectPageErrors, createVerifiedUser, launchBrowser, signIn } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const saveStatus = (page: Page) => page.getByTestId('save-status').getAttribute('data-status');
const editorText = (page: Page) => page.locator('[data-testid="document-editor"] .ProseMirror').innerText();

describe('project documents', () => {
  it('an organiser writes a document that autosaves, finds it by a word, publishes it on the event page, settles a two-tab conflict and restores a version', async () => {
    const suffix = randomUUID().slice(0, 8);
    const host = { name: `Dora Docs ${suffix}`, email: `dora-${suffix}@example.test`, password: 'dora password 1' };
    const visitor = { name: `Vic Visitor ${suffix}`, email: `vic-${suffix}@example.test`, password: 'vic password 1' };
    await createVerifiedUser(host.name, host.email, host.password);
    await createVerifiedUser(visitor.name, visitor.email, visitor.password);
    const jwt = await apiLogin(host.email, host.password);
    const start = Date.now() + 3 * 86_400_000;
    const event = await api<HubEvent>('POST', eventsApi.create.path, jwt, {
      name: `Harbour Lantern Walk ${suffix}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 7_200_000).toISOString(),
      timeZone: 'America/Chicago',
      area: { name: 'Omaha', type: 4, latitude: 41.26, longitude: -95.94, city: 'Omaha', state: 'NE' },
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, host.email, host.password);
    const errors = collectPageErrors(page);

    // Create, type, see it save.
    await page.goto(`${baseUrl()}/documents`);
    await page.getByRole('button', { name: 'New document' }).click();
    await page.waitForURL(/\/documents\/[0-9a-f-]{36}$/);
    const docId = /\/documents\/([0-9a-f-]{36})$/.exec(page.url())![1];
    await page.getByLabel('Title').fill(`Volunteer FAQ ${suffix}`);
    await page.locator('[data-testid="document-editor"] .ProseMirror').click();
    await page.keyboard.type('## Before the walk\nMeet at the boathouse at six. Wear reflective vests.\n');
    // A text that looks like markup stays text on every page.
    await page.keyboard.type('<img src=x onerror="document.title=\'pwned\'"><script>document.title="pwned"</script>');
    await expect.poll(() => saveStatus(page), { timeout: 15_000 }).toBe('saved');

    // Linked to the event and public.
    await page.getByRole('textbox', { name: 'Event' }).click();
    await page.getByRole('option', { name: event.name }).click();
    await page.getByText('Public on the event page').click();
    await expect.poll(() => saveStatus(page), { timeout: 15_000 }).toBe('saved');
    await page.screenshot({ path: 'test-results/document-editor.png', fullPage: true });

    // A reload finds it as it was.
    await page.reload();
    await expect.poll(() => editorText(page), { timeout: 15_000 }).toContain('Meet at the boathouse at six.');
    expect(await page.getByLabel('Title').inputValue()).toBe(`Volunteer FAQ ${suffix}`);
    const stored = await api<ProjectDocument>('GET', pathOf(projectDocumentApi.get, { id: docId }), jwt);
    expect(stored).toMatchObject({ eventId: event.id, visibility: 'public' });

    // Search for a word of its body: the hit shows the word marked.
    await page.goto(`${baseUrl()}/documents`);
    await page.getByRole('searchbox', { name: 'Search documents' }).fill('reflective');
    const hit = page.locator(`[data-testid="document-hit"][data-document-id="${docId}"]`);
    await expect.poll(async () => (await hit.locator('mark').allInnerTexts()).map((t) => t.toLowerCase()), { timeout: 15_000 }).toContain('reflective');
    await page.getByRole('searchbox', { name: 'Search documents' }).fill('nowhere-to-be-found');
    await expect.poll(() => page.getByText('No document matches').isVisible(), { timeout: 15_000 }).toBe(true);

    // Another person reads it on the event page, rendered from its JSON; the markup-like text is text.
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitorPage = await signIn(visitorContext, visitor.email, visitor.password);
    const visitorErrors = collectPageErrors(visitorPage);
    await visitorPage.goto(`${baseUrl()}/event/${event.id}`);
    const section = visitorPage.getByTestId('event-document');
    // The reader loads with the first document an event has.
    await expect.poll(() => section.innerText(), { timeout: 15_000 }).toContain('Meet at the boathouse at six.');
    expect(await section.innerText()).toContain('<script>document.title="pwned"</script>');
    expect(await section.locator('script, img[src="x"]').count()).toBe(0);
    expect(await visitorPage.title()).not.toBe('pwned');
    await visitorPage.screenshot({ path: 'test-results/document-on-event-page.png', fullPage: true });
    expect(visitorErrors).toEqual([]);
    await visitorContext.close();

    // Two tabs: the second one's save meets the first one's newer version and asks.
    const tabA = page;
    await tabA.goto(`${baseUrl()}/documents/${docId}`);
    const tabB = await context.newPage();
    await tabB.goto(`${baseUrl()}/documents/${docId}`);
    await expect.poll(() => editorText(tabB), { timeout: 15_000 }).toContain('boathouse');
    await tabA.locator('[data-testid="document-editor"] .ProseMirror').click();
    await tabA.keyboard.press('Control+End');
    await tabA.keyboard.type('\nFrom tab A.');
    await expect.poll(() => saveStatus(tabA), { timeout: 15_000 }).toBe('saved');
    await tabB.locator('[data-testid="document-editor"] .ProseMirror').click();
    await tabB.keyboard.press('Control+End');
    await tabB.keyboard.type('\nFrom tab B.');
    await tabB.getByTestId('conflict-dialog').waitFor({ timeout: 15_000 });
    expect(await saveStatus(tabB)).toBe('conflict');
    await tabB.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => saveStatus(tabB), { timeout: 15_000 }).toBe('saved');
    const afterConflict = await api<ProjectDocument>('GET', pathOf(projectDocumentApi.get, { id: docId }), jwt);
    expect(afterConflict.contentJson).toContain('From tab B.');
    expect(afterConflict.contentJson).not.toContain('From tab A.');
    await tabB.close();

    // Tab A's version was kept: restore it from the history.
    await tabA.reload();
    await tabA.getByRole('button', { name: 'History' }).click();
    const items = tabA.getByTestId('revision-item');
    await items.first().waitFor({ timeout: 15_000 });
    await items.filter({ hasText: `Version ${afterConflict.version - 1}` }).click();
    await tabA.getByRole('button', { name: 'Restore this version' }).click();
    await expect.poll(() => editorText(tabA), { timeout: 15_000 }).toContain('From tab A.');
    expect(await editorText(tabA)).not.toContain('From tab B.');
    const restored = await api<ProjectDocument>('GET', pathOf(projectDocumentApi.get, { id: docId }), jwt);
    expect(restored.version).toBe(afterConflict.version + 1);
    expect(restored.contentJson).toContain('From tab A.');

    // Markdown for everyone.
    await tabA.getByTestId('document-menu').click();
    const [download] = await Promise.all([tabA.waitForEvent('download'), tabA.getByRole('menuitem', { name: 'Markdown (.md)' }).click()]);
    expect(download.suggestedFilename()).toBe(`Volunteer FAQ ${suffix}.md`);

    // Deleted behind a confirm, and gone from the event page.
    await tabA.getByTestId('document-menu').click();
    await tabA.getByRole('menuitem', { name: 'Delete…' }).click();
    await tabA.getByRole('button', { name: 'Delete' }).click();
    await tabA.waitForURL(/\/documents$/);
    expect((await api<ProjectDocument[]>('GET', pathOf(projectDocumentApi.ofEvent, { eventId: event.id }), jwt)).length).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
