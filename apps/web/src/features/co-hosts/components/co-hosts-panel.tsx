import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconSend, IconUsersGroup, IconX } from '@tabler/icons-react';
import { formatDate, type CoHost, type CoHostRole } from '@hubbub/contract';
import { isApiError } from '@/lib/api';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { useChangeCoHosts, useCoHosts } from '../api/co-hosts';

/** Each role in the host's words: its name, the group it joins, and what it lets them do. */
const ROLES: Record<CoHostRole, { label: string; group: string; does: string }> = {
  'co-host': {
    label: 'Co-host',
    group: 'the co-hosts',
    does: 'edit the event, its flyers, line-up, buzz, guest list and invitations, and check people in. Deleting the event stays yours.',
  },
  'check-in': { label: 'Door staff', group: 'the door staff', does: 'scan tickets and find people by name at the door, and nothing else of the event.' },
};
const OTHER: Record<CoHostRole, CoHostRole> = { 'co-host': 'check-in', 'check-in': 'co-host' };

function PersonRow({ eventId, person }: { eventId: string; person: CoHost }) {
  const change = useChangeCoHosts(eventId);
  const who = person.name ?? person.email;
  const role = ROLES[person.role];
  const other = ROLES[OTHER[person.role]];
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
        <Badge variant="outline" color={person.role === 'co-host' ? 'grape' : 'blue'} tt="none" data-testid="co-host-role">
          {role.label}
        </Badge>
        <Badge variant="light" color={person.acceptedAt ? 'green' : 'gray'} tt="none">
          {person.acceptedAt ? `Joined ${formatDate(person.acceptedAt)}` : 'Invited'}
        </Badge>
        <Tooltip label={`Make ${who} ${other.label.toLowerCase()}`}>
          <ActionIcon
            variant="subtle"
            aria-label={`Make ${who} ${other.label.toLowerCase()}`}
            loading={change.isPending}
            onClick={() =>
              void (async () => {
                try {
                  await change.mutateAsync({ kind: 'invite', email: person.email, role: OTHER[person.role] });
                  notify.success(`${who} is ${other.label.toLowerCase()} now: they can ${other.does}`);
                } catch (error) {
                  notifyProblem(error, 'Their role could not be changed');
                }
              })()
            }
          >
            <IconArrowsExchange size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={`Take ${who} off ${role.group}`}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Take ${who} off ${role.group}`}
            loading={change.isPending}
            onClick={() =>
              void (async () => {
                const sure = await confirm({
                  title: `Take them off ${role.group}?`,
                  message: `${who} will no longer help run this event, and their link stops working.`,
                  confirmLabel: 'Take off',
                  danger: true,
                });
                if (!sure) return;
                try {
                  await change.mutateAsync({ kind: 'remove', coHostId: person.id });
                  notify.success(`${who} is off ${role.group}.`);
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
 * The host names co-hosts and door staff by email (they may have no account yet): each gets their
 * own link, and the role says what of the event is theirs. The host's alone; on the event page
 * (co-host first) and on the door screen (door staff first).
 */
export function CoHostsPanel({ eventId, defaultRole }: { eventId: string; defaultRole: CoHostRole }) {
  const staff = useCoHosts(eventId);
  const change = useChangeCoHosts(eventId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CoHostRole>(defaultRole);
  const [error, setError] = useState<string | undefined>();
  const list = staff.data?.coHosts ?? [];
  return (
    <Paper withBorder p="md" radius="md" data-testid="door-staff" component="section" aria-labelledby={`co-hosts-${eventId}`}>
      <Stack gap="sm">
        <Group gap="xs">
          <IconUsersGroup size={20} aria-hidden />
          <Title order={2} size="h4" id={`co-hosts-${eventId}`}>
            Co-hosts and door staff
          </Title>
        </Group>
        <SegmentedControl
          value={role}
          onChange={(value) => setRole(value as CoHostRole)}
          data={[
            { value: 'check-in', label: ROLES['check-in'].label },
            { value: 'co-host', label: ROLES['co-host'].label },
          ]}
          aria-label="Role"
          style={{ alignSelf: 'flex-start' }}
          data-testid="co-host-role-pick"
        />
        <Text size="sm" c="dimmed">
          People you name as {ROLES[role].label.toLowerCase()} get a link by email: they can {ROLES[role].does}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const address = email.trim();
            if (!address) return setError('Enter an email address.');
            void (async () => {
              try {
                await change.mutateAsync({ kind: 'invite', email: address, role });
                setEmail('');
                setError(undefined);
                notify.success(`${address} is ${ROLES[role].label.toLowerCase()}: their link is on its way.`);
              } catch (failure) {
                const field = isApiError(failure) ? failure.errors?.email?.[0] : undefined;
                if (field) setError(`“${address}”: ${field}`);
                else notifyProblem(failure, 'They could not be named');
              }
            })();
          }}
        >
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`${ROLES[role].label} email`}
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
          <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Co-hosts and door staff">
            {list.map((person) => (
              <PersonRow key={person.id} eventId={eventId} person={person} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
