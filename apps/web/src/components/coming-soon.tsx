import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { EmptyState } from './empty-state';
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
      <EmptyState icon={IconHourglassHigh}>
        <Text fw={600} size="lg">
          Coming soon
        </Text>
        <Text c="dimmed" maw={520}>
          {purpose}
        </Text>
        {extra}
      </EmptyState>
    </Page>
  );
}
