import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ADD_ON_DOWNLOAD_HTML, authApi, calendarsApi, type Calendar, type HubEvent, eventsApi, pathOf } from '@hubbub/contract';
import { setPlanByOperator } from '../src/modules/subscription/service.js';
import { DEFAULT_MAP_STYLE_URL, loadConfig } from '../src/config.js';
import { contentSecurityDirectives, securityHeaderSettings } from '../src/plugins/security-headers.js';
import { TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';

/**
 * Issue 22, finding 6: every answer carries the security headers (a CSP that refuses framing,
 * nosniff, X-Frame-Options), and HSTS only when PUBLIC_URL is https. The browser side (no CSP
 * violation on any route, framing refused) is e2e/security-headers.test.ts.
 */

let t: TestApp;
let user: TestUser;
let event: HubEvent;
beforeAll(async () => {
  t = await build();
  user = await signUp(t);
  const start = Date.now() + 86_400_000;
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    body: {
      name: 'Headers Fair',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3_600_000).toISOString(),
      timeZone: 'UTC',
      area: { latitude: 41.26, longitude: -95.94, city: 'Omaha', state: 'NE' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  event = res.json() as HubEvent;
});
afterAll(() => t.close());

/** The CSP as directive name → sources. */
function policy(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(header, `${res.statusCode} ${res.body.slice(0, 200)}`).toEqual(expect.any(String));
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** What every answer of the app must carry. */
function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = policy(res);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  // The app is served over http in tests: no HSTS (a browser would pin an http host to https).
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('issue 22 finding 6: security headers on every kind of answer', () => {
  it.each([
    ['the web app shell at /', '/', { accept: 'text/html' }],
    ['a web app page (the SPA fallback)', '/account/settings', { accept: 'text/html' }],
    ['the admin console page', '/admin', { accept: 'text/html' }],
    ['the service worker', '/sw.js', {}],
    ['the web app manifest', '/manifest.webmanifest', {}],
    ['the container data (JSON)', '/', { accept: 'application/json' }],
    ['the OpenAPI document', '/openapi.json', {}],
    ['the API reference page', '/docs/', {}],
    ['an unknown asset (404 Problem)', '/assets/nope.js', {}],
  ])('%s', async (_label, url, headers) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    expectSecurityHeaders(res);
  });

  it('API answers, successes and Problems', async () => {
    const ok = await call(t.app, 'GET', authApi.user.path, { jwt: user.jwt });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok);
    const denied = await call(t.app, 'GET', authApi.user.path);
    expect(denied.statusCode).toBe(401);
    expectSecurityHeaders(denied);
    const noTenant = await call(t.app, 'GET', authApi.user.path, { tenant: 'nope' });
    expect(noTenant.statusCode).toBeGreaterThanOrEqual(400);
    expectSecurityHeaders(noTenant);
  });

  it('an address the router cannot decode: a Problem that loads nothing and cannot be framed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/presence/api/v1/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(policy(res).get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy(res).get('default-src')).toEqual(["'none'"]);
  });

  it('uploaded files under /uploads/ are never sniffed', async () => {
    await fs.writeFile(path.join(t.dataDir, 'uploads', 'issue-22-probe.webp'), '<html><script>alert(1)</script></html>');
    const res = await t.app.inject({ method: 'GET', url: '/uploads/issue-22-probe.webp' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('the hub negotiate answer', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/Engine/hub/negotiate?tenant=${TENANT}&negotiateVersion=1`, headers: { authorization: `Bearer ${user.jwt}` } });
    expect(res.statusCode, res.body).toBe(200);
    expectSecurityHeaders(res);
  });

  it('a calendar feed keeps its own Referrer-Policy over the default', async () => {
    const made = await call(t.app, 'POST', calendarsApi.create.path, { jwt: user.jwt, body: { name: 'Mine', kind: 'mine' } });
    expect(made.statusCode, made.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: new URL((made.json() as Calendar).feedUrl).pathname });
    expect(res.statusCode).toBe(200);
    const csp = policy(res);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('the downloadable HTML keeps its own offline policy inside the file, and the answer carries the headers', async () => {
    const result = await setPlanByOperator(t.app.ctx.db, { tenantId: t.app.ctx.tenants.get(TENANT)!, email: user.email, plan: 'Pro', addOns: [ADD_ON_DOWNLOAD_HTML], at: new Date() });
    expect(result).toBe('done');
    const res = await call(t.app, 'GET', pathOf(eventsApi.export, { id: event.id }), { jwt: user.jwt });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.body).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`);
    expectSecurityHeaders(res);
  });
});

describe('issue 22 finding 6: the policy follows the configuration', () => {
  let configured: TestApp;
  beforeAll(async () => {
    configured = await build({
      env: {
        PUBLIC_URL: 'https://hubbub.example.org',
        MAP_STYLE_URL: 'https://tiles.example.net/styles/liberty.json?key=abc',
        S3_BUCKET: 'pics',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_ACCESS_KEY_ID: 'x',
        S3_SECRET_ACCESS_KEY: 'y',
        S3_PUBLIC_URL: 'https://cdn.example.com/pics/',
      },
    });
  });
  afterAll(() => configured?.close());

  it('an https PUBLIC_URL turns on HSTS and upgrade-insecure-requests; the hub is allowed as wss', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(policy(res).has('upgrade-insecure-requests')).toBe(true);
    expect(policy(res).get('connect-src')).toContain('wss://hubbub.example.org');
  });

  it('a hosted map style and an S3 bucket add their origins, nothing more', async () => {
    const csp = policy(await configured.app.inject({ method: 'GET', url: '/' }));
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://hubbub.example.org', 'https://tiles.example.net']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com', 'https://tiles.example.net']);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:', 'https://tiles.example.net']);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
  });

  it('http: no HSTS and no upgrade of requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(policy(res).has('upgrade-insecure-requests')).toBe(false);
    // No MAP_STYLE_URL: the default street style's host (OpenFreeMap) and nothing else.
    expect(policy(res).get('connect-src')).toEqual(["'self'", 'ws://localhost:8080', 'https://tiles.openfreemap.org']);
  });

  it('issue 25: the default street style allows exactly its host; MAP_STYLE_URL=offline allows no map host', async () => {
    const byDefault = policy(await t.app.inject({ method: 'GET', url: '/' }));
    expect(byDefault.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.openfreemap.org']);
    expect(byDefault.get('font-src')).toEqual(["'self'", 'data:', 'https://tiles.openfreemap.org']);
    const container = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
    expect((container.json() as { mapStyleUrl: string | null }).mapStyleUrl).toBe(DEFAULT_MAP_STYLE_URL);

    const offline = await build({ env: { MAP_STYLE_URL: 'offline' } });
    try {
      const csp = policy(await offline.app.inject({ method: 'GET', url: '/' }));
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:8080']);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
      const data = await offline.app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
      expect((data.json() as { mapStyleUrl: string | null }).mapStyleUrl).toBeNull();
    } finally {
      await offline.close();
    }
  });

  it('MAP_STYLE_URL: unset is the default street style, "offline" none, a URL that style, anything else refused', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/unused' }).MAP_STYLE_URL).toBe(DEFAULT_MAP_STYLE_URL);
    expect(loadConfig({ DATA_DIR: '/tmp/unused', MAP_STYLE_URL: ' ' }).MAP_STYLE_URL).toBe(DEFAULT_MAP_STYLE_URL);
    expect(loadConfig({ DATA_DIR: '/tmp/unused', MAP_STYLE_URL: 'offline' }).MAP_STYLE_URL).toBeNull();
    expect(loadConfig({ DATA_DIR: '/tmp/unused', MAP_STYLE_URL: 'https://maps.example.org/style.json' }).MAP_STYLE_URL).toBe('https://maps.example.org/style.json');
    expect(() => loadConfig({ DATA_DIR: '/tmp/unused', MAP_STYLE_URL: 'streets' })).toThrow(/MAP_STYLE_URL/);
  });

  it('the directives: framing, plugins, base and forms locked down, workers and the manifest allowed', () => {
    const d = contentSecurityDirectives({ publicUrl: 'http://localhost:8080' });
    expect(d).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
  });

  it('without S3_PUBLIC_URL, pictures come from S3_ENDPOINT (as the store builds their addresses)', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/unused', S3_BUCKET: 'pics', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(securityHeaderSettings(config).uploadsUrl).toBe('http://127.0.0.1:9000/pics');
    expect(contentSecurityDirectives(securityHeaderSettings(config))['img-src']).toContain('http://127.0.0.1:9000');
    expect(securityHeaderSettings(loadConfig({ DATA_DIR: '/tmp/unused' })).uploadsUrl).toBeUndefined();
  });
});
