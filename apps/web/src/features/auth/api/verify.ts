import { useMutation } from '@tanstack/react-query';
import { authApi, type VerifyResult } from '@hubbub/contract';
import { api } from '@/lib/api';
import { session } from '@/lib/session';
import { forgetPendingSignIn, readPendingSignIn } from '../verify-sign-in';

export interface Verification {
  result: VerifyResult;
  /** Where to go now that this browser is signed in; null when it was verified only (another browser). */
  signedInTo: string | null;
}

/**
 * Accepts the long link token or the short typed code; the server tells them apart. In the browser
 * that registered, the kept key goes along and the answer signs it in.
 */
export async function verifyAccount(tokenOrCode: string): Promise<Verification> {
  const pending = readPendingSignIn();
  const result = await api.call(authApi.verify, {
    params: { tokenOrCode: tokenOrCode.trim() },
    body: pending ? { signInKey: pending.signInKey } : undefined,
    noRetry: true,
  });
  // Verified either way: the key has done what it could (a wrong code keeps it for the right one).
  forgetPendingSignIn();
  if (!result.session) return { result, signedInTo: null };
  session.acceptTokens(result.session);
  return { result, signedInTo: pending?.redirect ?? null };
}

export function useVerifyAccount() {
  return useMutation({ mutationFn: verifyAccount });
}
