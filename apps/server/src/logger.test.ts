import { describe, expect, it } from 'vitest';
import { scrubUrl } from './logger.js';

describe('scrubUrl', () => {
  it('hides verification and reset secrets in paths', () => {
    expect(scrubUrl('/presence/api/v1/auth/verify/ABC123')).toBe('/presence/api/v1/auth/verify/[redacted]');
    expect(scrubUrl('/presence/api/v1/auth/password/reset/tok_en-1?x=1')).toBe('/presence/api/v1/auth/password/reset/[redacted]?x=1');
    expect(scrubUrl('/feeds/AbC_d-123.ics')).toBe('/feeds/[redacted]');
  });

  it('hides tokens in query strings and keeps the rest', () => {
    expect(scrubUrl('/Engine/hub?id=1&access_token=eyJ.a.b&tenant=hubbub')).toBe('/Engine/hub?id=1&access_token=[redacted]&tenant=hubbub');
    expect(scrubUrl('/verification?token=abc')).toBe('/verification?token=[redacted]');
    expect(scrubUrl('/auth/callback/google?state=s1&code=c1&scope=openid')).toBe('/auth/callback/google?state=[redacted]&code=[redacted]&scope=openid');
    expect(scrubUrl('/presence/api/v1/user/search/')).toBe('/presence/api/v1/user/search/');
  });
});
