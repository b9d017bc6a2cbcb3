import { Suspense } from 'react';
import { Anchor, AppShell, Box, Burger, Group, Progress, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useMatches, useNavigation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSessionUser } from '@/lib/session';
import { DemoAccountBadge } from '@/features/subscription/components/demo-account-badge';
import { ConnectionStatus } from './connection-status';
import { DrawerNav, HeaderNav } from './header-nav';
import { ScrollToTop } from './scroll-to-top';
import { UserMenu } from './user-menu';
import { Logo } from './logo';
import type { LayoutHandle } from './layout-handle';

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const fullScreen = useMatches().some((match) => (match.handle as LayoutHandle | undefined)?.fullScreen);
  const navigation = useNavigation();
  const page = (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
  const signedIn = Boolean(useSessionUser());

  return (
    <AppShell
      header={{ height: 60 }}
      // Seven links fit the header from md up; below it they live in the drawer.
      navbar={{ width: 260, breakpoint: 'md', collapsed: { desktop: true, mobile: !opened } }}
      padding={0}
    >
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppShell.Header>
        {navigation.state === 'loading' && (
          <Progress value={100} animated size={3} radius={0} pos="absolute" top={0} left={0} right={0} aria-hidden />
        )}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            {/* A visitor's start is the search; a signed-in person's, their home. */}
            <Anchor component={Link} to={signedIn ? '/dashboard' : '/search'} underline="never" c="inherit" aria-label="Hubbub home" onClick={close}>
              <Logo />
            </Anchor>
            <HeaderNav />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <DemoAccountBadge />
            <ConnectionStatus />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <DrawerNav onNavigate={close} />
      </AppShell.Navbar>

      <AppShell.Main id="main" tabIndex={-1}>
        <ScrollToTop />
        {fullScreen ? (
          page
        ) : (
          <>
            {/* At least a screen tall, so the footer starts below the fold: a page that fills in as
                its answers arrive does not push the footer down the screen (a layout shift). */}
            <Box mih="calc(100dvh - var(--app-shell-header-height, 0px))">{page}</Box>
            <Text component="footer" c="dimmed" size="xs" ta="center" py="lg">
              Hubbub is open source. Discover and publish local events.
            </Text>
          </>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
