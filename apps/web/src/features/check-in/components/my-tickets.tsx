import { useEffect } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { HubEvent } from '@hubbub/contract';
import { useMyTickets } from '../api/check-in';
import { forgetTickets, saveTickets } from '../lib/saved-tickets';
import { TicketCodes } from './ticket-codes';

/**
 * A guest's tickets to the event, one per seat held: shown at the door, checked there without the
 * network. Kept on the device as they are read, so they open offline too (/tickets).
 */
export function MyTickets({ event, guests, userId, name }: { event: HubEvent; guests: number; userId: string; name: string }) {
  const tickets = useMyTickets(event.id, guests);
  const list = tickets.data?.tickets;
  useEffect(() => {
    if (!list) return;
    if (!list.length) return forgetTickets(userId, event.id);
    const { id, name: eventName, startDate, endDate, timeZone, venue } = event;
    saveTickets(userId, { event: { id, name: eventName, startDate, endDate, timeZone, venue }, holder: name, tickets: list });
  }, [list, event, userId, name]);
  if (!list?.length) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="my-tickets">
      <Stack gap="sm">
        <Group gap="xs">
          <IconTicket size={20} aria-hidden />
          <Title order={2} size="h4">
            {list.length === 1 ? 'Your ticket' : `Your ${list.length} tickets`}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Show {list.length === 1 ? 'this code' : 'these codes'} at the door. {list.length > 1 && 'Each guest needs their own. '}They work without a connection, and
          stay on this device under{' '}
          <Anchor component={Link} to="/tickets" size="sm">
            My tickets
          </Anchor>
          .
        </Text>
        <TicketCodes tickets={list} holder={name} eventName={event.name} timeZone={event.timeZone} />
      </Stack>
    </Paper>
  );
}
