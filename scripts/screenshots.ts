/**
 * npm run screenshots — the README's pictures, taken from a running demo so they stay current:
 * the search map, an event page, the flyer designer and a live buzz, at desktop width.
 *
 * Starts its own server on a fresh data directory with the demo data (it builds the web app
 * first through the npm script), or photographs SCREENSHOTS_URL with the demo password in
 * DEMO_PASSWORD (for example a running `npm start`). Writes docs/screenshots/readme-*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { freePort, startServer } from '../apps/server/test/support/server-process.js';

const OUT = path.resolve(import.meta.dirname, '../docs/screenshots');

async function mapIdle(page: Page, testId: string) {
  await page.locator(`[data-testid="${testId}"][data-map-state="idle"]`).first().waitFor({ timeout: 60_000 });
  // Labels fade in over a few frames after idle in software rendering.
  await page.waitForTimeout(800);
}

async function shoot(page: Page, name: string) {
  const file = path.join(OUT, `readme-${name}.png`);
  await page.screenshot({ path: file });
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

async function main() {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let url = process.env.SCREENSHOTS_URL?.replace(/\/$/, '');
  let password = process.env.DEMO_PASSWORD;
  if (!url) {
    if (!fs.existsSync(path.resolve(import.meta.dirname, '../apps/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hubbub-screenshots-'));
    const port = await freePort();
    url = `http://localhost:${port}`;
    server = await startServer(port, dataDir, { SEED_DEMO: 'true', HOST: '127.0.0.1', PUBLIC_URL: url });
    password = /password: (\S+)/.exec(fs.readFileSync(path.join(dataDir, 'demo-credentials.txt'), 'utf8'))![1];
  }
  if (!password) throw new Error('Set DEMO_PASSWORD (see DATA_DIR/demo-credentials.txt) when photographing SCREENSHOTS_URL.');
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    console.log('Screenshots of the demo at', url);

    await page.goto(`${url}/search`);
    await mapIdle(page, 'event-map');
    await page.locator('[data-testid="event-card"]').first().waitFor({ timeout: 30_000 });
    await shoot(page, 'search');

    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill('demo@hubbub.local');
    await page.locator('input[type="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);

    await page.goto(`${url}/buzz`);
    const live = page.getByTestId('buzz-live-now');
    await live.locator('[data-testid="active-flyers"][data-joined="true"]').waitFor({ timeout: 30_000 });
    await live.locator('[data-testid="stage-flyer"]:not([data-leaving])').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(600);
    await shoot(page, 'buzz');

    await page.goto(`${url}/events`);
    await page.getByRole('link', { name: 'Rooftop Jazz & Tacos' }).first().click();
    await page.waitForURL(/\/event\/[0-9a-f-]+$/);
    await mapIdle(page, 'pin-map');
    await shoot(page, 'event');

    await page.goto(`${page.url()}/flyers`);
    await page.getByRole('button', { name: /^Edit / }).first().click();
    await page.getByTestId('flyer-designer').waitFor();
    await page.waitForTimeout(600);
    await shoot(page, 'flyer-designer');
    await context.close();
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
