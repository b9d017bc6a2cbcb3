import { Button, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { EXTERNAL_PROVIDER_LABELS, EXTERNAL_PROVIDERS, formatDateTime, type ConnectedAccount, type ExternalProvider } from '@hubbub/contract';
import { ProviderIcon } from '@/components/provider-icon';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { useConnect, useConnectedAccounts, useDisconnect } from '../api/connected-accounts';

const when = (iso: string) => formatDateTime(iso);

/**
 * Settings → Connected accounts: sign in with Google or Microsoft as well as (or instead of) a
 * password. Shown when the server offers a provider or one is connected.
 */
export function ConnectedAccountsPanel() {
  const query = useConnectedAccounts();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const data = query.data;
  const providers = data ? EXTERNAL_PROVIDERS.filter((p) => data.available.includes(p) || data.accounts.some((a) => a.provider === p)) : [];
  if (query.isSuccess && !providers.length) return null;

  const onConnect = (provider: ExternalProvider) =>
    connect.mutateAsync(provider).catch((error: unknown) => notifyProblem(error, `Could not connect ${EXTERNAL_PROVIDER_LABELS[provider]}`));
  const onDisconnect = async (provider: ExternalProvider) => {
    const label = EXTERNAL_PROVIDER_LABELS[provider];
    const yes = await confirm({
      title: `Disconnect ${label}?`,
      message: `You will no longer be able to sign in with ${label}. You can connect it again later.`,
      confirmLabel: 'Disconnect',
      danger: true,
    });
    if (!yes) return;
    try {
      await disconnect.mutateAsync(provider);
      notify.success(`${label} is disconnected.`);
    } catch (error) {
      notifyProblem(error, `Could not disconnect ${label}`);
    }
  };

  return (
    <Stack gap={6}>
      <Text fw={600} id="connected-accounts-label">
        Connected accounts
      </Text>
      <Text size="sm" c="dimmed" maw={560}>
        {data && !data.hasPassword
          ? 'This account has no password: you sign in with these. To add a password, use "Forgot your password?" on the sign-in page.'
          : 'Sign in with these as well as with your password.'}
      </Text>
      {query.isPending && <Skeleton height={64} maw={560} />}
      {query.isError && <Text size="sm" c="red">The connected accounts could not be loaded.</Text>}
      <Stack gap="xs" maw={560} role="list" aria-labelledby="connected-accounts-label">
        {data &&
          providers.map((provider) => {
            const account = data.accounts.find((a) => a.provider === provider);
            const lastWay = Boolean(account) && !data.hasPassword && data.accounts.length === 1;
            return (
              <Paper key={provider} withBorder p="sm" radius="md" role="listitem" aria-label={EXTERNAL_PROVIDER_LABELS[provider]}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ProviderIcon provider={provider} size={22} />
                    <Stack gap={0}>
                      <Text fw={500}>{EXTERNAL_PROVIDER_LABELS[provider]}</Text>
                      {account ? <AccountDates account={account} /> : <Text size="sm" c="dimmed">Not connected</Text>}
                    </Stack>
                  </Group>
                  {account ? (
                    <Tooltip label="It is the only way to sign in: set a password first (Forgot your password? on the sign-in page)." disabled={!lastWay} multiline w={260}>
                      <Button variant="default" size="xs" data-disabled={lastWay || undefined} aria-disabled={lastWay} onClick={(e) => (lastWay ? e.preventDefault() : void onDisconnect(provider))} loading={disconnect.isPending && disconnect.variables === provider}>
                        Disconnect
                      </Button>
                    </Tooltip>
                  ) : (
                    <Button size="xs" onClick={() => void onConnect(provider)} disabled={!data.available.includes(provider)} loading={connect.isPending && connect.variables === provider}>
                      Connect
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
      </Stack>
    </Stack>
  );
}

function AccountDates({ account }: { account: ConnectedAccount }) {
  return (
    <>
      {account.email && <Text size="sm">{account.email}</Text>}
      <Text size="xs" c="dimmed">
        Connected {when(account.linkedAt)}
        {account.lastUsedAt ? ` · last used ${when(account.lastUsedAt)}` : ''}
      </Text>
    </>
  );
}
