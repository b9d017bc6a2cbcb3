import { Stack } from '@mantine/core';
import { AboutPanel } from '@/features/settings/components/about-panel';
import { ThemeSettings } from '@/features/settings/components/theme-settings';

export default function AccountSettingsRoute() {
  return (
    <Stack gap="xl">
      <ThemeSettings />
      <AboutPanel />
    </Stack>
  );
}
