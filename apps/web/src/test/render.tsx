import type { ReactElement } from 'react';
import { createTheme, MantineProvider, mergeThemeOverrides, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { theme as appTheme } from '@/lib/theme/theme';

// jsdom lays nothing out, so every menu and popover target looks detached, and a detached target's dropdown hides itself.
const theme = mergeThemeOverrides(appTheme, createTheme({ components: { Menu: { defaultProps: { hideDetached: false } }, Popover: { defaultProps: { hideDetached: false } } } }));

export interface MountOptions {
  /** The address the router starts at. */
  route?: string;
  /** A client prepared by the test (cached answers); a fresh one without retries otherwise. */
  client?: QueryClient;
  /** For a test of the colour scheme itself; Mantine's defaults otherwise. */
  colorSchemeManager?: MantineColorSchemeManager;
  defaultColorScheme?: MantineColorScheme;
}

export interface Mounted extends RenderResult {
  client: QueryClient;
  /** Where the router is now: how a test sees a navigation. */
  location: () => Location;
}

export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** What the app shell gives every screen: Mantine, modals, notifications, the query client and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/', client = testQueryClient(), colorSchemeManager, defaultColorScheme }: MountOptions = {}): Mounted {
  // The notifications store outlives a test's tree: an earlier test's toasts must not show in this one.
  notifications.clean();
  const where: { current: Location | null } = { current: null };
  function LocationProbe() {
    where.current = useLocation();
    return null;
  }
  const result = render(
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme={defaultColorScheme}>
      <QueryClientProvider client={client}>
        <ModalsProvider labels={{ confirm: 'OK', cancel: 'Cancel' }}>
          <Notifications />
          <MemoryRouter initialEntries={[route]}>
            <LocationProbe />
            {ui}
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return {
    ...result,
    client,
    location: () => {
      if (!where.current) throw new Error('The router has not rendered.');
      return where.current;
    },
  };
}
