import { Group, Text } from '@mantine/core';

export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text fw={800} fz="xl" style={{ letterSpacing: '-0.02em' }}>
        Hubbub
      </Text>
    </Group>
  );
}
