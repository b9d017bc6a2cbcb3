import { describe, expect, it } from 'vitest';
import { createPasswords, OWASP_PASSWORD_COST } from './passwords.js';

/** The PHC string's algorithm and parameters (argon2's own order of m, t and p aside). */
function costOf(hash: string) {
  const [, algorithm, version, params] = hash.split('$');
  return { algorithm, version, ...Object.fromEntries(params.split(',').map((kv) => kv.split('=')).map(([k, v]) => [k, Number(v)])) };
}

describe('passwords', () => {
  it('hashes with argon2id at the OWASP baseline by default, and verifies only the right password', async () => {
    const passwords = createPasswords();
    const hash = await passwords.hash('correct horse battery');
    expect(costOf(hash)).toEqual({ algorithm: 'argon2id', version: 'v=19', m: OWASP_PASSWORD_COST.memoryCost, t: OWASP_PASSWORD_COST.timeCost, p: 1 });
    expect(await passwords.verify(hash, 'correct horse battery')).toBe(true);
    expect(await passwords.verify(hash, 'correct horse battery ')).toBe(false);
  });

  it('verifies a hash made at another cost, and answers false (not an error) to a stored value that is no hash', async () => {
    const cheap = await createPasswords({ memoryCost: 256, timeCost: 1 }).hash('s3cret words');
    expect(costOf(cheap)).toEqual({ algorithm: 'argon2id', version: 'v=19', m: 256, t: 1, p: 1 });
    const passwords = createPasswords();
    expect(await passwords.verify(cheap, 's3cret words')).toBe(true);
    expect(await passwords.verify('not a hash', 's3cret words')).toBe(false);
    await expect(passwords.burnCheck('anything')).resolves.toBeUndefined();
  });
});
