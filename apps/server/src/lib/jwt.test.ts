import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { CLAIM_NAME_IDENTIFIER } from '@hubbub/contract';
import { createJwtSigner, InvalidTokenError, type AccessClaims } from './jwt.js';

const SECRET = 'a test secret of the right length, 32+ bytes';
const claims: AccessClaims = {
  userId: 'u1',
  name: 'Ada',
  email: 'ada@example.test',
  roles: ['Admin'],
  features: ['a', 'b'],
  tenant: 'hubbub',
  sessionId: 's1',
};

/** Tokens made by another implementation (jose), so the checks are not the signer's own idea of a JWT. */
async function foreign(opts: { secret?: string; alg?: string; issuer?: string; exp?: number | null; payload?: Record<string, unknown> } = {}) {
  const jwt = new SignJWT({ [CLAIM_NAME_IDENTIFIER]: 'u1', sid: 's1', tenant: 'hubbub', ...opts.payload })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .setIssuer(opts.issuer ?? 'hubbub')
    .setIssuedAt();
  if (opts.exp !== null) jwt.setExpirationTime(opts.exp ?? '1h');
  return jwt.sign(new TextEncoder().encode(opts.secret ?? SECRET));
}

describe('the app\'s JWTs', () => {
  const signer = createJwtSigner(SECRET);

  it('verify what they signed, with every claim', async () => {
    const token = await signer.sign(claims);
    const verified = await signer.verify(token);
    expect(verified).toMatchObject(claims);
    expect(verified.exp).toBeGreaterThan(Date.now() / 1000);
    // A token of another HS256 implementation with the same secret reads the same.
    expect(await signer.verify(await foreign())).toMatchObject({ userId: 'u1', sessionId: 's1', tenant: 'hubbub' });
  });

  it('refuse another key, another algorithm, no signature, another issuer, no expiry, an altered payload', async () => {
    const refused = async (token: string) => expect(signer.verify(token)).rejects.toThrow(InvalidTokenError);
    await refused(await foreign({ secret: 'another secret of the right length, 32+ bytes' }));
    await refused(await foreign({ alg: 'HS512' }));
    await refused(await foreign({ issuer: 'elsewhere' }));
    await refused(await foreign({ exp: null }));
    const [header, payload] = (await foreign()).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    await refused(none);
    const [, , signature] = (await signer.sign(claims)).split('.');
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), [CLAIM_NAME_IDENTIFIER]: 'u2' })).toString('base64url');
    await refused(`${header}.${altered}.${signature}`);
    await refused('not a token');
    // Without a user, session or tenant, a well-signed token is still refused.
    await refused(await foreign({ payload: { sid: '' } }));
  });

  it('say a token expired, and read it ignoring the expiry only when asked', async () => {
    const expired = await createJwtSigner(SECRET, -10).sign(claims);
    await expect(signer.verify(expired)).rejects.toThrow('The token has expired.');
    expect(await signer.verifyIgnoringExpiry(expired)).toMatchObject(claims);
    await expect(signer.verifyIgnoringExpiry(await foreign({ secret: 'another secret of the right length, 32+ bytes', exp: Math.floor(Date.now() / 1000) - 60 }))).rejects.toThrow(InvalidTokenError);
  });
});
