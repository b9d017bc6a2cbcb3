import { useMutation } from '@tanstack/react-query';
import { authApi, type VerifyResult } from '@hubbub/contract';
import { api } from '@/lib/api';

/** Accepts the long link token or the short typed code; the server tells them apart. */
export function verifyAccount(tokenOrCode: string): Promise<VerifyResult> {
  return api.call(authApi.verify, { params: { tokenOrCode: tokenOrCode.trim() }, noRetry: true });
}

export function useVerifyAccount() {
  return useMutation({ mutationFn: verifyAccount });
}
