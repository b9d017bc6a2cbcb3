import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EXTERNAL_PROVIDER_SLUGS, externalAuthApi, type ConnectedAccounts, type ExternalLogin, type ExternalProvider } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';
import { rememberExternalIntent } from '@/lib/external-auth';

export const SETTINGS_PATH = '/account/settings';

export function getConnectedAccounts(): Promise<ConnectedAccounts> {
  return api.call(externalAuthApi.accounts);
}

export function connectedAccountsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.connectedAccounts, queryFn: getConnectedAccounts });
}

export function useConnectedAccounts() {
  return useQuery(connectedAccountsQueryOptions());
}

/** Leaves for the provider's sign-in page; the callback page finishes the connection. */
export async function connect(provider: ExternalProvider): Promise<void> {
  const { authorizationUrl } = await api.call(externalAuthApi.connect, { params: { provider: EXTERNAL_PROVIDER_SLUGS[provider] }, body: { returnTo: SETTINGS_PATH } });
  rememberExternalIntent('link');
  window.location.assign(authorizationUrl);
}

export function useConnect() {
  return useMutation({ mutationFn: connect });
}

export function useDisconnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: ExternalProvider) => api.call(externalAuthApi.disconnect, { params: { provider: EXTERNAL_PROVIDER_SLUGS[provider] } }),
    onSuccess: (accounts) => client.setQueryData(queryKeys.connectedAccounts, accounts),
  });
}

/** The callback page's connection: posts the provider's answer (the bearer names the account). */
export function completeConnection(body: ExternalLogin): Promise<ConnectedAccounts> {
  return api.call(externalAuthApi.link, { body });
}

export function useCompleteConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: completeConnection,
    onSuccess: (accounts) => client.setQueryData(queryKeys.connectedAccounts, accounts),
  });
}
