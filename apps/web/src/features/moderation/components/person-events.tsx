import { Link } from 'react-router';
import { Anchor, Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { eventPhase, formatDate, formatNumber, type AdminPerson } from '@hubbub/contract';
import { PhaseBadge } from '@/components/phase-badge';
import { eventActions, hiddenLabel } from '../event-moderation';
import { Section } from './section';
import { useEventModeration } from './use-moderation-actions';
import { useReasonAction } from './use-reason-action';
import { ScrollTable } from '@/components/scroll-table';

/** The events the person hosts, newest first, each with the way to hide it or show it again. */
export function PersonEventsSection({ person }: { person: AdminPerson }) {
  const { ask, dialog } = useReasonAction();
  const moderation = useEventModeration(ask);
  const events = person.eventList;
  return (
    <Section id="person-events" title={`Events (${formatNumber(person.events)})`}>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          No events.
        </Text>
      ) : (
        <ScrollTable label="Events" minWidth={560}>
          <Table verticalSpacing={4} fz="sm" data-testid="admin-person-events">
            {person.events > events.length && <Table.Caption>The newest {formatNumber(events.length)} of {formatNumber(person.events)}.</Table.Caption>}
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Starts</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((e) => {
                const can = eventActions(e);
                return (
                  <Table.Tr key={e.id} data-testid="admin-person-event-row" data-event-id={e.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/event/${e.id}`} style={{ overflowWrap: 'anywhere' }}>
                        {e.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(e.startDate)}</Table.Td>
                    <Table.Td>
                      <PhaseBadge phase={eventPhase(e)} size="sm" mr={4} />
                      {e.hidden && (
                        <Badge color="orange" size="sm" title={e.hidden.reason}>
                          {hiddenLabel(e.hidden)}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {can.unhide ? (
                        <Button size="compact-xs" variant="light" onClick={() => moderation.unhide(e)}>
                          Show event again
                        </Button>
                      ) : (
                        <Button size="compact-xs" variant="light" color="orange" onClick={() => moderation.hide(e)}>
                          Hide event
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {dialog}
    </Section>
  );
}
