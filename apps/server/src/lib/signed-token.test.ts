import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './signed-token.js';

describe('signed tokens', () => {
  const signer = createTokenSigner('a server secret of some length', 'unsubscribe');

  it('round-trips a payload', () => {
    const token = signer.sign({ t: 'hubbub', u: 'user-1', s: 'reminders' });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(signer.verify(token)).toEqual({ t: 'hubbub', u: 'user-1', s: 'reminders' });
  });

  it('refuses a changed payload, another key or purpose, and garbage', () => {
    const token = signer.sign({ u: 'user-1' });
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: 'user-2' })).toString('base64url')}.${mac}`;
    expect(signer.verify(forged)).toBeUndefined();
    expect(createTokenSigner('another secret entirely', 'unsubscribe').verify(token)).toBeUndefined();
    expect(createTokenSigner('a server secret of some length', 'other').verify(token)).toBeUndefined();
    for (const bad of ['', '.', 'abc', `${token}.x`, `${token.slice(0, -1)}A`, 'e30.' + 'A'.repeat(43)]) expect(signer.verify(bad)).toBeUndefined();
  });
});
