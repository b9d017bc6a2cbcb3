import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';

/** One titled block of the person's admin page; the heading names the region for screen readers. */
export function Section({ id, title, actions, children, danger = false }: { id: string; title: string; actions?: ReactNode; children: ReactNode; danger?: boolean }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={id}
      style={danger ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} fz="md" id={id} c={danger ? 'red' : undefined}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
