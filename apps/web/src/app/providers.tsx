import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider, type DatesProviderSettings } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { firstDayOfWeek, weekendDays } from '@hubbub/contract';
import { queryClient } from '@/lib/api';
import { colorSchemeManager } from '@/lib/theme/color-scheme';
import { cssVariablesResolver } from '@/lib/theme/css-variables';
import { theme } from '@/lib/theme/theme';
import { AppLoadingOverlay, LoadingOverlayProvider, NOTIFICATION_DEFAULTS } from '@/lib/ui';

/** Date pickers count weeks as the reader's locale does: where a week starts, and which days are its weekend. */
const DATES: DatesProviderSettings = { firstDayOfWeek: firstDayOfWeek(), weekendDays: weekendDays() };

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={DATES}>
        <QueryClientProvider client={queryClient}>
          <LoadingOverlayProvider>
            <ModalsProvider labels={{ confirm: 'OK', cancel: 'Cancel' }}>
              <Notifications {...NOTIFICATION_DEFAULTS} />
              <AppLoadingOverlay />
              {children}
            </ModalsProvider>
          </LoadingOverlayProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
