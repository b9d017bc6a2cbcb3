import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { formatTime, seatLabel, type HubEvent } from '@hubbub/contract';
import { useMyTickets } from '../api/check-in';
import { TicketQr } from './ticket-qr';

/** A guest's tickets to the event, one per seat held: shown at the door, checked there without the network. */
export function MyTickets({ event, guests, name }: { event: HubEvent; guests: number; name: string }) {
  const tickets = useMyTickets(event.id, guests);
  if (!tickets.data?.tickets.length) return null;
  const list = tickets.data.tickets;
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
          Show {list.length === 1 ? 'this code' : 'these codes'} at the door. {list.length > 1 && 'Each guest needs their own. '}They work without a connection.
        </Text>
        <Group gap="xl" align="flex-start" justify="center">
          {list.map((ticket) => {
            const label = ticket.seat === 0 ? name : seatLabel(ticket.seat, name);
            return (
              <Stack key={ticket.seat} gap={6} align="center" data-testid="ticket">
                <TicketQr code={ticket.code} label={`Ticket QR code: ${label}, ${event.name}`} size={list.length > 1 ? 168 : 200} />
                <Text size="sm" fw={500}>
                  {label}
                </Text>
                {ticket.checkedInAt && (
                  <Badge color="green" variant="light">
                    Checked in at {formatTime(ticket.checkedInAt, { timeZone: event.timeZone })}
                  </Badge>
                )}
              </Stack>
            );
          })}
        </Group>
      </Stack>
    </Paper>
  );
}
