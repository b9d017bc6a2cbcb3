import { useMutation } from '@tanstack/react-query';
import { accountDataApi, type AccountDelete, type Ok } from '@hubbub/contract';
import { api } from '@/lib/api';
import { session } from '@/lib/session';

/** Fails with `invalid_credentials` for a wrong password (or an email that is not the account's). */
export function deleteAccount(input: AccountDelete): Promise<Ok> {
  return api.call(accountDataApi.delete, { body: input });
}

/** The server has ended every session of the account; this forgets the tokens and cached answers here. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => session.logout(),
  });
}
