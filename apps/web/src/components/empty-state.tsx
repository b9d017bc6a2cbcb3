import type { ReactNode } from 'react';
import { Paper, Stack, ThemeIcon, type MantineColor, type PaperProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface EmptyStateProps extends Omit<PaperProps, 'children'> {
  icon: Icon;
  /** The icon's colour; the theme's primary colour when left out. */
  color?: MantineColor;
  /** A smaller icon, for a state inside a page section rather than filling the page. */
  small?: boolean;
  'data-testid'?: string;
  /** The texts and actions under the icon, centred. */
  children: ReactNode;
}

/** A bordered panel with a round icon over centred texts: nothing to list yet, nothing here, not yours. */
export function EmptyState({ icon: StateIcon, color, small = false, children, ...paper }: EmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p="xl" {...paper}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={small ? 48 : 56} radius="xl" variant="light" color={color}>
          <StateIcon size={small ? 26 : 30} aria-hidden />
        </ThemeIcon>
        {children}
      </Stack>
    </Paper>
  );
}
