import { Box, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconHome, IconLogout, IconSettings, IconShieldCheck, IconTicket, IconUser } from '@tabler/icons-react';
import { ROLE_ADMIN, hasAllRoles } from '@hubbub/contract';
import { Link, useNavigate } from 'react-router';
import { session, useSessionUser } from '@/lib/session';
import { UserAvatar } from '@/components/user-avatar';
import { useAuthLinks } from '@/features/auth/sign-in-links';

export function UserMenu() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const links = useAuthLinks();

  if (!user) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to={links.signIn} variant="subtle" size="sm">
          Sign in
        </Button>
        <Button component={Link} to={links.register} size="sm" visibleFrom="xs">
          Create account
        </Button>
      </Group>
    );
  }

  const displayName = user.name || user.email || 'Account';
  const logOut = async () => {
    await session.logout();
    // Overrides the guard's bounce to /login: leaving on purpose is not an expired session.
    await navigate('/dashboard', { replace: true });
  };

  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        {/* Named by its content, not aria-label: the initials and the name are seen, the full name is read. */}
        <UnstyledButton style={{ borderRadius: 999 }}>
          <VisuallyHidden>Account menu for {displayName}</VisuallyHidden>
          <Group gap={6} wrap="nowrap" aria-hidden>
            <UserAvatar name={displayName} size={34} radius="xl" />
            <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
              {displayName}
            </Text>
            {/* On a phone the header is full (demo badge, hub status); the avatar alone reads as the menu. */}
            <Box visibleFrom="xs" display="flex">
              <IconChevronDown size={14} aria-hidden />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email || displayName}</Menu.Label>
        <Menu.Item component={Link} to="/dashboard" leftSection={<IconHome size={16} aria-hidden />}>
          Home
        </Menu.Item>
        <Menu.Item component={Link} to="/tickets" leftSection={<IconTicket size={16} aria-hidden />}>
          My tickets
        </Menu.Item>
        <Menu.Item component={Link} to="/account/profile" leftSection={<IconUser size={16} aria-hidden />}>
          Account
        </Menu.Item>
        {user.id && (
          <Menu.Item component={Link} to={`/person/${user.id}`} leftSection={<IconSettings size={16} aria-hidden />}>
            My public page
          </Menu.Item>
        )}
        {hasAllRoles(user.claims, [ROLE_ADMIN]) && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldCheck size={16} aria-hidden />}>
            Administration
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logOut()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
