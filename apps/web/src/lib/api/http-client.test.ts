import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildQuery, createHttpClient, publicApi, setAuthorization, setSessionRefusedHandler } from './http-client';

describe('http client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('serialises arrays as repeated keys', () => {
    expect(buildQuery({ tag: ['a', 'b'], page: 2, skip: undefined })).toBe('?tag=a&tag=b&page=2');
    expect(buildQuery({})).toBe('');
  });

  it('turns a problem document into an ApiError with detail, field errors and Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ status: 429, code: 'rate_limited', title: 'Too Many Requests', detail: 'Slow down.', errors: { email: ['x'] } }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
        }),
      ),
    );
    const client = createHttpClient({ name: 't', baseUrl: '' });
    await expect(client.post('/login', { a: 1 })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Slow down.',
      retryAfter: 30,
      errors: { email: ['x'] },
    });
  });

  it('reports an unreachable server plainly', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(createHttpClient({ name: 't', baseUrl: '' }).get('/x')).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('gives an answer that is not a Problem the code unexpected', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<h1>Bad Gateway</h1>', { status: 502, statusText: 'Bad Gateway' })));
    await expect(createHttpClient({ name: 't', baseUrl: '' }).get('/x')).rejects.toMatchObject({ status: 502, code: 'unexpected', message: 'Bad Gateway' });
  });

  it('gives a 200 that breaks the contract the code unexpected', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"id":1}', { status: 200 })));
    const schema = { parse: () => { throw new Error('no'); } };
    await expect(createHttpClient({ name: 't', baseUrl: '' }).get('/x', { schema })).rejects.toMatchObject({ status: 200, code: 'unexpected' });
    vi.mocked(console.error).mockRestore();
  });

  it('sends an empty POST without a body or content type', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await createHttpClient({ name: 't', baseUrl: '' }).post('/follow?userId=1');
    const init = fetchMock.mock.calls[0][1];
    expect(init.body).toBeUndefined();
    expect(init.headers['Content-Type']).toBeUndefined();
  });

  it('sends neither the bearer nor a tenant from the public client, whoever is signed in', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    setAuthorization('signed.in.jwt');
    try {
      await publicApi.post('/unsubscribe/abc');
    } finally {
      setAuthorization(null);
    }
    const headers = fetchMock.mock.calls[0][1].headers as Record<string, string>;
    expect(Object.keys(headers).map((h) => h.toLowerCase())).toEqual(['accept']);
  });

  describe('a suspended account', () => {
    const suspended = () =>
      new Response(JSON.stringify({ status: 403, code: 'account_suspended', title: 'Account suspended', detail: 'Spam.' }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      });
    afterEach(() => setSessionRefusedHandler(null));

    it('ends the session of an authenticated call, and still rejects', async () => {
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(suspended()));
      const handler = vi.fn();
      setSessionRefusedHandler(handler);
      const client = createHttpClient({ name: 't', baseUrl: '' });
      client.headers.Authorization = 'Bearer x';
      await expect(client.get('/x')).rejects.toMatchObject({ code: 'account_suspended', detail: 'Spam.' });
      expect(handler).toHaveBeenCalledTimes(1);
      expect(handler.mock.calls[0][0]).toMatchObject({ code: 'account_suspended' });
    });

    it('leaves a sign-in without a token to its form', async () => {
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(suspended()));
      const handler = vi.fn();
      setSessionRefusedHandler(handler);
      await expect(createHttpClient({ name: 't', baseUrl: '' }).post('/login', {})).rejects.toMatchObject({ code: 'account_suspended' });
      expect(handler).not.toHaveBeenCalled();
    });
  });
});
