import { Stack } from '@mantine/core';
import { ConnectedAccountsPanel } from '@/features/external-auth/components/connected-accounts-panel';
import { AboutPanel } from '@/features/settings/components/about-panel';
import { ThemeSettings } from '@/features/settings/components/theme-settings';
import { AccountDataPanel } from '@/features/account-data/components/account-data-panel';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';

export default function AccountSettingsRoute() {
  return (
    <Stack gap="xl">
      <ThemeSettings />
      <NotificationsPanel />
      <ConnectedAccountsPanel />
      <AccountDataPanel />
      <AboutPanel />
    </Stack>
  );
}
