import { useState } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { eventTimes } from '@hubbub/contract';
import { EmptyState } from '@/components/empty-state';
import { useSessionUser } from '@/lib/session';
import { allSavedTickets, savedTicketsOf, type SavedTickets } from '../lib/saved-tickets';
import { TicketCodes } from './ticket-codes';

function SavedEvent({ saved, headingOrder }: { saved: SavedTickets; headingOrder: 2 | 3 }) {
  const { event } = saved;
  // Written as every event card writes it: the event's own times with its zone, and the reader's when they differ.
  const times = eventTimes(event);
  return (
    <Paper withBorder p="md" radius="md" data-testid="saved-tickets">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconTicket size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <div>
            <Title order={headingOrder} size="h4">
              <Anchor component={Link} to={`/event/${event.id}`} inherit>
                {event.name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed" data-testid="saved-tickets-when">
              {times.local}
              {event.venue ? ` · ${event.venue}` : ''}
            </Text>
            {times.viewer && (
              <Text size="xs" c="dimmed">
                Your time: {times.viewer}
              </Text>
            )}
          </div>
        </Group>
        <TicketCodes tickets={saved.tickets} holder={saved.holder} eventName={event.name} timeZone={event.timeZone} />
      </Stack>
    </Paper>
  );
}

/** Every ticket kept on this device for events to come: read from the device alone, so it opens without a connection. */
export function SavedTicketsList() {
  const userId = useSessionUser()?.id;
  const [list] = useState(() => (userId ? allSavedTickets(userId, new Date()) : []));
  if (!list.length) {
    return (
      <EmptyState icon={IconTicket} color="gray" data-testid="no-saved-tickets">
        <Title order={2} size="h4">
          No tickets on this device yet
        </Title>
        <Text c="dimmed" maw={480}>
          When you are going to an event, its tickets are kept here as you open its page, so they work at the door without a connection.
        </Text>
        <Anchor component={Link} to="/search">
          Find an event
        </Anchor>
      </EmptyState>
    );
  }
  return (
    <Stack gap="md">
      {list.map((saved) => (
        <SavedEvent key={saved.event.id} saved={saved} headingOrder={2} />
      ))}
    </Stack>
  );
}

/** The event's tickets kept on this device, for when its page cannot load (no connection at the door); nothing when there are none. */
export function SavedEventTickets({ eventId }: { eventId: string }) {
  const userId = useSessionUser()?.id;
  const [saved] = useState(() => (userId ? savedTicketsOf(userId, eventId) : undefined));
  if (!saved) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Your tickets, as kept on this device:
      </Text>
      <SavedEvent saved={saved} headingOrder={2} />
    </Stack>
  );
}
