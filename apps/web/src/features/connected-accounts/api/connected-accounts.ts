import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AuthorizationUrlSchema,
  ConnectedAccountsSchema,
  EXTERNAL_PROVIDER_SLUGS,
  paths,
  type ConnectedAccounts,
  type ExternalLogin,
  type ExternalProvider,
} from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';
import { rememberExternalIntent } from '@/lib/external-auth';

export const SETTINGS_PATH = '/account/settings';

export function getConnectedAccounts(): Promise<ConnectedAccounts> {
  return api.get(paths.connectedAccounts, { schema: ConnectedAccountsSchema });
}

export function connectedAccountsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.connectedAccounts, queryFn: getConnectedAccounts });
}

export function useConnectedAccounts() {
  return useQuery(connectedAccountsQueryOptions());
}

/** Leaves for the provider's sign-in page; the callback page finishes the connection. */
export async function connect(provider: ExternalProvider): Promise<void> {
  const { authorizationUrl } = await api.post(paths.connectedAccount(EXTERNAL_PROVIDER_SLUGS[provider]), { returnTo: SETTINGS_PATH }, { schema: AuthorizationUrlSchema });
  rememberExternalIntent('link');
  window.location.assign(authorizationUrl);
}

export function useConnect() {
  return useMutation({ mutationFn: connect });
}

export function useDisconnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: ExternalProvider) => api.delete(paths.connectedAccount(EXTERNAL_PROVIDER_SLUGS[provider]), { schema: ConnectedAccountsSchema }),
    onSuccess: (accounts) => client.setQueryData(queryKeys.connectedAccounts, accounts),
  });
}

/** The callback page's connection: posts the provider's answer (the bearer names the account). */
export function completeConnection(body: ExternalLogin): Promise<ConnectedAccounts> {
  return api.post(paths.externalLink, body, { schema: ConnectedAccountsSchema });
}

export function useCompleteConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: completeConnection,
    onSuccess: (accounts) => client.setQueryData(queryKeys.connectedAccounts, accounts),
  });
}
