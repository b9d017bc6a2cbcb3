import { useRef, useState, type ReactNode } from 'react';
import { Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { formatRange, phaseWithSession, type Flyer, type HubEvent, type HubFlyer, type Timeline } from '@hubbub/contract';
import { QueryState } from '@/components/query-state';
import { runsEvent } from '@/lib/event-role';
import { useSessionUser } from '@/lib/session';
import { useRealtime } from '@/lib/realtime';
import { useEventFlyers } from '@/lib/queries/event-flyers';
import { useEventLaunches } from '../api/launches';
import { quietStageText } from '../buzz-model';
import { consoleControls, scheduledLaunches } from '../console-model';
import { useFullscreen } from '../use-fullscreen';
import { BuzzHeader } from './buzz-header';
import { ConsoleBar } from './console-bar';
import { FlyerStage } from './flyer-stage';
import { OwnerControls } from './owner-controls';
import { PartnersDrawer } from './partners-drawer';
import { TimelineList } from './timeline-list';
import { useBuzzAnnouncer } from './use-buzz-announcer';
import { useBuzzSession } from './use-buzz-session';
import { useConsoleActions } from './use-console-actions';
import { useFlyerPresence } from './use-flyer-presence';

/** How long a flyer takes to leave the stage (matches the CSS animation). */
const LEAVE_MS = 200;

interface BuzzLiveProps {
  event: HubEvent;
  /** Shown under each flyer on screen for viewers, not the host: the page hands in the report button (another feature's). */
  flyerAction?: (flyer: HubFlyer) => ReactNode;
  /** The room's chat (another feature's), shown under the stage. */
  chat?: ReactNode;
  /** The event's line-up (another feature's), in the partners drawer for everyone. */
  lineUp?: ReactNode;
}

/** The host's console: its full column beside the stage on wide screens, a sticky bar under the flyers on a phone. */
function HostConsole({ eventId, flyers, timelines, connected, phase, when, compact }: {
  eventId: string;
  flyers: Flyer[];
  timelines: Timeline[];
  connected: boolean;
  phase: ReturnType<typeof phaseWithSession>;
  when: string;
  compact: boolean;
}) {
  const controls = consoleControls({ phase, connected, hasFlyers: flyers.length > 0 });
  const actions = useConsoleActions({ eventId, when, scheduledLaunches: scheduledLaunches(timelines), inline: compact });
  return compact ? <ConsoleBar flyers={flyers} controls={controls} actions={actions} /> : <OwnerControls flyers={flyers} controls={controls} actions={actions} />;
}

/** The live view of one event: joins its hub session while mounted. */
export function BuzzLive({ event, flyerAction, chat, lineUp }: BuzzLiveProps) {
  const user = useSessionUser();
  // The host and co-hosts run the buzz.
  const owner = runsEvent(event);
  const { state, activeEventId, refusedEventId, activeFlyers } = useRealtime();
  const connected = state === 'connected';
  const [partnersOpen, setPartnersOpen] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);
  const timelines = useEventLaunches(event.id);
  const flyers = useEventFlyers(event.id, owner);
  const reduceMotion = useReducedMotion();
  const shown = useFlyerPresence(activeFlyers, reduceMotion ? 0 : LEAVE_MS);
  const { message: announcement, announce } = useBuzzAnnouncer(activeFlyers);
  const { sessionState, watchers, sound } = useBuzzSession(event.id, { userId: user?.id, announce, onLaunchesChanged: () => void timelines.refetch() });

  // What the hub said since the page loaded wins over the status it loaded (a Stop before the
  // event leaves it Upcoming, not ended). Rendering stays pure: "now" moves with the session.
  const [now, setNow] = useState(() => new Date());
  const [seenState, setSeenState] = useState(sessionState);
  if (seenState !== sessionState) {
    setSeenState(sessionState);
    setNow(new Date());
  }
  const phase = phaseWithSession(event, sessionState, now);
  const when = formatRange(event.startDate, event.endDate, { timeZone: event.timeZone, now });
  const joined = activeEventId === event.id;
  // Should the flyer list fail, the host can still run the session with what was loaded, if anything.
  // A phone gets the console as a bar that stays in reach while the flyers scroll (issue 26).
  const wide = useMediaQuery('(min-width: 62em)', true);
  const ownerControls = (list: Flyer[]) => (
    <HostConsole eventId={event.id} flyers={list} timelines={timelines.data ?? []} connected={connected && joined} phase={phase} when={when} compact={!wide} />
  );

  return (
    <Stack gap="md">
      <BuzzHeader eventId={event.id} name={event.name} phase={phase} when={when} watchers={watchers} sound={sound} onPartners={() => setPartnersOpen(true)} fullscreen={fullscreen} />

      {refusedEventId === event.id && (
        <Paper withBorder p="sm" radius="md" c="red" role="alert">
          You cannot watch this event's live session.
        </Paper>
      )}

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: owner && wide ? 8 : 12 }}>
          <FlyerStage
            ref={stage}
            shown={shown}
            fullscreen={fullscreen.active}
            joined={joined}
            connected={connected}
            announcement={announcement}
            quietText={quietStageText(phase)}
            flyerAction={owner ? undefined : flyerAction}
          />
        </Grid.Col>
        {owner && wide && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <QueryState query={flyers} loading={<Skeleton height={300} />} error={() => ownerControls(flyers.data ?? [])}>
              {ownerControls}
            </QueryState>
          </Grid.Col>
        )}
      </Grid>

      {owner && !wide && (
        <QueryState query={flyers} loading={null} error={() => ownerControls(flyers.data ?? [])}>
          {ownerControls}
        </QueryState>
      )}

      {chat}

      <Stack gap="xs">
        <Title order={2} fz="lg">
          Timeline
        </Title>
        <QueryState
          query={timelines}
          loading={<Skeleton height={56} />}
          error={() => (
            <Text size="sm" c="dimmed">
              The timeline could not be loaded.
            </Text>
          )}
        >
          {(data) => <TimelineList timelines={data} flyers={flyers.data ?? event.flyers} isOwner={owner} />}
        </QueryState>
      </Stack>

      <PartnersDrawer event={event} isOwner={owner} opened={partnersOpen} onClose={() => setPartnersOpen(false)} lineUp={lineUp} />
    </Stack>
  );
}
