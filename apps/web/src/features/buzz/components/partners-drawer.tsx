import type { ReactNode } from 'react';
import { Anchor, Badge, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { HubEvent } from '@hubbub/contract';
import { drawerPlacement } from '@/lib/ui';
import { QueryState } from '@/components/query-state';
import { useEventPartners } from '../api/event-partners';

interface PartnersDrawerProps {
  event: HubEvent;
  isOwner: boolean;
  opened: boolean;
  onClose: () => void;
  /** The line-up, shown to everyone under the host (the page hands it in: another feature's). */
  lineUp?: ReactNode;
}

/** The event's host, its line-up and, for the host, the people linked to the event (spec 2 partners drawer). */
export function PartnersDrawer({ event, isOwner, opened, onClose, lineUp }: PartnersDrawerProps) {
  const partners = useEventPartners(event.id, opened && isOwner);
  return (
    <Drawer opened={opened} onClose={onClose} {...drawerPlacement('right')} title="Partners" size="sm">
      <Stack gap="md" data-testid="partners-drawer">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Host
          </Text>
          <Anchor component={Link} to={`/person/${event.host.id}`}>
            {event.host.name}
          </Anchor>
        </Stack>
        {lineUp}
        {isOwner && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Linked people
            </Text>
            <QueryState
              query={partners}
              loading={<Loader size="sm" />}
              error={() => (
                <Text size="sm" c="red">
                  The linked people could not be loaded.
                </Text>
              )}
              isEmpty={(data) => data.links.length === 0}
              empty={
                <Text size="sm" c="dimmed">
                  Nobody has linked to this event yet.
                </Text>
              }
            >
              {(data) =>
                data.links.map((link) => (
                  <Group key={link.id} justify="space-between" wrap="nowrap">
                    <Anchor component={Link} to={`/person/${link.userId}`} size="sm" truncate>
                      {link.userName}
                    </Anchor>
                    <Badge variant="light" size="sm">
                      {link.type}
                    </Badge>
                  </Group>
                ))
              }
            </QueryState>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
