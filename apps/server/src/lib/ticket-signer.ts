import { createPrivateKey, createPublicKey, hkdfSync, sign, verify, type KeyObject } from 'node:crypto';

/** Signs tickets' codes and checks them: an Ed25519 key per tenant, so a door device can check codes with the public key alone. */
export interface TicketSigner {
  sign(tenantId: string, payload: Uint8Array): Uint8Array;
  verify(tenantId: string, payload: Uint8Array, signature: Uint8Array): boolean;
  /** The tenant's public key, raw (32 bytes), as door devices hold it. */
  publicKey(tenantId: string): Uint8Array;
}

// PKCS #8 for an Ed25519 private key is this fixed header and the 32-byte seed (RFC 8410).
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * Keys derived from the server secret (HKDF, one per tenant): nothing to store, every instance
 * derives the same, and a tenant's codes are never good at another's door. A new secret makes
 * new keys, so tickets issued before stop checking: as sign-ins end, tickets are shown again.
 */
export function createTicketSigner(secret: string): TicketSigner {
  const keys = new Map<string, { privateKey: KeyObject; publicKey: KeyObject; raw: Uint8Array }>();
  const keysOf = (tenantId: string) => {
    let found = keys.get(tenantId);
    if (!found) {
      const seed = Buffer.from(hkdfSync('sha256', secret, 'hubbub', `hubbub tickets ${tenantId}`, 32));
      const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
      const publicKey = createPublicKey(privateKey);
      // The SPKI form ends with the raw 32-byte key.
      const raw = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32));
      found = { privateKey, publicKey, raw };
      keys.set(tenantId, found);
    }
    return found;
  };
  return {
    sign: (tenantId, payload) => new Uint8Array(sign(null, payload, keysOf(tenantId).privateKey)),
    verify: (tenantId, payload, signature) => signature.length === 64 && verify(null, payload, keysOf(tenantId).publicKey, signature),
    publicKey: (tenantId) => keysOf(tenantId).raw,
  };
}
