import { Badge, type BadgeProps } from '@mantine/core';
import type { EventStatusValue } from '@hubbub/contract';
import { STATUS_COLORS, STATUS_LABELS } from '../event-status';

export function StatusBadge({ status, ...props }: { status: EventStatusValue } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" {...props}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
