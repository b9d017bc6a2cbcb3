import { Group, NavLink as MantineNavLink, Stack, UnstyledButton } from '@mantine/core';
import { NavLink } from 'react-router';
import { NAV_ITEMS } from './nav-items';
import classes from './header-nav.module.css';

/** Inline links in the header from the sm breakpoint up. */
export function HeaderNav() {
  return (
    <Group gap={4} component="nav" aria-label="Main" visibleFrom="sm">
      {NAV_ITEMS.map((item) => (
        <UnstyledButton key={item.to} component={NavLink} to={item.to} end={item.end} className={classes.link}>
          {item.label}
        </UnstyledButton>
      ))}
    </Group>
  );
}

/** The same links stacked in the drawer at phone width. */
export function DrawerNav({ onNavigate }: { onNavigate: () => void }) {
  return (
    <Stack gap={2} component="nav" aria-label="Main">
      {NAV_ITEMS.map((item) => (
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
    </Stack>
  );
}
