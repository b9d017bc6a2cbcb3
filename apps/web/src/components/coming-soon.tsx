import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Page } from './page';

interface ComingSoonProps {
  title: string;
  /** What the screen will do once it is built. */
  purpose: ReactNode;
  extra?: ReactNode;
}

/** An honest placeholder for screens later issues will build: no made-up data. */
export function ComingSoon({ title, purpose, extra }: ComingSoonProps) {
  return (
    <Page title={title}>
      <Paper withBorder p="xl" radius="lg">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconHourglassHigh size={30} aria-hidden />
          </ThemeIcon>
          <Text fw={600} size="lg">
            Coming soon
          </Text>
          <Text c="dimmed" maw={520}>
            {purpose}
          </Text>
          {extra}
        </Stack>
      </Paper>
    </Page>
  );
}
