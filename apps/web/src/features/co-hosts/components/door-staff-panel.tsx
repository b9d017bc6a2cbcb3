import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconSend, IconUsersGroup, IconX } from '@tabler/icons-react';
import { formatDate, type CoHost } from '@hubbub/contract';
import { isApiError } from '@/lib/api';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { useChangeCoHosts, useCoHosts } from '../api/co-hosts';

function StaffRow({ eventId, person }: { eventId: string; person: CoHost }) {
  const change = useChangeCoHosts(eventId);
  const who = person.name ?? person.email;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" data-testid="door-staff-person">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {who}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {person.name ? person.email : 'Invited by email'}
        </Text>
      </Stack>
      <Group gap={6} wrap="nowrap">
        <Badge variant="light" color={person.acceptedAt ? 'green' : 'gray'}>
          {person.acceptedAt ? `Joined ${formatDate(person.acceptedAt)}` : 'Invited'}
        </Badge>
        <Tooltip label={`Take ${who} off the door staff`}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Take ${who} off the door staff`}
            loading={change.isPending}
            onClick={() =>
              void (async () => {
                const sure = await confirm({
                  title: 'Take them off the door staff?',
                  message: `${who} will no longer open the door screen, and their link stops working.`,
                  confirmLabel: 'Take off',
                  danger: true,
                });
                if (!sure) return;
                try {
                  await change.mutateAsync({ kind: 'remove', coHostId: person.id });
                  notify.success(`${who} is off the door staff.`);
                } catch (error) {
                  notifyProblem(error, 'They could not be taken off');
                }
              })()
            }
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/**
 * The host names door staff by email (they may have no account yet): each gets their own link to
 * this screen and nothing else of the event. Shown on the door screen, the host's alone.
 */
export function DoorStaffPanel({ eventId }: { eventId: string }) {
  const staff = useCoHosts(eventId);
  const change = useChangeCoHosts(eventId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const list = staff.data?.coHosts ?? [];
  return (
    <Paper withBorder p="md" radius="md" data-testid="door-staff">
      <Stack gap="sm">
        <Group gap="xs">
          <IconUsersGroup size={20} aria-hidden />
          <Title order={2} size="h4">
            Door staff
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          People you name here get a link by email to this screen: they scan tickets and find people by name, and nothing else of the event is theirs.
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const address = email.trim();
            if (!address) return setError('Enter an email address.');
            void (async () => {
              try {
                await change.mutateAsync({ kind: 'invite', email: address, role: 'check-in' });
                setEmail('');
                setError(undefined);
                notify.success(`${address} is door staff: their link is on its way.`);
              } catch (failure) {
                const field = isApiError(failure) ? failure.errors?.email?.[0] : undefined;
                if (field) setError(`“${address}”: ${field}`);
                else notifyProblem(failure, 'They could not be named door staff');
              }
            })();
          }}
        >
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              aria-label="Door staff email"
              placeholder="sam@example.com"
              inputMode="email"
              autoComplete="off"
              value={email}
              error={error}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setError(undefined);
              }}
              style={{ flex: 1 }}
              data-testid="door-staff-email"
            />
            <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={change.isPending}>
              Invite
            </Button>
          </Group>
        </form>
        {list.length > 0 && (
          <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Door staff">
            {list.map((person) => (
              <StaffRow key={person.id} eventId={eventId} person={person} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
