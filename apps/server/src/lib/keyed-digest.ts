import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * A keyed digest (HMAC-SHA-256) of a few values: what the server can recompute, and nobody
 * without its secret can make. Nothing is stored: the digest proves the values it was made from.
 */
export interface KeyedDigest {
  digest(...parts: string[]): string;
  /** Compares in constant time; false for anything malformed. */
  matches(given: string, ...parts: string[]): boolean;
}

/** `purpose` separates keys: the same server secret never yields the same digest for two uses. */
export function createKeyedDigest(secret: string, purpose: string): KeyedDigest {
  const key = Buffer.from(hkdfSync('sha256', secret, 'hubbub', purpose, 32));
  // Lengths first, so ("ab", "c") and ("a", "bc") never digest alike.
  const digest = (...parts: string[]) => createHmac('sha256', key).update(parts.map((p) => `${p.length}:${p}`).join('')).digest('base64url');
  return {
    digest,
    matches(given, ...parts) {
      const expected = Buffer.from(digest(...parts));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
