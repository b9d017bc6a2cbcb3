import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { api, ApiError } from '@/lib/api';
import { session, writeTokenCookie } from '@/lib/session';
import { endExpiredSession, installUnauthorizedHandler } from './session-lifecycle';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const suspended = () => json(403, { status: 403, code: 'account_suspended', title: 'Account suspended', detail: 'Spam events.' });

describe('a suspended account', () => {
  beforeEach(async () => {
    vi.mocked(notifications.show).mockClear();
    writeTokenCookie({ jwt: 'a.b.c', refreshToken: 'r1' });
    await session.restore();
    installUnauthorizedHandler();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is signed out with the reason, once, when any call is refused', async () => {
    const fetchMock = vi.fn(async (url: string) => (url.includes('logout') ? json(401, { status: 401, code: 'session_ended', title: 'x' }) : suspended()));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/anything')).rejects.toMatchObject({ code: 'account_suspended' });
    // A refresh failing on the same account, at the same time, does not say it a second time.
    await endExpiredSession();
    await vi.waitFor(() => expect(session.isLoggedIn()).toBe(false));
    expect(notifications.show).toHaveBeenCalledTimes(1);
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Your account is suspended', message: 'Spam events.' }));
  });

  it('leaves other refusals to the screen that made the call', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(403, { status: 403, code: 'not_owner', title: 'Forbidden' })));
    await expect(api.get('/anything')).rejects.toBeInstanceOf(ApiError);
    expect(session.isLoggedIn()).toBe(true);
    expect(notifications.show).not.toHaveBeenCalled();
  });
});
