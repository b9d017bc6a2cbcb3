import { Group, Stack, Text } from '@mantine/core';
import { formatNumber } from '@hubbub/contract';

export interface StatItem {
  label: string;
  value: number;
}

/** A row of counts as a description list; column-reverse shows the number above its term. */
export function PersonStats({ items }: { items: StatItem[] }) {
  return (
    <Group component="dl" gap="xl" m={0} wrap="wrap">
      {items.map((item) => (
        <Stack key={item.label} gap={0} style={{ flexDirection: 'column-reverse' }}>
          <Text component="dt" c="dimmed" size="sm">
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={700} fz={22}>
            {formatNumber(item.value)}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}
