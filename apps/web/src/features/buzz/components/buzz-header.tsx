import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMaximize, IconMinimize, IconUsers, IconVolume } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatNumber, type EventPhase } from '@hubbub/contract';
import { PhaseBadge } from '@/components/phase-badge';
import { HubStatusBadge } from './hub-status-badge';

interface BuzzHeaderProps {
  eventId: string;
  name: string;
  /** The event's phase as the hub last told it (phaseWithSession). */
  phase: EventPhase;
  /** When it runs, in the event's zone ("Wed, Nov 25, 7:00 – 10:00 PM CST"). */
  when: string;
  watchers: number | null;
  sound: { level: number; track: string | null } | null;
  onPartners: () => void;
  fullscreen: { active: boolean; toggle: () => Promise<boolean> };
}

/** The event's name, how its session is doing (state, connection, watchers, sound), partners and fullscreen. */
export function BuzzHeader({ eventId, name, phase, when, watchers, sound, onPartners, fullscreen }: BuzzHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          {when} ·{' '}
          <Anchor component={Link} to={`/event/${eventId}`} inherit>
            Event page
          </Anchor>
        </Text>
        <Group gap="xs">
          <PhaseBadge phase={phase} data-testid="session-state" data-state={phase} />
          <HubStatusBadge always />
          <Badge variant="light" tt="none" leftSection={<IconUsers size={12} aria-hidden />} data-testid="watcher-count" data-count={watchers ?? ''}>
            {watchers === null ? '– watching' : `${formatNumber(watchers)} watching`}
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
