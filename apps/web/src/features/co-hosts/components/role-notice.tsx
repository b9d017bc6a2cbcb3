import { Alert, Button, Group, Text } from '@mantine/core';
import { IconScan, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { HubEvent } from '@hubbub/contract';

/**
 * Tells a co-host or door staff, on the event's page, what of it is theirs: a co-host runs it with
 * its host (and sees the host tools below); door staff get the way to the door. Nothing for others.
 */
export function RoleNotice({ event }: { event: Pick<HubEvent, 'id' | 'myRole' | 'host'> }) {
  if (event.myRole === 'co-host') {
    return (
      <Alert color="grape" variant="light" icon={<IconUsersGroup size={20} aria-hidden />} title={`You co-host this event with ${event.host.name}`} data-testid="role-notice">
        <Text size="sm">You can edit it, design and launch its flyers, run its buzz, manage its guest list and invitations, and check people in. Deleting it and naming co-hosts stay with {event.host.name}.</Text>
      </Alert>
    );
  }
  if (event.myRole === 'check-in') {
    return (
      <Alert color="blue" variant="light" icon={<IconScan size={20} aria-hidden />} title="You are door staff at this event" data-testid="role-notice">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{event.host.name} named you to check people in.</Text>
          <Button component={Link} to={`/event/${event.id}/check-in`} size="xs" variant="light" leftSection={<IconScan size={14} aria-hidden />}>
            Open the door
          </Button>
        </Group>
      </Alert>
    );
  }
  return null;
}
