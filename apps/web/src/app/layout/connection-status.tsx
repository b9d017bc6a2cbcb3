import { useEffect, useRef } from 'react';
import { ActionIcon, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudCheck, IconCloudOff, IconRefresh, IconAlertTriangle, IconCloud } from '@tabler/icons-react';
import {
  applyServiceWorkerUpdate,
  useServiceWorkerStatus,
  type ServiceWorkerStatus,
} from '../service-worker';
import { HubStatusBadge } from '@/features/buzz/components/hub-status-badge';

const UPDATE_ID = 'sw-update';
const OFFLINE_ID = 'connection-offline';

function describe(status: ServiceWorkerStatus): string {
  if (!status.online) return 'Offline: changes cannot be saved until you reconnect.';
  if (status.updateAvailable) return 'A new version of Hubbub is available.';
  switch (status.state) {
    case 'cached':
    case 'ready':
      return status.offlineReady || status.state === 'ready' ? 'Online. The app is ready for offline use.' : 'Online.';
    case 'registered':
      return 'Online. Preparing offline use…';
    case 'error':
      return `Online. Offline support is unavailable${status.error ? `: ${status.error}` : '.'}`;
    default:
      return 'Online.';
  }
}

/**
 * What the toasts below share: a named close button, and body text in the text colour (Mantine's
 * dimmed grey on white is 3.3:1, under the 4.5:1 small text needs).
 */
const TOAST = {
  closeButtonProps: { 'aria-label': 'Dismiss' },
  styles: { description: { color: 'var(--mantine-color-text)' } },
} as const;

/**
 * Header indicator plus the notifications the service worker lifecycle calls for. "Ready for offline
 * use" is no toast: it arrives during the first visit, when a toast at the bottom covers the map and
 * the phone's list bar for news that needs nothing done. The header icon turns to a cloud with a
 * tick, and screen readers hear it once, politely.
 */
export function ConnectionStatus() {
  const status = useServiceWorkerStatus();
  const announced = useRef({ update: false });

  useEffect(() => {
    if (!status.updateAvailable || announced.current.update) return;
    announced.current.update = true;
    notifications.show({
      ...TOAST,
      id: UPDATE_ID,
      color: 'violet',
      title: 'Update available',
      autoClose: false,
      message: (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">A new version of Hubbub is ready. Reload to use it.</Text>
          <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={applyServiceWorkerUpdate}>
            Reload
          </Button>
        </Group>
      ),
    });
  }, [status.updateAvailable]);

  useEffect(() => {
    if (!status.online) {
      notifications.show({
        ...TOAST,
        id: OFFLINE_ID,
        color: 'yellow',
        title: 'You are offline',
        message: 'Hubbub will reconnect when your connection returns.',
        autoClose: false,
      });
    } else {
      notifications.hide(OFFLINE_ID);
    }
  }, [status.online]);

  const label = describe(status);
  const icon = !status.online ? (
    <IconCloudOff size={18} aria-hidden />
  ) : status.updateAvailable ? (
    <IconRefresh size={18} aria-hidden />
  ) : status.state === 'error' ? (
    <IconAlertTriangle size={18} aria-hidden />
  ) : status.offlineReady || status.state === 'ready' ? (
    <IconCloudCheck size={18} aria-hidden />
  ) : (
    <IconCloud size={18} aria-hidden />
  );
  const color = !status.online ? 'yellow' : status.updateAvailable ? 'violet' : status.state === 'error' ? 'orange' : 'gray';

  return (
    <Group gap={4} wrap="nowrap">
      {/* The live (hub) connection; shows once the buzz has started it. */}
      <HubStatusBadge troubleOnly />
      <Tooltip label={label} multiline w={240} withArrow events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon
          variant="subtle"
          color={color}
          size="lg"
          aria-label={`Connection status: ${label}`}
          onClick={status.updateAvailable ? applyServiceWorkerUpdate : undefined}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden role="status">{status.online && status.offlineReady ? 'Hubbub is ready for offline use.' : ''}</VisuallyHidden>
    </Group>
  );
}
