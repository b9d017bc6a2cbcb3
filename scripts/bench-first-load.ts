/**
 * npm run bench:first-load — what a first visit transfers and how soon it shows something, in
 * Chromium from a cold browser (no HTTP cache, no service worker), at 1280×800:
 *
 * - /search: compressed bytes on the wire (headers included) by kind, the time to the first event
 *   card and to the map's idle, and what each 100 KB of the total is;
 * - a public event page (/e/{slug} of the demo's "Rooftop Jazz & Tacos"): bytes and the time to its
 *   h1 (its map is an SVG drawn by the server, so it has no map idle to wait for);
 * - /login: bytes and the time to the Sign in button (the route split: no map library there);
 * - /login once more with the service worker allowed, until it has installed: what a first visit
 *   to a page without a map costs with the worker's precache on top.
 *
 * The map's street style comes from the local style peer (e2e/support/style-peer.ts), so the
 * figures do not depend on a hosted service; without that file the built-in basemap stands in
 * (MAP_STYLE_URL=offline), and the first line says which. Starts its own server on the built web
 * app with the demo data (run `npm run build` first), on BENCH_PORT or a free port; or measures
 * the server at FIRST_LOAD_BASE (for example http://localhost:8080) as it is, with its own map
 * style. FIRST_LOAD_FILES=1 lists every file. The last line compares with the targets (issue 25).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Request } from 'playwright-core';
import { exited } from '../apps/server/test/support/server-process.js';
import { demoEventPath, startDemoServer } from './bench-support.js';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const TARGETS = { searchKB: 600, firstCardMs: 1500, loginKB: 250 };
const kb = (n: number) => +(n / 1024).toFixed(1);

type Kind = 'document' | 'javascript' | 'css' | 'fonts' | 'basemap data' | 'event tiles' | 'api json' | 'images' | 'other';

function kindOf(url: string, type: string, mime: string, styleOrigin: string | null): Kind {
  if (type === 'document') return 'document';
  // The style peer's style, tiles, glyphs and sprites, and the offline basemap's shapes (shipped as JavaScript chunks).
  if (styleOrigin && url.startsWith(styleOrigin)) return 'basemap data';
  if (/\/assets\/(countries|states|land|nation)-[^/]*\.js/.test(url)) return 'basemap data';
  if (type === 'script' || mime.includes('javascript')) return 'javascript';
  if (type === 'stylesheet' || mime.includes('css')) return 'css';
  if (type === 'font' || /\.woff2?($|\?)/.test(url)) return 'fonts';
  if (url.includes('/event/tiles/')) return 'event tiles';
  if (url.includes('/api/')) return 'api json';
  if (/\.(json|topojson|pbf|mvt)($|\?)/.test(url)) return 'basemap data';
  if (type === 'image' || mime.startsWith('image/')) return 'images';
  return 'other';
}

/** What a file is, in words, for the 100 KB breakdown. */
/** The map stack's packages: MapLibre (built from source into chunks its page and worker share) and what it bundles. */
const MAP_PACKAGES = /^node_modules\/(maplibre-gl|@maplibre|@mapbox|@vis\.gl|react-map-gl|kdbush|earcut|gl-matrix|bidi-js|potpack|tinyqueue|murmurhash-js)\//;

/** Output files that are mostly the map stack, from the build's chunk graph (apps/web/dist/.vite/chunk-graph.json). */
const mapChunks = (() => {
  const file = path.join(root, 'apps/web/dist/.vite/chunk-graph.json');
  if (!fs.existsSync(file)) return new Set<string>();
  const graph = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { modules: Record<string, number> }>;
  const names = Object.entries(graph).filter(([, chunk]) => {
    const sizes = Object.entries(chunk.modules);
    const map = sizes.filter(([id]) => MAP_PACKAGES.test(id)).reduce((n, [, size]) => n + size, 0);
    return map * 2 > sizes.reduce((n, [, size]) => n + size, 0);
  });
  return new Set(names.map(([name]) => name.split('/').pop()));
})();

function whatIs(url: string, kind: Kind): string {
  const file = url.split('?')[0].split('/').pop() ?? url;
  if (/^maplibre-(gl-)?worker/.test(file)) return 'MapLibre worker';
  if (mapChunks.has(file) || /^maplibre-.*\.js$/.test(file)) return 'MapLibre library';
  if (/^(maplibre|expose-map)-.*\.css$/.test(file)) return 'MapLibre CSS';
  if (/^(react|mantine|zod)-/.test(file)) return `${file.split('-')[0]} (framework chunk)`;
  if (kind === 'basemap data') return 'basemap (style, tiles, glyphs, shapes)';
  if (kind === 'images') return url.includes('/thumbnails/') ? 'event thumbnails' : 'icons';
  if (kind === 'javascript') return 'app code (routes, features, small libraries)';
  return kind;
}

interface Load {
  files: { url: string; kind: Kind; bytes: number; encoding: string; worker: boolean }[];
  marks: Record<string, number | null>;
}

/** Counts every finished request of the context (pages, the map's worker, the service worker). */
function recordRequests(context: BrowserContext, styleOrigin: string | null) {
  const files: Load['files'] = [];
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (request: Request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        // Served from the HTTP cache (a module the page loaded, imported again by the map's worker):
        // Chromium reports nothing received, which Playwright gives as a body of minus the headers.
        if (sizes.responseBodySize < 0) return;
        const headers = (await response?.allHeaders()) ?? {};
        const kind = kindOf(url, request.resourceType(), headers['content-type'] ?? '', styleOrigin);
        // A worker's own script reports no body size: its Content-Length (the compressed file) stands in.
        const bytes = Math.max(sizes.responseBodySize, Number(headers['content-length'] ?? 0)) + sizes.responseHeadersSize;
        files.push({ url: url.replace(/^https?:\/\/[^/]+/, ''), kind, bytes, encoding: headers['content-encoding'] ?? '', worker: Boolean(request.serviceWorker()) });
      })(),
    );
  });
  return { files, settled: () => Promise.all(pending) };
}

/** Marks, in ms from navigation start, when each selector first shows (checked before every frame). */
const markScript = (marks: Record<string, string>) => `(() => {
  const marks = ${JSON.stringify(marks)};
  window.__marks = {};
  const check = () => {
    for (const [name, selector] of Object.entries(marks)) {
      if (window.__marks[name] !== undefined) continue;
      const el = document.querySelector(selector);
      if (el && el.getBoundingClientRect().height > 0) window.__marks[name] = performance.now();
    }
    if (Object.keys(window.__marks).length < Object.keys(marks).length) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function firstLoad(
  browser: Browser,
  url: string,
  styleOrigin: string | null,
  opts: { marks: Record<string, string>; waitFor: string; serviceWorker?: boolean; viewport?: { width: number; height: number } },
): Promise<Load> {
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 800 }, serviceWorkers: opts.serviceWorker ? 'allow' : 'block' });
  await context.addInitScript({ content: markScript(opts.marks) });
  const recorder = recordRequests(context, styleOrigin);
  const page = await context.newPage();
  await page.goto(url);
  await page.locator(opts.waitFor).first().waitFor({ timeout: 120_000 });
  if (opts.serviceWorker) {
    // Until the worker has installed (its precache downloaded) and taken over.
    await page.waitForFunction('navigator.serviceWorker.ready.then(() => true)', undefined, { timeout: 120_000 });
  }
  // What the page asks for right after (the map's deferred chunks, lazy thumbnails) is counted too.
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  await page.waitForTimeout(1000);
  const marks = (await page.evaluate('window.__marks')) as Record<string, number>;
  await recorder.settled();
  await context.close();
  return { files: recorder.files, marks: Object.fromEntries(Object.keys(opts.marks).map((k) => [k, marks[k] === undefined ? null : Math.round(marks[k])])) };
}

function summarize(label: string, url: string, load: Load) {
  const byKind = new Map<Kind, { bytes: number; requests: number }>();
  for (const f of load.files) {
    const t = byKind.get(f.kind) ?? { bytes: 0, requests: 0 };
    t.bytes += f.bytes;
    t.requests += 1;
    byKind.set(f.kind, t);
  }
  const all = load.files.reduce((n, f) => n + f.bytes, 0);
  const javascript = byKind.get('javascript')?.bytes ?? 0;
  return {
    case: label,
    url: new URL(url).pathname,
    transferredKB: kb(all),
    requests: load.files.length,
    javascriptKB: kb(javascript),
    ...(load.files.some((f) => f.worker) ? { serviceWorkerKB: kb(load.files.filter((f) => f.worker).reduce((n, f) => n + f.bytes, 0)) } : {}),
    ...Object.fromEntries(Object.entries(load.marks).map(([k, v]) => [`${k}Ms`, v])),
    byKind: Object.fromEntries([...byKind.entries()].sort((a, b) => b[1].bytes - a[1].bytes).map(([k, t]) => [k, { kB: kb(t.bytes), requests: t.requests }])),
  };
}

/** Each 100 KB of the total, in the order of size, said in words ("0-100 KB: MapLibre library 242 KB (part)"). */
function hundreds(load: Load): string[] {
  const groups = new Map<string, number>();
  for (const f of load.files) groups.set(whatIs(f.url, f.kind), (groups.get(whatIs(f.url, f.kind)) ?? 0) + f.bytes);
  const sorted = [...groups.entries()].sort((a, b) => b[1] - a[1]);
  const lines: string[] = [];
  let start = 0;
  let slice: string[] = [];
  const step = 100 * 1024;
  for (const [what, bytes] of sorted) {
    let left = bytes;
    while (left > 0) {
      const room = step - (start % step);
      const part = Math.min(room, left);
      slice.push(`${what} ${kb(part)} KB${part < bytes ? ` (of ${kb(bytes)})` : ''}`);
      start += part;
      left -= part;
      if (start % step === 0) {
        lines.push(`${start / 1024 - 100}-${start / 1024} KB: ${slice.join(', ')}`);
        slice = [];
      }
    }
  }
  if (slice.length) lines.push(`${Math.floor(start / step) * 100}-${kb(start)} KB: ${slice.join(', ')}`);
  return lines;
}

/** The local style peer (vector tiles on this machine) when the file is there; else the built-in basemap. */
async function stylePeer(): Promise<{ env: string; origin: string | null; close: () => Promise<void>; requests: () => number | null }> {
  const file = path.join(root, 'e2e/support/style-peer.ts');
  if (!fs.existsSync(file)) return { env: 'offline', origin: null, close: async () => undefined, requests: () => null };
  const { startStylePeer } = (await import(pathToFileURL(file).href)) as {
    startStylePeer: () => Promise<{ styleUrl: string; origin: string; requests: () => number; close: () => Promise<void> }>;
  };
  const peer = await startStylePeer();
  return { env: peer.styleUrl, origin: peer.origin, close: peer.close, requests: peer.requests };
}


const print = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

async function main() {
  const given = process.env.FIRST_LOAD_BASE?.replace(/\/$/, '');
  const peer = given ? { env: '', origin: null, close: async () => undefined, requests: () => null } : await stylePeer();
  let server: Awaited<ReturnType<typeof startDemoServer>> | undefined;
  try {
    if (!given) server = await startDemoServer({ mapStyleUrl: peer.env, label: 'first-load' });
    const base = given ?? server!.base;
    const mapStyle = given ? 'the server’s own' : peer.origin ? `local style peer ${peer.env}` : 'MAP_STYLE_URL=offline (e2e/support/style-peer.ts is missing): the built-in basemap';
    print({ case: 'setup', mapStyle, server: base });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      // A fresh browser's first page pays for its renderer and font caches, and a fresh server for
      // its first queries: both warmed up first, in a context of its own, so no cache is shared.
      const warm = await browser.newContext({ serviceWorkers: 'block' });
      const warmPage = await warm.newPage();
      await warmPage.goto(`${base}/search`);
      await warmPage.locator('[data-testid="event-card"]').first().waitFor({ timeout: 120_000 });
      await warm.close();

      const searchUrl = `${base}/search`;
      const search = await firstLoad(browser, searchUrl, peer.origin, {
        marks: { firstEventCard: '[data-testid="event-card"]', mapIdle: '[data-testid="event-map"][data-map-state="idle"]' },
        waitFor: '[data-testid="event-map"][data-map-state="idle"]',
      });
      const searchLine = summarize('/search, cold first visit', searchUrl, search);
      print({ ...searchLine, stylePeerRequests: peer.requests() });
      for (const line of hundreds(search)) print({ case: '/search: what each 100 KB is', slice: line });

      const eventUrl = `${base}${await demoEventPath(base)}`;
      const event = await firstLoad(browser, eventUrl, peer.origin, { marks: { heading: 'h1' }, waitFor: 'h1' });
      const eventLine = summarize('public event page, cold first visit', eventUrl, event);
      print(eventLine);

      const loginUrl = `${base}/login`;
      const login = await firstLoad(browser, loginUrl, peer.origin, { marks: { signInButton: 'button[type="submit"]' }, waitFor: 'button[type="submit"]' });
      const loginLine = summarize('/login, cold first visit', loginUrl, login);
      print(loginLine);
      const mapFiles = (load: Load) => load.files.filter((f) => /maplibre|signalr|esm-/.test(f.url)).map((f) => f.url);
      if (mapFiles(login).length) print({ case: '/login loads code it does not use', files: mapFiles(login) });

      const loginSw = await firstLoad(browser, loginUrl, peer.origin, { marks: { signInButton: 'button[type="submit"]' }, waitFor: 'button[type="submit"]', serviceWorker: true });
      print(summarize('/login, cold first visit with the service worker installing', loginUrl, loginSw));

      if (process.env.FIRST_LOAD_FILES) {
        for (const [label, load] of [['/search', search], ['event page', event], ['/login', login], ['/login + service worker', loginSw]] as const) {
          for (const f of [...load.files].sort((a, b) => b.bytes - a.bytes)) print({ page: label, ...f, kB: kb(f.bytes) });
        }
      }
      const met = {
        searchKB: searchLine.transferredKB <= TARGETS.searchKB,
        firstCardMs: (search.marks.firstEventCard ?? Infinity) <= TARGETS.firstCardMs,
        loginKB: loginLine.transferredKB <= TARGETS.loginKB,
      };
      print({ case: 'targets', targets: TARGETS, met, allMet: Object.values(met).every(Boolean) });
    } finally {
      await browser.close();
    }
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await exited(server.child);
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await peer.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
