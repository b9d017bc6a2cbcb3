import argon2 from 'argon2';

/** argon2id's memory (KiB) and passes; one lane. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
export const OWASP_PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2 };

export interface Passwords {
  hash(password: string): Promise<string>;
  /** A stored hash carries its own cost, so hashes made at any cost keep verifying. */
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real check so unknown emails cannot be told apart by timing. */
  burnCheck(password: string): Promise<void>;
}

/**
 * Password hashing at one cost. The server always runs at the OWASP baseline; only code that builds
 * the app itself can pass another (the API suites pass a cheap one: their thousands of sign-ups
 * test what is done with a hash, not argon2's cost; the browser suite's server runs the real one).
 */
export function createPasswords(cost: PasswordCost = OWASP_PASSWORD_COST): Passwords {
  const options = { type: argon2.argon2id, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 } as const;
  const hash = (password: string) => argon2.hash(password, options);
  const verify = async (stored: string, password: string) => {
    try {
      return await argon2.verify(stored, password);
    } catch {
      return false;
    }
  };
  let dummyHash: Promise<string> | undefined;
  return {
    hash,
    verify,
    async burnCheck(password) {
      dummyHash ??= hash('not-a-real-password-hash-seed');
      await verify(await dummyHash, password);
    },
  };
}
