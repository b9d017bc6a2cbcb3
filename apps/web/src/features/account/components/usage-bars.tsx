import { Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { formatNumber, type AccountUsage } from '@hubbub/contract';

interface Meter {
  label: string;
  count: number;
  capacity: number;
}

function UsageMeter({ label, count, capacity }: Meter) {
  const percent = capacity > 0 ? Math.min(100, Math.round((count / capacity) * 100)) : 100;
  const color = percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'violet';
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {formatNumber(count)} of {formatNumber(capacity)}
        </Text>
      </Group>
      <Progress value={percent} color={color} size="md" aria-label={`${label}: ${formatNumber(count)} of ${formatNumber(capacity)} used`} />
    </Stack>
  );
}

/** Usage against the plan's capacities; null usage means it could not be fetched. */
export function UsageBars({ usage, loading }: { usage: AccountUsage | null | undefined; loading?: boolean }) {
  if (loading) return <Skeleton height={96} radius="md" />;
  if (!usage) {
    return (
      <Text size="sm" c="dimmed">
        Usage is not available right now.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <UsageMeter label="Events" count={usage.eventCount} capacity={usage.eventCapacity} />
      <UsageMeter label="Calendars" count={usage.calendarCount} capacity={usage.calendarCapacity} />
      <Text size="sm" c="dimmed">
        Up to {formatNumber(usage.flyerCapacity)} {usage.flyerCapacity === 1 ? 'flyer' : 'flyers'} per event.
      </Text>
    </Stack>
  );
}
