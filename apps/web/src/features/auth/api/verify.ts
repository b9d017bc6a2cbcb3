import { useMutation } from '@tanstack/react-query';
import { paths, VerifyResultSchema, type VerifyResult } from '@hubbub/contract';
import { api } from '@/lib/api';

/** Accepts the long link token or the short typed code; the server tells them apart. */
export function verifyAccount(tokenOrCode: string): Promise<VerifyResult> {
  return api.post(paths.verify(tokenOrCode.trim()), undefined, { schema: VerifyResultSchema, noRetry: true });
}

export function useVerifyAccount() {
  return useMutation({ mutationFn: verifyAccount });
}
