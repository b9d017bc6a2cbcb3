import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { CLAIM_FEATURE, CLAIM_NAME_IDENTIFIER, CLAIM_ROLE, authApi } from '@hubbub/contract';
import { createHttpClient, setUnauthorizedHandler, type HttpClient } from '../api/http-client';
import { decodeClaims, userFromTokens } from './claims';
import { createSession, type Session } from './session-store';
import { readTokenCookie, TOKEN_COOKIE, writeTokenCookie } from './token-cookie';

const USER_ID = '7f1c2a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f';

function b64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function makeJwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;
}

const jwtA = makeJwt({ [CLAIM_NAME_IDENTIFIER]: USER_ID, name: 'Ada Lovelace', email: 'ada@example.com', n: 1 });
const jwtB = makeJwt({ [CLAIM_NAME_IDENTIFIER]: USER_ID, name: 'Ada Lovelace', email: 'ada@example.com', n: 2 });

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

const loginResult = (jwt: string, refreshToken: string) => ({ jwt, refreshToken, rememberMe: true });

describe('claims', () => {
  it('decodes the payload of a jwt', () => {
    const claims = decodeClaims(makeJwt({ [CLAIM_ROLE]: ['Admin'], [CLAIM_FEATURE]: 'SubscriptionLevel.Pro' }));
    expect(claims[CLAIM_ROLE]).toEqual(['Admin']);
    expect(claims[CLAIM_FEATURE]).toBe('SubscriptionLevel.Pro');
  });

  it('yields empty claims for an undecodable token', () => {
    expect(decodeClaims('not-a-jwt')).toEqual({});
    expect(decodeClaims('a.%%%.c')).toEqual({});
    expect(decodeClaims('')).toEqual({});
  });

  it('takes id, name and email from the claims', () => {
    const user = userFromTokens({ jwt: jwtA, refreshToken: 'r1' });
    expect(user).toMatchObject({ id: USER_ID, name: 'Ada Lovelace', email: 'ada@example.com', jwt: jwtA, refreshToken: 'r1' });
  });

  it('keeps the tokens even when the claims cannot be read', () => {
    const user = userFromTokens({ jwt: 'garbage', refreshToken: 'r' });
    expect(user).toMatchObject({ id: '', name: '', email: '', jwt: 'garbage', claims: {} });
  });
});

describe('session', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let client: HttpClient;
  let session: Session;
  let cleared: number;

  beforeEach(() => {
    Cookies.remove(TOKEN_COOKIE, { path: '/' });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    client = createHttpClient({ name: 'test', baseUrl: 'http://localhost' });
    cleared = 0;
    session = createSession({
      client,
      setAuthorization: (jwt) => {
        if (jwt) client.headers.Authorization = `Bearer ${jwt}`;
        else delete client.headers.Authorization;
      },
      onCleared: () => {
        cleared++;
      },
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  describe('restore', () => {
    it('restores the user and the bearer header from the cookie', async () => {
      writeTokenCookie({ jwt: jwtA, refreshToken: 'r1' });
      expect(await session.restore()).toBe(true);
      expect(session.isLoggedIn()).toBe(true);
      expect(session.getUser()).toMatchObject({ id: USER_ID, refreshToken: 'r1' });
      expect(client.headers.Authorization).toBe(`Bearer ${jwtA}`);
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('performs a local logout when there is no cookie', async () => {
      expect(await session.restore()).toBe(false);
      expect(session.getUser()).toBeNull();
      expect(client.headers.Authorization).toBeUndefined();
      expect(cleared).toBe(1);
      // Nothing to revoke without a token, so the server is not bothered.
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('treats an unreadable cookie as no cookie', async () => {
      Cookies.set(TOKEN_COOKIE, 'not json', { path: '/' });
      expect(await session.restore()).toBe(false);
      expect(session.isLoggedIn()).toBe(false);
    });
  });

  describe('login', () => {
    it('stores {jwt, refreshToken} as JSON in the tenant cookie', async () => {
      fetchMock.mockResolvedValueOnce(json(200, loginResult(jwtA, 'r1')));
      const user = await session.login({ email: 'ada@example.com', password: 'secret-pass' });
      expect(user.id).toBe(USER_ID);
      expect(JSON.parse(Cookies.get(TOKEN_COOKIE)!)).toEqual({ jwt: jwtA, refreshToken: 'r1' });
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe(`http://localhost${authApi.login.path}`);
      expect(init.credentials).toBe('include');
      expect(init.headers['X-Tenant']).toBe('hubbub');
    });

    it('rejects with the server problem and stays logged out', async () => {
      fetchMock.mockResolvedValueOnce(json(401, { status: 401, code: 'invalid_credentials', title: 'Unauthorized', detail: 'Wrong email or password.' }));
      await expect(session.login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
        status: 401,
        code: 'invalid_credentials',
        message: 'Wrong email or password.',
      });
      expect(session.isLoggedIn()).toBe(false);
      expect(readTokenCookie()).toBeNull();
    });
  });

  describe('refresh', () => {
    it('counts as success when there is no refresh token', async () => {
      expect(await session.refresh()).toBe(true);
      writeTokenCookie({ jwt: jwtA, refreshToken: '' });
      await session.restore();
      expect(await session.refresh()).toBe(true);
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('replaces the tokens and the cookie on 200', async () => {
      writeTokenCookie({ jwt: jwtA, refreshToken: 'r1' });
      await session.restore();
      fetchMock.mockResolvedValueOnce(json(200, loginResult(jwtB, 'r2')));
      expect(await session.refresh()).toBe(true);
      expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ refreshToken: 'r1' });
      expect(session.getUser()).toMatchObject({ jwt: jwtB, refreshToken: 'r2' });
      expect(readTokenCookie()).toEqual({ jwt: jwtB, refreshToken: 'r2' });
      expect(client.headers.Authorization).toBe(`Bearer ${jwtB}`);
    });

    it('returns false on a 401, and true without touching the tokens when no answer came (offline)', async () => {
      writeTokenCookie({ jwt: jwtA, refreshToken: 'r1' });
      await session.restore();
      fetchMock.mockResolvedValueOnce(json(401, { status: 401, code: 'refresh_invalid', title: 'Unauthorized' }));
      expect(await session.refresh()).toBe(false);
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      expect(await session.refresh()).toBe(true);
      expect(readTokenCookie()).toEqual({ jwt: jwtA, refreshToken: 'r1' });
      // The caller decides to log out; refresh itself leaves the tokens alone.
      expect(session.getUser()?.jwt).toBe(jwtA);
    });

    it('adopts tokens another tab already rotated instead of reusing the old refresh token', async () => {
      writeTokenCookie({ jwt: jwtA, refreshToken: 'r1' });
      await session.restore();
      // Another tab refreshed: the shared cookie now holds the newer pair.
      writeTokenCookie({ jwt: jwtB, refreshToken: 'r2' });
      expect(await session.refresh()).toBe(true);
      expect(fetchMock).not.toHaveBeenCalled();
      expect(session.getUser()).toMatchObject({ jwt: jwtB, refreshToken: 'r2' });
      expect(client.headers.Authorization).toBe(`Bearer ${jwtB}`);
    });

    it('issue 22: adopts the pair another tab stored while its own refresh was on the way and refused', async () => {
      writeTokenCookie({ jwt: jwtA, refreshToken: 'r1' });
      await session.restore();
      fetchMock.mockImplementationOnce(async () => {
        // Another tab, not held by a Web Lock, rotated r1 first and stored its pair.
        writeTokenCookie({ jwt: jwtB, refreshToken: 'r2' });
        return json(401, { status: 401, code: 'token_reused', title: 'Unauthorized' });
      });
      expect(await session.refresh()).toBe(true);
      expect(session.getUser()).toMatchObject({ jwt: jwtB, refreshToken: 'r2' });
      expect(client.headers.Authorization).toBe(`Bearer ${jwtB}`);
    });

    it('shares one request between concurrent callers (refresh tokens rotate)', async () => {
      writeTokenCookie({ jwt: jwtA, refreshToken: 'r1' });
      await session.restore();
      fetchMock.mockResolvedValueOnce(json(200, loginResult(jwtB, 'r2')));
      const results = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
      expect(results).toEqual([true, true, true]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });

  describe('logout', () => {
    beforeEach(async () => {
      writeTokenCookie({ jwt: jwtA, refreshToken: 'r1' });
      await session.restore();
    });

    it('calls the server with the bearer, then clears everything', async () => {
      fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
      await session.logout();
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe(`http://localhost${authApi.logout.path}`);
      expect(init.headers.Authorization).toBe(`Bearer ${jwtA}`);
      expect(session.getUser()).toBeNull();
      expect(client.headers.Authorization).toBeUndefined();
      expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
      expect(cleared).toBe(1);
    });

    it("sends the browser through the provider's sign-out page when the server names one", async () => {
      const left: string[] = [];
      const withLeave = createSession({ client, setAuthorization: () => {}, leave: (url) => left.push(url) });
      await withLeave.restore();
      fetchMock.mockResolvedValueOnce(json(200, { ok: true, endSessionUrl: 'https://login.example/logout?client_id=x' }));
      await withLeave.logout();
      expect(left).toEqual(['https://login.example/logout?client_id=x']);
      expect(withLeave.isLoggedIn()).toBe(false);
      expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    });

    it('clears local state even when the server call fails', async () => {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await session.logout();
      expect(session.isLoggedIn()).toBe(false);
      expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    });
  });

  it('notifies subscribers on every change', async () => {
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    writeTokenCookie({ jwt: jwtA, refreshToken: 'r1' });
    await session.restore();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await session.logout();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('merges auth/user into the current user', async () => {
    writeTokenCookie({ jwt: jwtA, refreshToken: 'r1' });
    await session.restore();
    fetchMock.mockResolvedValueOnce(
      json(200, {
        id: USER_ID,
        email: 'ada@example.com',
        name: 'Countess Ada',
        roles: [],
        plan: 'Free',
        features: [],
        createdAt: '2025-01-01T00:00:00.000Z',
      }),
    );
    expect((await session.fetchUser())?.name).toBe('Countess Ada');
    expect(session.getUser()?.jwt).toBe(jwtA);
  });

  describe('401 on an authenticated call', () => {
    beforeEach(async () => {
      writeTokenCookie({ jwt: jwtA, refreshToken: 'r1' });
      await session.restore();
      setUnauthorizedHandler(() => session.refresh());
    });

    const expired = { status: 401, code: 'unauthenticated', title: 'Unauthorized', detail: 'The token has expired. Log in again.' };

    it('refreshes once and retries with the new token', async () => {
      fetchMock
        .mockResolvedValueOnce(json(401, expired))
        .mockResolvedValueOnce(json(200, loginResult(jwtB, 'r2')))
        .mockResolvedValueOnce(json(200, { ok: true }));
      await expect(client.get('/presence/api/v1/user/summary/')).resolves.toEqual({ ok: true });
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(fetchMock.mock.calls[2][1].headers.Authorization).toBe(`Bearer ${jwtB}`);
    });

    it('gives up with the 401 when the refresh fails', async () => {
      fetchMock
        .mockResolvedValueOnce(json(401, expired))
        .mockResolvedValueOnce(json(401, { status: 401, code: 'token_reused', title: 'Unauthorized' }));
      await expect(client.get('/presence/api/v1/user/summary/')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('does not retry twice', async () => {
      fetchMock
        .mockResolvedValueOnce(json(401, expired))
        .mockResolvedValueOnce(json(200, loginResult(jwtB, 'r2')))
        .mockResolvedValueOnce(json(401, expired));
      await expect(client.get('/x')).rejects.toMatchObject({ status: 401 });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });

    it('takes up the tokens another tab rotated when the session has ended here', async () => {
      writeTokenCookie({ jwt: jwtB, refreshToken: 'r2' });
      fetchMock
        .mockResolvedValueOnce(json(401, { status: 401, code: 'session_ended', title: 'Unauthorized' }))
        .mockResolvedValueOnce(json(200, { ok: true }));
      await expect(client.get('/x')).resolves.toEqual({ ok: true });
      expect(fetchMock.mock.calls[1][1].headers.Authorization).toBe(`Bearer ${jwtB}`);
    });

    it.each([
      ['a 401 without a code', { status: 401, title: 'Unauthorized' }],
      ['a code a refresh cannot cure', { status: 401, code: 'invalid_credentials', title: 'Unauthorized' }],
      ['a 403', { status: 403, code: 'not_owner', title: 'Forbidden' }],
    ])('does not refresh on %s', async (_name, problem) => {
      fetchMock.mockResolvedValueOnce(json(problem.status, problem));
      await expect(client.get('/x')).rejects.toMatchObject({ status: problem.status });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });
});
