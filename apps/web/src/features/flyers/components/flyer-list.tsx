import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { Flyer } from '@hubbub/contract';
import { FlyerCard } from '@/components/flyer-card';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { useDeleteFlyer } from '../api/save-flyer';

interface FlyerListProps {
  eventId: string;
  flyers: readonly Flyer[];
  onEdit: (flyer: Flyer) => void;
}

/** The event's flyers in the host's order, each with its card, Edit and Delete. */
export function FlyerList({ eventId, flyers, onEdit }: FlyerListProps) {
  const remove = useDeleteFlyer(eventId);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md" role="list" aria-label="Flyers" data-testid="flyer-list">
      {flyers.map((flyer) => (
        <Card key={flyer.id} withBorder radius="md" padding="sm" role="listitem" data-testid="flyer-item" data-flyer-id={flyer.id}>
          <Stack gap="sm" align="center">
            <FlyerCard flyer={flyer} size={220} />
            <Text fw={600} ta="center" lineClamp={2} w="100%">
              {flyer.name}
            </Text>
            {flyer.isActivated && (
              <Text size="xs" c="green" fw={600}>
                Live in the buzz now
              </Text>
            )}
            <Group gap="xs" justify="center">
              <Button size="xs" variant="default" leftSection={<IconEdit size={14} aria-hidden />} onClick={() => onEdit(flyer)} aria-label={`Edit ${flyer.name}`}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={`Delete ${flyer.name}`}
                loading={remove.isPending && remove.variables === flyer.id}
                onClick={() => void (async () => {
                  const sure = await confirm({
                    title: 'Delete this flyer?',
                    message: `“${flyer.name}” will be removed, also from any launch it is part of. This cannot be undone.`,
                    confirmLabel: 'Delete flyer',
                    danger: true,
                  });
                  if (!sure) return;
                  try {
                    await remove.mutateAsync(flyer.id);
                    notify.success(`“${flyer.name}” is deleted.`);
                  } catch (error) {
                    notifyProblem(error, 'The flyer could not be deleted');
                  }
                })()}
              >
                Delete
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
