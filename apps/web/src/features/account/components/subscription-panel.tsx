import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { addOnsFromClaims, planFromClaims } from '@hubbub/contract';
import { ErrorPanel } from '@/components/error-panel';
import { PlanBadge } from '@/components/plan-badge';
import { useSessionUser } from '@/lib/session';
import { useProducts } from '../api/get-products';
import { useUsage } from '../api/get-usage';
import { PlanCards } from './plan-cards';
import { UsageBars } from './usage-bars';

/** The plan comes from the token's Feature claim (spec 6), so it matches what the server enforces. */
export function SubscriptionPanel() {
  const user = useSessionUser();
  const claims = user?.claims ?? {};
  const plan = planFromClaims(claims);
  const addOns = addOnsFromClaims(claims);
  const products = useProducts();
  const usage = useUsage();

  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group gap="sm">
            <Text fw={600}>Your plan</Text>
            <PlanBadge plan={plan} size="lg" />
          </Group>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Add-ons:
            </Text>
            {addOns.length ? (
              addOns.map((addOn) => (
                <Badge key={addOn} variant="outline" color="gray" tt="none">
                  {addOn}
                </Badge>
              ))
            ) : (
              <Text size="sm">none</Text>
            )}
          </Group>
        </Stack>
      </Paper>

      <Stack gap="sm">
        <Title order={2} fz="lg">
          Usage
        </Title>
        <Paper withBorder radius="md" p="md">
          <UsageBars usage={usage.data} loading={usage.isPending} />
        </Paper>
      </Stack>

      <Stack gap="sm">
        <Title order={2} fz="lg">
          Plans
        </Title>
        {products.isPending && <Skeleton height={180} radius="md" />}
        {products.isError && <ErrorPanel error={products.error} title="Could not load the plans" onRetry={() => void products.refetch()} />}
        {products.data && <PlanCards products={products.data} current={plan} />}
        <Text size="sm" c="dimmed">
          Changing plans online is not available yet.
        </Text>
      </Stack>
    </Stack>
  );
}
