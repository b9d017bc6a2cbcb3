import { Badge, Group } from '@mantine/core';
import { PlanBadge } from '@/components/plan-badge';
import { PlanNameSchema, type AdminPersonSummary, type Plan } from '@hubbub/contract';

const PLANS: readonly string[] = PlanNameSchema.options;

/** Plan, roles and suspension at a glance, the same in the list, the queue and the person's page. */
export function PersonBadges({ person }: { person: Pick<AdminPersonSummary, 'plan' | 'roles' | 'suspended'> }) {
  return (
    <Group gap={4} wrap="wrap">
      {PLANS.includes(person.plan) ? (
        <PlanBadge plan={person.plan as Plan} size="sm" />
      ) : (
        <Badge variant="light" color="gray" size="sm">
          {person.plan}
        </Badge>
      )}
      {person.roles.map((role) => (
        <Badge key={role} variant="light" color="grape" size="sm">
          {role}
        </Badge>
      ))}
      {person.suspended && (
        <Badge variant="filled" color="red" size="sm" data-testid="suspended-badge">
          Suspended
        </Badge>
      )}
    </Group>
  );
}
