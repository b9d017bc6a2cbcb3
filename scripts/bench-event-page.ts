/**
 * npm run bench:event-page — the public event page (/e/{slug}) as a phone first loads it:
 *
 * 1. Chromium with a phone's screen (390×844, 3× pixels, touch), a cold cache and no service
 *    worker, once on the bare connection and once throttled like Lighthouse's mobile preset
 *    (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, the CPU 4× slower): bytes transferred
 *    (compressed, headers included) by kind, time to first paint and first contentful paint, time
 *    to readable (the name, the h1, drawn), the largest contentful paint and the load event.
 * 2. Lighthouse (`lighthouse` from npm, its default mobile preset, on Debian's Chromium): the
 *    performance, accessibility, best-practices and SEO scores, the metrics, and every audit that
 *    costs points outside performance.
 *
 * Each prints one JSON line; a last line compares with the targets (at most 150 KB, performance
 * 90 or more, the other three 100). Starts its own server with the demo data (run `npm run build`
 * first: the page links the app's favicon) and measures the demo's "Rooftop Jazz & Tacos", or
 * EVENT_PAGE_URL when given. LIGHTHOUSE_VERSION picks the npm release (12.2.3, the last for Node 20).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { exited } from '../apps/server/test/support/server-process.js';
import { demoEventPath, startDemoServer } from './bench-support.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const LIGHTHOUSE = `lighthouse@${process.env.LIGHTHOUSE_VERSION ?? '12.2.3'}`;
const TARGETS = { transferredKB: 150, performance: 90, accessibility: 100, bestPractices: 100, seo: 100 };
const kb = (n: number) => +(n / 1024).toFixed(1);
const ms = (n: number | null | undefined) => (n == null ? null : Math.round(n));


type Profile = { name: string; throttle?: { latency: number; down: number; up: number; cpu: number } };
const PROFILES: Profile[] = [
  { name: 'phone, bare connection' },
  { name: 'phone, throttled as Lighthouse mobile', throttle: { latency: 150, down: (1.6 * 1024 * 1024) / 8, up: (750 * 1024) / 8, cpu: 4 } },
];

/** One cold first load on a phone: what crossed the wire and when the page became readable. */
async function firstLoad(browser: Browser, url: string, profile: Profile) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  // When the name is drawn: checked before every frame from the first, as the document streams in.
  // Given as text: a function would be compiled with helpers the page does not have.
  await context.addInitScript({
    content: `(() => {
      const check = () => {
        const h1 = document.querySelector('h1');
        if (h1 && h1.getBoundingClientRect().height > 0 && getComputedStyle(h1).visibility !== 'hidden') window.__readable = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        if (last) window.__lcp = last.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })();`,
  });
  const page = await context.newPage();
  if (profile.throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: profile.throttle.latency, downloadThroughput: profile.throttle.down, uploadThroughput: profile.throttle.up });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.throttle.cpu });
  }
  const byKind = new Map<string, { bytes: number; requests: number }>();
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (/^(data|blob):/.test(request.url())) return;
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        const kind = request.resourceType();
        const entry = byKind.get(kind) ?? { bytes: 0, requests: 0 };
        entry.bytes += sizes.responseBodySize + sizes.responseHeadersSize;
        entry.requests += 1;
        byKind.set(kind, entry);
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('h1').waitFor();
  // Whatever the page asks for after load (nothing, by design) is counted too.
  await page.waitForTimeout(1000);
  await Promise.all(pending);
  const timings = (await page.evaluate(`(() => {
    const paint = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]));
    const nav = performance.getEntriesByType('navigation')[0];
    return { firstPaint: paint['first-paint'], firstContentfulPaint: paint['first-contentful-paint'], readable: window.__readable, lcp: window.__lcp, load: nav && nav.loadEventEnd, h1: document.querySelector('h1')?.textContent };
  })()`)) as { firstPaint?: number; firstContentfulPaint?: number; readable?: number; lcp?: number; load?: number; h1?: string };
  await context.close();
  const all = [...byKind.values()].reduce((n, k) => n + k.bytes, 0);
  return {
    case: profile.name,
    url: new URL(url).pathname,
    event: timings.h1,
    transferredKB: kb(all),
    requests: [...byKind.values()].reduce((n, k) => n + k.requests, 0),
    byKind: Object.fromEntries([...byKind.entries()].sort((a, b) => b[1].bytes - a[1].bytes).map(([k, v]) => [k, { kB: kb(v.bytes), requests: v.requests }])),
    firstPaintMs: ms(timings.firstPaint),
    firstContentfulPaintMs: ms(timings.firstContentfulPaint),
    readableMs: ms(timings.readable),
    largestContentfulPaintMs: ms(timings.lcp),
    loadMs: ms(timings.load),
  };
}

interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; title: string; numericValue?: number; displayValue?: string }>;
}

/** Lighthouse from npm (its default mobile preset, simulated throttling) against Debian's Chromium. */
async function lighthouse(url: string) {
  const out = path.join(os.tmpdir(), `hubbub-lighthouse-${process.pid}.json`);
  await promisify(execFile)(
    'npx',
    ['--yes', LIGHTHOUSE, url, '--quiet', '--output=json', `--output-path=${out}`, '--only-categories=performance,accessibility,best-practices,seo', '--chrome-flags=--headless=new --no-sandbox'],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
  );
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseResult;
  fs.rmSync(out, { force: true });
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => report.audits[id]?.displayValue ?? null;
  // What costs points outside performance: the audits of those categories that did not pass.
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    report.categories[category].auditRefs
      .map((ref) => ({ category, id: ref.id, audit: report.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
      .map(({ category, id, audit }) => `${category}: ${id} (${audit.title})`),
  );
  return {
    case: `lighthouse ${LIGHTHOUSE}, mobile preset`,
    url: new URL(url).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    metrics: {
      firstContentfulPaint: metric('first-contentful-paint'),
      largestContentfulPaint: metric('largest-contentful-paint'),
      speedIndex: metric('speed-index'),
      totalBlockingTime: metric('total-blocking-time'),
      cumulativeLayoutShift: metric('cumulative-layout-shift'),
      transferred: metric('total-byte-weight'),
    },
    failing,
  };
}

async function main() {
  let server: Awaited<ReturnType<typeof startDemoServer>> | undefined;
  try {
    let url = process.env.EVENT_PAGE_URL;
    if (!url) {
      server = await startDemoServer({ mapStyleUrl: 'offline', label: 'event-page' });
      url = `${server.base}${await demoEventPath(server.base)}`;
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const loads = [];
    try {
      // A fresh browser's first page also pays for starting its renderer and font caches, and a
      // fresh server for bundling the page's script: both warmed up first, the browser on another
      // page (the site's 404) in a context of its own, so no cache is shared with the measured loads.
      await fetch(url).then((res) => res.text());
      const warm = await browser.newContext();
      await (await warm.newPage()).goto(new URL('/e/-', url).href);
      await warm.close();
      for (const profile of PROFILES) {
        const result = await firstLoad(browser, url, profile);
        loads.push(result);
        process.stdout.write(`${JSON.stringify(result)}\n`);
      }
    } finally {
      await browser.close();
    }
    // Lighthouse now and then fails to record its trace on a busy machine (NO_NAVSTART): once more then.
    const scores = await lighthouse(url).catch((error: Error) => {
      process.stderr.write(`lighthouse failed (${error.message.split('\n')[0]}); running it again\n`);
      return lighthouse(url);
    });
    process.stdout.write(`${JSON.stringify(scores)}\n`);
    const bytes = Math.max(...loads.map((l) => l.transferredKB));
    const met = {
      transferredKB: bytes <= TARGETS.transferredKB,
      performance: scores.performance >= TARGETS.performance,
      accessibility: scores.accessibility >= TARGETS.accessibility,
      bestPractices: scores.bestPractices >= TARGETS.bestPractices,
      seo: scores.seo >= TARGETS.seo,
    };
    process.stdout.write(`${JSON.stringify({ case: 'targets', targets: TARGETS, met, allMet: Object.values(met).every(Boolean) })}\n`);
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await exited(server.child);
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
