import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { CLAIM_FEATURE, CLAIM_NAME_IDENTIFIER, CLAIM_ROLE } from '@hubbub/contract';
import { session, type SignedInUser } from '@/lib/session';

export interface TestUser {
  id: string;
  name?: string;
  email?: string;
  /** Feature claim values: plan levels (SubscriptionLevel.Pro) and add-ons (Download.HTML). */
  features?: string[];
  roles?: string[];
}

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A token the app can read (the server's signature is never checked in the browser). */
export function testJwt({ id, name = 'Test Person', email = 'test@example.com', features = [], roles = [] }: TestUser): string {
  const claims = { [CLAIM_NAME_IDENTIFIER]: id, name, email, [CLAIM_FEATURE]: features.join('; '), [CLAIM_ROLE]: roles };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

/** Signs `user` in through the app's own session, as a real sign-in leaves it. */
export function signIn(user: TestUser): SignedInUser {
  let signedIn!: SignedInUser;
  act(() => {
    signedIn = session.acceptTokens({ jwt: testJwt(user), refreshToken: 'test-refresh' });
  });
  return signedIn;
}

/** Signs out locally; the logout call gets an empty answer, whatever fetch the test had. */
export async function signOut(): Promise<void> {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
  await act(() => session.logout());
}
