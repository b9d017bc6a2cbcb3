import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Box, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconMaximize, IconMinimize, IconUsers, IconVolume } from '@tabler/icons-react';
import { EventStatus, type EventSessionState, type HubEvent, type HubFlyer } from '@hubbub/contract';
import { FlyerCard } from '@/components/flyer-card';
import { isOwner as isOwnerOf, useSessionUser } from '@/lib/session';
import { realtime, useHubEvent, useRealtime } from '@/lib/realtime';
import { useEventFlyers } from '@/lib/queries/event-flyers';
import { useEventLaunches } from '../api/launches';
import { SESSION_LABELS, hostMessageAnnouncement, sessionView } from '../buzz-model';
import { useFullscreen } from '../use-fullscreen';
import { BuzzLiveRegion } from './buzz-live-region';
import { HubStatusBadge } from './hub-status-badge';
import { OwnerControls } from './owner-controls';
import { PartnersDrawer } from './partners-drawer';
import { TimelineList } from './timeline-list';
import { useBuzzAnnouncer } from './use-buzz-announcer';
import { useFlyerPresence } from './use-flyer-presence';
import classes from './buzz-live.module.css';

/** How long a flyer takes to leave the stage (matches the CSS animation). */
const LEAVE_MS = 200;

const SESSION_COLOR = { live: 'red', 'not-started': 'gray', ended: 'dark' } as const;

interface BuzzLiveProps {
  event: HubEvent;
  /** Shown under each flyer on screen for viewers, not the host: the page hands in the report button (another feature's). */
  flyerAction?: (flyer: HubFlyer) => ReactNode;
}

/** The live view of one event: joins its hub session while mounted. */
export function BuzzLive({ event, flyerAction }: BuzzLiveProps) {
  const user = useSessionUser();
  const owner = isOwnerOf(user?.id, event.userId);
  const { state, activeEventId, refusedEventId, activeFlyers } = useRealtime();
  const connected = state === 'connected';
  const [sessionState, setSessionState] = useState<EventSessionState | null>(null);
  const [watchers, setWatchers] = useState<number | null>(null);
  const [sound, setSound] = useState<{ level: number; track: string | null } | null>(null);
  const [partnersOpen, setPartnersOpen] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);
  const timelines = useEventLaunches(event.id);
  const flyers = useEventFlyers(event.id, owner);
  const reduceMotion = useReducedMotion();
  const shown = useFlyerPresence(activeFlyers, reduceMotion ? 0 : LEAVE_MS);
  const { message: announcement, announce } = useBuzzAnnouncer(activeFlyers);

  useEffect(() => {
    realtime.start();
    void realtime.join(event.id);
    return () => void realtime.leave(event.id);
  }, [event.id, user?.id]);

  const mine = (payload: { eventId: string }) => payload.eventId === event.id;
  useHubEvent('EventWatcherUpdated', (p) => mine(p) && setWatchers(p.watchers));
  useHubEvent('EventSoundUpdated', (p) => mine(p) && setSound({ level: p.level, track: p.track }));
  useHubEvent('EventStarted', (p) => mine(p) && setSessionState('Started'));
  useHubEvent('EventStopped', (p) => mine(p) && setSessionState('Stopped'));
  useHubEvent('EventUpdated', (p) => {
    if (!mine(p)) return;
    setSessionState('Updated');
    // A host's message arrives again as EventNotification, which shows the toast.
  });
  useHubEvent('EventNotification', (p) => {
    if (!mine(p)) return;
    const color = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' }[p.level];
    notifications.show({ color, title: p.title, message: p.message, autoClose: 8000 });
    announce(hostMessageAnnouncement(p.title, p.message));
  });
  // Launches change the timeline's states: refetch when flyers come and go.
  const refetchTimelines = (p: { eventId: string }) => mine(p) && void timelines.refetch();
  useHubEvent('FlyerStarted', refetchTimelines);
  useHubEvent('FlyerStopped', refetchTimelines);

  const view = sessionView(sessionState, event.status === EventStatus.Started);
  const joined = activeEventId === event.id;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {event.name}
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
          <Button variant="default" size="xs" onClick={() => setPartnersOpen(true)}>
            Partners
          </Button>
          <Tooltip label={fullscreen.active ? 'Leave fullscreen' : 'Fullscreen'}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={fullscreen.active ? 'Leave fullscreen' : 'Show the flyers fullscreen'}
              data-testid="fullscreen"
              onClick={async () => {
                if (!(await fullscreen.toggle())) notifications.show({ color: 'yellow', title: 'Fullscreen', message: 'Not capable' });
              }}
            >
              {fullscreen.active ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {refusedEventId === event.id && (
        <Paper withBorder p="sm" radius="md" c="red" role="alert">
          You cannot watch this event's live session.
        </Paper>
      )}

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: owner ? 8 : 12 }}>
          <Paper
            ref={stage}
            withBorder
            radius="md"
            p="md"
            bg={fullscreen.active ? 'dark.8' : undefined}
            data-testid="active-flyers"
            data-joined={joined ? 'true' : 'false'}
            role="region"
            aria-label="Active flyers"
            style={{ minHeight: 240, overflow: 'auto' }}
          >
            {/* What changed on the stage, for screen readers; the cards themselves are not read out on every change. */}
            <BuzzLiveRegion message={announcement} />
            {shown.length === 0 ? (
              <Stack align="center" justify="center" mih={200}>
                <Text c="dimmed" ta="center">
                  {joined ? 'No flyers are showing right now.' : connected ? 'Joining the session…' : 'Connecting…'}
                </Text>
              </Stack>
            ) : (
              <Group justify="center" gap="md" align="flex-start">
                {shown.map(({ item: f, leaving }) => (
                  <Box
                    key={f.id}
                    className={classes.flyer}
                    data-testid="stage-flyer"
                    data-leaving={leaving || undefined}
                    aria-hidden={leaving || undefined}
                  >
                    {/* Not in fullscreen: the action's dialog would open outside the fullscreen element, out of sight. */}
                    {flyerAction && !owner && !fullscreen.active && !leaving ? (
                      <Stack gap={2} align="flex-end">
                        <FlyerCard flyerId={f.id} contentJson={f.contentJson} name={f.name} size={fullscreen.active ? 'lg' : 'md'} />
                        {flyerAction(f)}
                      </Stack>
                    ) : (
                      <FlyerCard flyerId={f.id} contentJson={f.contentJson} name={f.name} size={fullscreen.active ? 'lg' : 'md'} />
                    )}
                  </Box>
                ))}
              </Group>
            )}
          </Paper>
        </Grid.Col>
        {owner && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            {flyers.isPending ? <Skeleton height={300} /> : <OwnerControls eventId={event.id} flyers={flyers.data ?? []} connected={connected && joined} />}
          </Grid.Col>
        )}
      </Grid>

      <Stack gap="xs">
        <Title order={2} fz="lg">
          Timeline
        </Title>
        {timelines.isPending ? (
          <Skeleton height={56} />
        ) : timelines.isError ? (
          <Text size="sm" c="dimmed">
            The timeline could not be loaded.
          </Text>
        ) : (
          <TimelineList timelines={timelines.data} flyers={flyers.data ?? event.flyers} isOwner={owner} />
        )}
      </Stack>

      <PartnersDrawer event={event} isOwner={owner} opened={partnersOpen} onClose={() => setPartnersOpen(false)} />
    </Stack>
  );
}
