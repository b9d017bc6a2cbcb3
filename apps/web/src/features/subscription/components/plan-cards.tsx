import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatNumber, type BillingInterval, type Plan, type Product } from '@hubbub/contract';
import { formatPrice, perInterval, priceOf } from '../lib/price';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

interface PlanCardsProps {
  products: Product[];
  current: Plan;
  interval: BillingInterval;
  /** Given when plans can be chosen online; absent, the cards only inform. */
  onChoose?: (product: Product) => void;
  busyPlan?: Plan | null;
  /** Nothing is sold here (no billing): the catalogue's prices would read as a charge. */
  hidePrices?: boolean;
}

export function PlanCards({ products, current, interval, onChoose, busyPlan, hidePrices }: PlanCardsProps) {
  const currentIndex = products.findIndex((p) => p.plan === current);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {products.map((product, index) => {
        const isCurrent = product.plan === current;
        const price = hidePrices ? null : formatPrice(priceOf(product, interval), product.currency);
        const upgrade = index > currentIndex;
        return (
          <Card
            key={product.plan}
            withBorder
            radius="md"
            padding="md"
            data-testid={`plan-card-${product.plan}`}
            aria-current={isCurrent ? 'true' : undefined}
            style={isCurrent ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
          >
            <Stack gap="xs" h="100%">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{product.name}</Text>
                {isCurrent && (
                  <Badge variant="filled" style={{ flexShrink: 0 }}>
                    Current
                  </Badge>
                )}
              </Group>
              {price && (
                <Text fw={600} fz="xl">
                  {price}
                  {price !== 'Free' && (
                    <Text span c="dimmed" fz="sm" fw={400}>
                      {' '}
                      {perInterval(interval)}
                    </Text>
                  )}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {product.description}
              </Text>
              <List size="sm" spacing={4} icon={<IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />}>
                <List.Item>{plural(product.eventCapacity, 'event', 'events')}</List.Item>
                <List.Item>{plural(product.calendarCapacity, 'calendar', 'calendars')}</List.Item>
                <List.Item>{plural(product.flyerCapacity, 'flyer', 'flyers')} per event</List.Item>
              </List>
              {onChoose && !isCurrent && product.purchasable && (
                <Button
                  mt="auto"
                  variant={upgrade ? 'filled' : 'default'}
                  loading={busyPlan === product.plan}
                  aria-label={`${upgrade ? 'Upgrade' : 'Switch'} to ${product.name}`}
                  onClick={() => onChoose(product)}
                >
                  {upgrade ? 'Upgrade' : 'Switch'}
                </Button>
              )}
              {onChoose && !isCurrent && product.plan === 'Free' && (
                <Text mt="auto" size="xs" c="dimmed">
                  To return to Free, cancel your plan in Manage billing. Nothing is deleted.
                </Text>
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
