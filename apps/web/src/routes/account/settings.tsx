import { Stack } from '@mantine/core';
import { ConnectedAccountsPanel } from '@/features/connected-accounts/components/connected-accounts-panel';
import { AboutPanel } from '@/features/settings/components/about-panel';
import { ThemeSettings } from '@/features/settings/components/theme-settings';
import { MyDataPanel } from '@/features/my-data/components/my-data-panel';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';

export default function AccountSettingsRoute() {
  return (
    <Stack gap="xl">
      <ThemeSettings />
      <NotificationsPanel />
      <ConnectedAccountsPanel />
      <MyDataPanel />
      <AboutPanel />
    </Stack>
  );
}
