import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatTime, seatLabel, type Ticket } from '@hubbub/contract';
import { TicketQr } from './ticket-qr';

/** The codes of one event's tickets, each with whose seat it is and, once used, when it was checked in. */
export function TicketCodes({ tickets, holder, eventName, timeZone }: { tickets: Ticket[]; holder: string; eventName: string; timeZone: string }) {
  return (
    <Group gap="xl" align="flex-start" justify="center">
      {tickets.map((ticket) => {
        const label = ticket.seat === 0 ? holder : seatLabel(ticket.seat, holder);
        return (
          <Stack key={ticket.seat} gap={6} align="center" data-testid="ticket">
            <TicketQr code={ticket.code} label={`Ticket QR code: ${label}, ${eventName}`} size={tickets.length > 1 ? 168 : 200} />
            <Text size="sm" fw={500}>
              {label}
            </Text>
            {ticket.checkedInAt && (
              <Badge color="green" variant="light">
                Checked in at {formatTime(ticket.checkedInAt, { timeZone })}
              </Badge>
            )}
          </Stack>
        );
      })}
    </Group>
  );
}
