import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { externalAuthApi, externalStartPath, pathOf, type ExternalProvider } from '@hubbub/contract';
import { call } from './api.js';
import { TENANT } from './build.js';
import { FakeIdp } from './fake-idp.js';

export const CLIENTS = {
  google: { id: 'hubbub-google-client', secret: 'google-secret-never-in-a-browser' },
  microsoft: { id: 'hubbub-microsoft-client', secret: 'microsoft-secret-never-in-a-browser' },
};

/** Both local providers, and the environment that configures an app for them. */
export async function startFakes(): Promise<{ google: FakeIdp; microsoft: FakeIdp; env: Record<string, string>; stop(): Promise<void> }> {
  const [google, microsoft] = await Promise.all([FakeIdp.start('google'), FakeIdp.start('microsoft')]);
  return {
    google,
    microsoft,
    env: fakeEnv(google, microsoft),
    stop: async () => {
      await Promise.all([google.stop(), microsoft.stop()]);
    },
  };
}

export function fakeEnv(google: { issuerUrl: string }, microsoft?: { issuerUrl: string }): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: CLIENTS.google.id,
    GOOGLE_CLIENT_SECRET: CLIENTS.google.secret,
    GOOGLE_ISSUER: google.issuerUrl,
    ...(microsoft ? { MICROSOFT_CLIENT_ID: CLIENTS.microsoft.id, MICROSOFT_CLIENT_SECRET: CLIENTS.microsoft.secret, MICROSOFT_ISSUER: microsoft.issuerUrl } : {}),
  };
}

const NAMES: Record<FakeIdp['kind'], ExternalProvider> = { google: 'Google', microsoft: 'Windows' };

/** What the provider sent back to the callback page, and the browser's binding cookie. */
export interface Callback {
  provider: ExternalProvider;
  code: string;
  state: string;
  /** `hubbub_oidc=…`, as the browser sends it. */
  cookie: string;
}

/** The browser's part of a sign-in: the start link, then the provider, which redirects to the callback page. */
export async function startAtProvider(app: FastifyInstance, idp: FakeIdp, opts: { tenant?: string; returnTo?: string; cookie?: string } = {}): Promise<Callback> {
  const start = await app.inject({
    method: 'GET',
    url: externalStartPath(idp.kind, { tenant: opts.tenant ?? TENANT, returnTo: opts.returnTo ?? '/events' }),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
  if (start.statusCode !== 302) throw new Error(`start failed: ${start.statusCode} ${start.body}`);
  return followToCallback(idp, String(start.headers.location), cookieOf(start) ?? opts.cookie!);
}

/** Starts connecting a provider to the signed-in account (the Settings button). */
export async function startLinkAtProvider(app: FastifyInstance, idp: FakeIdp, jwt: string, opts: { tenant?: string; cookie?: string } = {}): Promise<Callback> {
  const res = await call(app, 'POST', pathOf(externalAuthApi.connect, { provider: idp.kind }), { jwt, body: {}, tenant: opts.tenant, headers: opts.cookie ? { cookie: opts.cookie } : {} });
  if (res.statusCode !== 200) throw new Error(`link start failed: ${res.statusCode} ${res.body}`);
  return followToCallback(idp, res.json().authorizationUrl, cookieOf(res) ?? opts.cookie!);
}

export function cookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  return first?.split(';')[0];
}

async function followToCallback(idp: FakeIdp, authorizationUrl: string, cookie: string): Promise<Callback> {
  const atProvider = await fetch(authorizationUrl, { redirect: 'manual' });
  if (atProvider.status !== 302) throw new Error(`the provider answered ${atProvider.status}`);
  const back = new URL(atProvider.headers.get('location')!);
  return { provider: NAMES[idp.kind], code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, cookie };
}

/** The callback page's POST of auth/external. */
export function finishLogin(app: FastifyInstance, cb: Callback, opts: { tenant?: string; cookie?: string | null } = {}) {
  const cookie = opts.cookie === undefined ? cb.cookie : opts.cookie;
  return call(app, 'POST', externalAuthApi.login.path, { body: { provider: cb.provider, code: cb.code, state: cb.state }, tenant: opts.tenant, headers: cookie ? { cookie } : {} });
}

export function finishLink(app: FastifyInstance, cb: Callback, jwt: string, opts: { tenant?: string } = {}) {
  return call(app, 'POST', externalAuthApi.link.path, { jwt, body: { provider: cb.provider, code: cb.code, state: cb.state }, tenant: opts.tenant, headers: { cookie: cb.cookie } });
}

/** A whole sign-in with a provider, as the person whom the provider signs in. */
export async function signInWith(app: FastifyInstance, idp: FakeIdp, opts: { tenant?: string; returnTo?: string } = {}) {
  return finishLogin(app, await startAtProvider(app, idp, opts), { tenant: opts.tenant });
}
