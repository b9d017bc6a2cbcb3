import { Badge, type BadgeProps, type ElementProps, type MantineColor } from '@mantine/core';
import { EVENT_PHASE_LABELS, type EventPhase } from '@hubbub/contract';
import classes from './phase-badge.module.css';

// An event's lifecycle as people read it: its phase (eventPhase, phaseWithSession and
// EVENT_PHASE_LABELS in the contract), never the stored status names. One badge for every list,
// page and the buzz, so Live looks the same everywhere.

export const PHASE_COLORS: Record<EventPhase, MantineColor> = {
  upcoming: 'blue',
  happening: 'green',
  live: 'red',
  ended: 'gray',
  canceled: 'red',
};

/** The recording light of a live event: a dot with a ring that grows and fades (still for reduced motion); the text's colour unless given. */
export function LiveDot({ color }: { color?: string }) {
  return <span className={classes.dot} style={color ? { color } : undefined} aria-hidden />;
}

/** The phase in plain words: a red badge with a pulsing dot when live (in the text's colour, which autoContrast picks). */
export function PhaseBadge({ phase, ...props }: { phase: EventPhase } & Omit<BadgeProps, 'color' | 'children'> & ElementProps<'div', keyof BadgeProps>) {
  const live = phase === 'live';
  return (
    <Badge color={PHASE_COLORS[phase]} variant={live ? 'filled' : 'light'} tt="none" leftSection={live ? <LiveDot /> : undefined} data-phase={phase} {...props}>
      {EVENT_PHASE_LABELS[phase]}
    </Badge>
  );
}
