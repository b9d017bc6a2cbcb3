import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { ROLE_ADMIN, type AdminPerson } from '@hubbub/contract';
import { useSessionUser } from '@/lib/session';
import { useModeratePerson } from '../api/person';
import { Section } from './section';
import { useReasonAction } from './use-reason-action';

/** Why Remove Admin is off, when it is: said on screen, not only in a tooltip. */
function removalBlocked(person: AdminPerson, self: boolean): string | null {
  if (person.adminFromConfig) return 'This Admin role comes from the server’s ADMIN_EMAIL setting: it can only be removed there.';
  if (self) return 'You cannot remove your own Admin role: another admin must do it.';
  return null;
}

export function PersonRolesSection({ person }: { person: AdminPerson }) {
  const me = useSessionUser();
  const moderate = useModeratePerson();
  const { ask, dialog } = useReasonAction();
  const isAdmin = person.roles.includes(ROLE_ADMIN);
  const self = Boolean(me?.id) && me!.id.toLowerCase() === person.id.toLowerCase();
  const blocked = isAdmin ? removalBlocked(person, self) : null;
  const change = (admin: boolean) =>
    ask({
      title: admin ? `Give ${person.name} the Admin role` : `Remove the Admin role of ${person.name}`,
      description: admin
        ? 'They can use this console: see every account, hide and cancel events, suspend and delete people. Their next sign-in or token refresh carries the role.'
        : 'They can no longer use this console.',
      confirmLabel: admin ? 'Grant Admin' : 'Remove Admin',
      success: admin ? `${person.name} is an admin now.` : `${person.name} is no longer an admin.`,
      danger: !admin,
      run: (reason) => moderate.mutateAsync({ kind: 'role', id: person.id, admin, reason }),
    });
  return (
    <Section id="person-roles" title="Roles">
      <Group gap={4}>
        {person.roles.length ? (
          person.roles.map((role) => (
            <Badge key={role} variant="light" color="grape">
              {role}
            </Badge>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            No roles.
          </Text>
        )}
      </Group>
      {isAdmin ? (
        <Stack gap={4}>
          <Group>
            <Button size="xs" variant="light" color="red" disabled={Boolean(blocked)} aria-describedby={blocked ? 'remove-admin-blocked' : undefined} onClick={() => change(false)}>
              Remove Admin
            </Button>
          </Group>
          {blocked && (
            <Text size="xs" c="dimmed" id="remove-admin-blocked">
              {blocked}
            </Text>
          )}
        </Stack>
      ) : (
        <Group>
          <Button size="xs" variant="light" onClick={() => change(true)}>
            Grant Admin
          </Button>
        </Group>
      )}
      {dialog}
    </Section>
  );
}
