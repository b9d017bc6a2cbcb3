import { Badge, Group, Text } from '@mantine/core';
import { REPORT_REASON_LABELS, type AdminPerson } from '@hubbub/contract';
import { Section } from './section';

/** Open reports about the person themselves (not their events), by reason. */
export function PersonReportsSection({ person }: { person: AdminPerson }) {
  return (
    <Section id="person-reports" title={`Open reports about them (${person.openReports})`}>
      {person.reasons.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody has reported this person.
        </Text>
      ) : (
        <Group gap={6} data-testid="admin-person-reports">
          {person.reasons.map((r) => (
            <Badge key={r.reason} variant="outline" color="red">
              {REPORT_REASON_LABELS[r.reason]} × {r.count}
            </Badge>
          ))}
        </Group>
      )}
    </Section>
  );
}
