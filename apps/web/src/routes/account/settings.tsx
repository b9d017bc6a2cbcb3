import { Stack } from '@mantine/core';
import { ConnectedAccountsPanel } from '@/features/connected-accounts/components/connected-accounts-panel';
import { AboutPanel } from '@/features/settings/components/about-panel';
import { ThemeSettings } from '@/features/settings/components/theme-settings';

export default function AccountSettingsRoute() {
  return (
    <Stack gap="xl">
      <ThemeSettings />
      <ConnectedAccountsPanel />
      <AboutPanel />
    </Stack>
  );
}
