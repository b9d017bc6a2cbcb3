import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AddOnProduct, BillingInterval } from '@hubbub/contract';
import { formatPrice, perInterval, priceOf } from '../lib/price';

interface AddOnCardsProps {
  addOns: AddOnProduct[];
  owned: string[];
  interval: BillingInterval;
  onBuy?: (addOn: AddOnProduct) => void;
  busy?: string | null;
  /** Nothing is sold here (no billing). */
  hidePrices?: boolean;
}

export function AddOnCards({ addOns, owned, interval, onBuy, busy, hidePrices }: AddOnCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {addOns.map((addOn) => {
        const has = owned.includes(addOn.feature);
        const price = hidePrices ? null : formatPrice(priceOf(addOn, interval), addOn.currency);
        return (
          <Card key={addOn.feature} withBorder radius="md" padding="md" data-testid={`add-on-card-${addOn.feature}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{addOn.name}</Text>
                {has && <Badge color="teal">Yours</Badge>}
              </Group>
              {price && (
                <Text fw={600}>
                  {price}{' '}
                  <Text span c="dimmed" fz="sm" fw={400}>
                    {perInterval(interval)}
                  </Text>
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {addOn.description}
              </Text>
              {onBuy && !has && addOn.purchasable && (
                <Button variant="light" loading={busy === addOn.feature} onClick={() => onBuy(addOn)}>
                  Add {addOn.name}
                </Button>
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
