import { SegmentedControl, Stack, Text, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';

const OPTIONS: { label: string; value: MantineColorScheme }[] = [
  { label: 'Light', value: 'light' },
  { label: 'Dark', value: 'dark' },
  { label: 'System', value: 'auto' },
];

/** Mantine's colour scheme manager stores the choice in localStorage; the theme boot step reapplies it. */
export function ThemeSettings() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Stack gap={6}>
      <Text fw={600} id="theme-label">
        Theme
      </Text>
      <Text size="sm" c="dimmed" id="theme-description">
        System follows your device's light or dark setting.
      </Text>
      <SegmentedControl
        aria-labelledby="theme-label"
        aria-describedby="theme-description"
        data={OPTIONS}
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
        maw={360}
      />
    </Stack>
  );
}
