import { Group, Text } from '@mantine/core';
import { planFromClaims } from '@hubbub/contract';
import { useSessionUser } from '@/lib/session';
import { ComingSoon } from '@/components/coming-soon';
import { PlanBadge } from '@/components/plan-badge';

export default function EventsRoute() {
  const user = useSessionUser();
  return (
    <ComingSoon
      title="My events"
      purpose="Create, edit and publish your events and their flyers here. Event management is being built."
      extra={
        <Group gap="xs">
          <Text size="sm">Your plan:</Text>
          <PlanBadge plan={planFromClaims(user?.claims ?? {})} />
        </Group>
      }
    />
  );
}
