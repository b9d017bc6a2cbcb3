import { Badge, Card, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { Plan, Product } from '@hubbub/contract';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function PlanCards({ products, current }: { products: Product[]; current: Plan }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {products.map((product) => {
        const isCurrent = product.plan === current;
        return (
          <Card
            key={product.plan}
            withBorder
            radius="md"
            padding="md"
            aria-current={isCurrent ? 'true' : undefined}
            style={isCurrent ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
          >
            <Stack gap="xs" h="100%">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{product.name}</Text>
                {isCurrent && <Badge variant="filled">Current plan</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {product.description}
              </Text>
              <List size="sm" spacing={4} icon={<IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />}>
                <List.Item>{plural(product.eventCapacity, 'event', 'events')}</List.Item>
                <List.Item>{plural(product.calendarCapacity, 'calendar', 'calendars')}</List.Item>
                <List.Item>{plural(product.flyerCapacity, 'flyer', 'flyers')} per event</List.Item>
              </List>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
