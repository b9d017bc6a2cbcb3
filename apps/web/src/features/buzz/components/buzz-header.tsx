import { ActionIcon, Badge, Button, Group, Stack, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMaximize, IconMinimize, IconUsers, IconVolume } from '@tabler/icons-react';
import { SESSION_LABELS, type SessionView } from '../buzz-model';
import { HubStatusBadge } from './hub-status-badge';

const SESSION_COLOR = { live: 'red', 'not-started': 'gray', ended: 'dark' } as const;

interface BuzzHeaderProps {
  name: string;
  view: SessionView;
  watchers: number | null;
  sound: { level: number; track: string | null } | null;
  onPartners: () => void;
  fullscreen: { active: boolean; toggle: () => Promise<boolean> };
}

/** The event's name, how its session is doing (state, connection, watchers, sound), partners and fullscreen. */
export function BuzzHeader({ name, view, watchers, sound, onPartners, fullscreen }: BuzzHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {name}
        </Title>
        <Group gap="xs">
          <Badge color={SESSION_COLOR[view]} variant={view === 'live' ? 'filled' : 'light'} data-testid="session-state" data-state={view}>
            {SESSION_LABELS[view]}
          </Badge>
          <HubStatusBadge always />
          <Badge variant="light" leftSection={<IconUsers size={12} aria-hidden />} data-testid="watcher-count" data-count={watchers ?? ''}>
            {watchers === null ? '– watching' : `${watchers} watching`}
          </Badge>
          {sound && (
            <Badge variant="light" color="grape" leftSection={<IconVolume size={12} aria-hidden />} data-testid="sound">
              {sound.level}%{sound.track ? ` · ${sound.track}` : ''}
            </Badge>
          )}
        </Group>
      </Stack>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={onPartners}>
          Partners
        </Button>
        <Tooltip label={fullscreen.active ? 'Leave fullscreen' : 'Fullscreen'}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={fullscreen.active ? 'Leave fullscreen' : 'Show the flyers fullscreen'}
            data-testid="fullscreen"
            onClick={() => void (async () => {
              if (!(await fullscreen.toggle())) notifications.show({ color: 'yellow', title: 'Fullscreen', message: 'Not capable' });
            })()}
          >
            {fullscreen.active ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
