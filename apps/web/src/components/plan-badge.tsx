import { Badge, type BadgeProps, type MantineColor } from '@mantine/core';
import type { Plan } from '@hubbub/contract';

const PLAN_COLORS: Record<Plan, MantineColor> = {
  Free: 'gray',
  Basic: 'blue',
  Pro: 'violet',
  Enterprise: 'orange',
};

export function PlanBadge({ plan, ...props }: { plan: Plan } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge color={PLAN_COLORS[plan]} variant="light" {...props}>
      {plan}
    </Badge>
  );
}
