import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatDateTime, type AdminPerson } from '@hubbub/contract';
import { UserAvatar } from '@/components/user-avatar';
import { PersonBadges } from './person-badges';
import { usePersonModeration } from './use-moderation-actions';
import { useReasonAction } from './use-reason-action';

/** Who the person is, their standing, and the suspension switch. */
export function PersonHeader({ person }: { person: AdminPerson }) {
  const { ask, dialog } = useReasonAction();
  const moderation = usePersonModeration(ask);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <UserAvatar name={person.name} size={56} radius="xl" />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }} data-testid="admin-person-name">
              {person.name || 'No name'}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="admin-person-email">
              {person.email}
              {person.emailVerified ? ' · verified' : ' · not verified'}
            </Text>
            <PersonBadges person={person} />
            <Text size="sm" c="dimmed">
              Joined {formatDate(person.created, { weekday: false })}
            </Text>
          </Stack>
        </Group>
        {!person.suspended && (
          <Button color="red" variant="light" onClick={() => moderation.suspend(person)}>
            Suspend person
          </Button>
        )}
      </Group>
      {person.suspension && (
        <Alert color="red" variant="light" title="Suspended" data-testid="admin-person-suspension">
          <Stack gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              Since {formatDateTime(person.suspension.at)}: {person.suspension.reason}
            </Text>
            <Group>
              <Button size="xs" variant="white" color="red" onClick={() => moderation.lift(person)}>
                Lift suspension
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {person.suspended && !person.suspension && (
        <Group>
          <Button size="xs" variant="light" onClick={() => moderation.lift(person)}>
            Lift suspension
          </Button>
        </Group>
      )}
      {dialog}
    </Stack>
  );
}
