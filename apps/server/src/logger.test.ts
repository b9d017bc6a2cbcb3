import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OperatorLogController, scrubUrl } from './logger.js';

describe('scrubUrl', () => {
  it('hides verification and reset secrets in paths', () => {
    expect(scrubUrl('/presence/api/v1/auth/verify/ABC123')).toBe('/presence/api/v1/auth/verify/[redacted]');
    expect(scrubUrl('/presence/api/v1/auth/password/reset/tok_en-1?x=1')).toBe('/presence/api/v1/auth/password/reset/[redacted]?x=1');
    expect(scrubUrl('/feeds/AbC_d-123.ics')).toBe('/feeds/[redacted]');
  });

  it('hides the secrets of the pages invitation and co-host links open', () => {
    const id = '0b7c7d1e-5a3f-4c2e-9d1a-2f3e4d5c6b7a';
    expect(scrubUrl(`/event/${id}/invitation/s3cr3t_-x`)).toBe(`/event/${id}/invitation/[redacted]`);
    expect(scrubUrl(`/event/${id}/co-host/s3cr3t_-x?from=mail`)).toBe(`/event/${id}/co-host/[redacted]?from=mail`);
    expect(scrubUrl(`/event/${id}/check-in`)).toBe(`/event/${id}/check-in`);
  });

  it('hides tokens in query strings and keeps the rest', () => {
    expect(scrubUrl('/Engine/hub?id=1&access_token=eyJ.a.b&tenant=hubbub')).toBe('/Engine/hub?id=1&access_token=[redacted]&tenant=hubbub');
    expect(scrubUrl('/verification?token=abc')).toBe('/verification?token=[redacted]');
    expect(scrubUrl('/auth/callback/google?state=s1&code=c1&scope=openid')).toBe('/auth/callback/google?state=[redacted]&code=[redacted]&scope=openid');
    expect(scrubUrl('/presence/api/v1/user/search/')).toBe('/presence/api/v1/user/search/');
  });
});

describe('OperatorLogController', () => {
  const setup = (elapsedTime: number) => {
    const seen: [string, string][] = [];
    const log = Object.fromEntries(['debug', 'info', 'warn', 'error'].map((level) => [level, (_: unknown, msg: string) => seen.push([level, msg])]));
    const request = { log } as unknown as FastifyRequest;
    const reply = { log, elapsedTime } as unknown as FastifyReply;
    return { seen, request, reply, controller: new OperatorLogController(1000) };
  };

  it('keeps ordinary requests at debug and a slow one at warn', () => {
    const { seen, request, reply, controller } = setup(20);
    controller.incomingRequest(request);
    controller.requestCompleted(null, request, reply);
    expect(seen.map(([level]) => level)).toEqual(['debug', 'debug']);
    const slow = setup(1500);
    slow.controller.requestCompleted(null, slow.request, slow.reply);
    expect(slow.seen).toEqual([['warn', 'slow request']]);
  });

  it('tells a client that hung up from a real failure', () => {
    const { seen, request, reply, controller } = setup(5);
    const gone = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    controller.requestCompleted(gone, request, reply);
    controller.streamError(gone, request, reply);
    controller.requestCompleted(new Error('database unreachable'), request, reply);
    controller.streamError(new Error('disk read failed'), request, reply);
    expect(seen.map(([level]) => level)).toEqual(['debug', 'debug', 'error', 'warn']);
  });
});
