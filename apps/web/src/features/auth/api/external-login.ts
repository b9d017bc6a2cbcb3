import { useMutation } from '@tanstack/react-query';
import { externalAuthApi, type ExternalLogin } from '@hubbub/contract';
import { api } from '@/lib/api';
import { session } from '@/lib/session';

/** Posts what the provider sent to the callback page; the session keeps the tokens. Answers where to go. */
export async function completeExternalLogin(body: ExternalLogin): Promise<string> {
  const result = await api.call(externalAuthApi.login, { body, noRetry: true });
  session.acceptTokens(result);
  return result.returnTo;
}

export function useCompleteExternalLogin() {
  return useMutation({ mutationFn: completeExternalLogin });
}
