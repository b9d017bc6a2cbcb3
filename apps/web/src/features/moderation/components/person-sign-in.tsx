import { Badge, Group, Table, Text } from '@mantine/core';
import { ADMIN_PERSON_LIST_MAX, formatDateTime, type AdminPerson } from '@hubbub/contract';
import { Section } from './section';
import { ScrollTable } from '@/components/scroll-table';

const METHOD_LABELS: Record<string, string> = { password: 'Password', google: 'Google', microsoft: 'Microsoft' };
const when = (iso: string) => formatDateTime(iso);

/** How the person signs in, and their sessions, newest first. */
export function PersonSignInSection({ person }: { person: AdminPerson }) {
  return (
    <Section id="person-sign-in" title="Sign-in and sessions">
      <Group gap={4}>
        <Text size="sm">Signs in with:</Text>
        {person.signInMethods.length ? (
          person.signInMethods.map((m) => (
            <Badge key={m} variant="outline" size="sm">
              {METHOD_LABELS[m] ?? m}
            </Badge>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            nothing (no password, no connected account)
          </Text>
        )}
      </Group>
      {person.sessions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sessions.
        </Text>
      ) : (
        <ScrollTable label="Sessions" minWidth={480}>
          <Table verticalSpacing={4} fz="sm" data-testid="admin-person-sessions">
            <Table.Caption>
              {person.sessions.length >= ADMIN_PERSON_LIST_MAX ? `The newest ${ADMIN_PERSON_LIST_MAX} sessions.` : 'Every session, newest first.'}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Created</Table.Th>
                <Table.Th>Ended</Table.Th>
                <Table.Th>Why it ended</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {person.sessions.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(s.created)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {s.revoked ? (
                      when(s.revoked)
                    ) : (
                      <Badge color="green" variant="light" size="sm">
                        Active
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.revokedReason ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Section>
  );
}
