import type { BadgeProps, ElementProps } from '@mantine/core';
import { eventPhase, type EventStatusValue } from '@hubbub/contract';
import { PhaseBadge } from '@/components/phase-badge';
import { useNow } from '@/lib/dates/use-now';

type EventPhaseBadgeProps = Omit<BadgeProps, 'color' | 'children'> &
  ElementProps<'div', keyof BadgeProps> & {
  event: { status: EventStatusValue; startDate: string; endDate: string | null };
  /** Fixed by tests; the page's clock otherwise, so the phase turns over while it stays open. */
  now?: Date;
};

/** An event's phase (Upcoming, Happening now, Live, Ended, Canceled) from its dates and live session. */
export function EventPhaseBadge({ event, now, ...props }: EventPhaseBadgeProps) {
  const clock = useNow();
  return <PhaseBadge phase={eventPhase(event, now ?? clock)} {...props} />;
}
