import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/api';
import { colorSchemeManager } from '@/lib/theme/color-scheme';
import { cssVariablesResolver } from '@/lib/theme/css-variables';
import { theme } from '@/lib/theme/theme';
import { AppLoadingOverlay, LoadingOverlayProvider, NOTIFICATION_DEFAULTS } from '@/lib/ui';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <LoadingOverlayProvider>
          <ModalsProvider labels={{ confirm: 'OK', cancel: 'Cancel' }}>
            <Notifications {...NOTIFICATION_DEFAULTS} />
            <AppLoadingOverlay />
            {children}
          </ModalsProvider>
        </LoadingOverlayProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
