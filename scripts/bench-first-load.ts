/**
 * npm run bench:first-load — what a first visit to /search transfers, measured in Chromium:
 * compressed bytes on the wire (headers included) by kind, JavaScript and data apart, from a
 * cold browser (no HTTP cache, no service worker) until the map is idle.
 *
 * Starts its own server on the built web app with the demo data (run `npm run build` first), or
 * measures FIRST_LOAD_URL when given (for example http://localhost:8080/search).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { exited, freePort, startServer } from '../apps/server/test/support/server-process.js';

type Kind = 'document' | 'javascript' | 'css' | 'fonts' | 'basemap data' | 'event tiles' | 'api json' | 'images' | 'other';

function kindOf(url: string, type: string, mime: string): Kind {
  if (type === 'document') return 'document';
  // The offline basemap's shapes ship as JavaScript chunks, but they are map data.
  if (/\/assets\/(countries|states|land|nation)-[^/]*\.js/.test(url)) return 'basemap data';
  if (type === 'script' || mime.includes('javascript')) return 'javascript';
  if (type === 'stylesheet' || mime.includes('css')) return 'css';
  if (type === 'font' || /\.woff2?($|\?)/.test(url)) return 'fonts';
  if (url.includes('/event/tiles/')) return 'event tiles';
  if (url.includes('/api/')) return 'api json';
  if (/\.(json|topojson)($|\?)/.test(url)) return 'basemap data';
  if (type === 'image' || mime.startsWith('image/')) return 'images';
  return 'other';
}

async function main() {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let dataDir: string | undefined;
  let url = process.env.FIRST_LOAD_URL;
  if (!url) {
    if (!fs.existsSync(path.resolve(import.meta.dirname, '../apps/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hubbub-first-load-'));
    const port = await freePort();
    server = await startServer(port, dataDir, { SEED_DEMO: 'true', HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${port}` });
    url = `http://localhost:${port}/search`;
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    // Playwright's request events include the map's web worker and its tile fetches, which a
    // page-level CDP session does not see.
    const totals = new Map<Kind, { bytes: number; requests: number }>();
    const files: { url: string; kind: Kind; bytes: number; encoding: string }[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const url = request.url();
      if (url.startsWith('data:') || url.startsWith('blob:')) return;
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const headers = (await response?.allHeaders()) ?? {};
          const kind = kindOf(url, request.resourceType(), headers['content-type'] ?? '');
          // A worker's own script reports no body size: its Content-Length (the compressed file) stands in.
          const bytes = Math.max(sizes.responseBodySize, Number(headers['content-length'] ?? 0)) + sizes.responseHeadersSize;
          const total = totals.get(kind) ?? { bytes: 0, requests: 0 };
          total.bytes += bytes;
          total.requests += 1;
          totals.set(kind, total);
          files.push({ url: url.replace(/^https?:\/\/[^/]+/, ''), kind, bytes, encoding: headers['content-encoding'] ?? '' });
        })(),
      );
    });
    const started = Date.now();
    await page.goto(url);
    await page.locator('[data-testid="event-map"][data-map-state="idle"]').waitFor({ timeout: 120_000 });
    const idleMs = Date.now() - started;
    await page.waitForTimeout(1500);
    await Promise.all(pending);
    const kb = (n: number) => +(n / 1024).toFixed(1);
    const all = [...totals.values()].reduce((n, t) => n + t.bytes, 0);
    const byKind = Object.fromEntries([...totals.entries()].sort((a, b) => b[1].bytes - a[1].bytes).map(([k, t]) => [k, { kB: kb(t.bytes), requests: t.requests }]));
    const javascript = totals.get('javascript')?.bytes ?? 0;
    process.stdout.write(`${JSON.stringify({ url: new URL(url).pathname, transferredKB: kb(all), javascriptKB: kb(javascript), dataKB: kb(all - javascript), toMapIdleMs: idleMs, byKind })}\n`);
    if (process.env.FIRST_LOAD_FILES) {
      for (const f of files.sort((a, b) => b.bytes - a.bytes)) process.stdout.write(`${JSON.stringify({ ...f, kB: kb(f.bytes) })}\n`);
    }
  } finally {
    await browser.close();
    if (server) {
      server.kill('SIGTERM');
      await exited(server);
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
