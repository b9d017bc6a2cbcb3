import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Short signed tokens for links that work without a sign-in (unsubscribe): the payload is readable, not secret, and cannot be forged. */
export interface TokenSigner {
  sign(payload: Record<string, string>): string;
  /** Undefined for a token this key did not sign (another key, tampered, malformed). */
  verify(token: string): Record<string, string> | undefined;
}

/** `purpose` separates keys: the same server secret never signs two kinds of link with one key. */
export function createTokenSigner(secret: string, purpose: string): TokenSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, 'hubbub', purpose, 32));
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    sign(payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    verify(token) {
      const [body, given, extra] = token.split('.');
      if (!body || !given || extra !== undefined) return undefined;
      const expected = Buffer.from(mac(body));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
      try {
        const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
        if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
        return Object.values(payload).every((v) => typeof v === 'string') ? (payload as Record<string, string>) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
