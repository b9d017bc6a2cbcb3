import { describe, expect, it } from 'vitest';
import { ApiError, errorFromBody, errorFromResponse, hasCode } from './api-error';

describe('errorFromBody', () => {
  it('keeps a Problem as it is, code included', () => {
    const error = errorFromBody(403, 'Forbidden', { status: 403, code: 'plan_limit', title: 'Event limit reached', detail: 'Your Free plan allows 1 event.' }, 5);
    expect(error).toMatchObject({ status: 403, code: 'plan_limit', title: 'Event limit reached', message: 'Your Free plan allows 1 event.', retryAfter: 5 });
  });

  it('keeps the texts of a problem whose code it does not know, under unexpected', () => {
    const error = errorFromBody(409, 'Conflict', { status: 409, code: 'some_new_code', title: 'Conflict', detail: 'Already done.', errors: { name: ['Taken.'] } });
    expect(error).toMatchObject({ status: 409, code: 'unexpected', message: 'Already done.', errors: { name: ['Taken.'] } });
  });

  it.each([null, undefined, 'text', 42, [], { message: 'x' }, { status: 'x', title: 1 }])('gives %j the code unexpected and the status text', (body) => {
    const error = errorFromBody(500, 'Internal Server Error', body);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, code: 'unexpected', message: 'Internal Server Error' });
  });

  it('names the status when there is no status text', () => {
    expect(errorFromBody(418, '', null).message).toBe('Request failed (418).');
  });
});

describe('errorFromResponse', () => {
  it('never throws on a body that is not JSON', async () => {
    const error = await errorFromResponse(new Response('<html>', { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': 'soon' } }));
    expect(error).toMatchObject({ status: 503, code: 'unexpected', retryAfter: undefined });
  });
});

describe('hasCode', () => {
  const notFound = new ApiError({ status: 404, code: 'not_found', title: 'Not found' });

  it('matches on the code, not the status', () => {
    expect(hasCode(notFound, 'not_found')).toBe(true);
    expect(hasCode(notFound, 'not_owner', 'not_found')).toBe(true);
    expect(hasCode(new ApiError({ status: 404, code: 'unexpected', title: 'Not Found' }), 'not_found')).toBe(false);
  });

  it('is false for anything that is not an ApiError', () => {
    expect(hasCode(Object.assign(new Error('x'), { code: 'not_found' }), 'not_found')).toBe(false);
    expect(hasCode(undefined, 'not_found')).toBe(false);
  });
});
