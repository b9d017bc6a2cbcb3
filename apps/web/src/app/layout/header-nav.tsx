import { Divider, Group, NavLink as MantineNavLink, Stack, UnstyledButton } from '@mantine/core';
import { IconLogin, IconUserPlus } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { useAuthLinks } from '@/features/auth/sign-in-links';
import { useSessionUser } from '@/lib/session';
import { navItemsFor } from './nav-items';
import classes from './header-nav.module.css';

/** Inline links in the header from the md breakpoint up. */
export function HeaderNav() {
  const items = navItemsFor(Boolean(useSessionUser()));
  return (
    <Group gap={2} component="nav" aria-label="Main" visibleFrom="md" wrap="nowrap">
      {items.map((item) => (
        <UnstyledButton key={item.to} component={NavLink} to={item.to} end={item.end} className={classes.link}>
          {item.label}
        </UnstyledButton>
      ))}
    </Group>
  );
}

/** The same links stacked in the drawer below md; a visitor also finds the way to an account there. */
export function DrawerNav({ onNavigate }: { onNavigate: () => void }) {
  const signedIn = Boolean(useSessionUser());
  const links = useAuthLinks();
  return (
    <Stack gap={2} component="nav" aria-label="Main">
      {navItemsFor(signedIn).map((item) => (
        <MantineNavLink
          key={item.to}
          component={NavLink}
          to={item.to}
          end={item.end}
          label={item.label}
          leftSection={<item.icon size={18} aria-hidden />}
          onClick={onNavigate}
        />
      ))}
      {!signedIn && (
        <>
          <Divider my="xs" />
          <MantineNavLink component={NavLink} to={links.signIn} label="Sign in" leftSection={<IconLogin size={18} aria-hidden />} onClick={onNavigate} />
          <MantineNavLink component={NavLink} to={links.register} label="Create an account" leftSection={<IconUserPlus size={18} aria-hidden />} onClick={onNavigate} />
        </>
      )}
    </Stack>
  );
}
