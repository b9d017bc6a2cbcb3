import { useEffect } from 'react';
import { Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarOff, IconEdit, IconPhotoHeart, IconScan, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { eventPhase, formatNumber, formatRange, IdSchema, type HubEvent, type Timeline } from '@hubbub/contract';
import { hostsEvent, runsEvent } from '@/lib/event-role';
import { useSessionUser } from '@/lib/session';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { ErrorPanel } from '@/components/error-panel';
import { NotFoundPanel } from '@/components/not-found-panel';
import { PageLoader } from '@/components/page-loader';
import { QueryState } from '@/components/query-state';
import { LineUpSection } from '@/features/attractions/components/line-up-section';
import { AddToCalendarButton } from '@/features/add-to-calendar/components/add-to-calendar-button';
import { DownloadEventButton } from '@/features/event-download/components/download-event-button';
import { EventDocuments } from '@/features/project-documents/components/event-documents';
import { ReportButton } from '@/features/moderation/components/report-button';
import { useEvent } from '@/features/events/api/get-event';
import { useCancelEvent, useDeleteEvent } from '@/features/events/api/save-event';
import { EventDetails } from '@/features/events/components/event-details';
import { HiddenNotice } from '@/features/events/components/hidden-notice';
import { LiveBanner } from '@/features/events/components/live-banner';
import { OriginPanel } from '@/features/events/components/origin-panel';
import { PublishedPanel } from '@/features/events/components/published-panel';
import { useNow } from '@/lib/dates/use-now';
import { PinMap } from '@/features/map/components/lazy-maps';
import { useEventLaunches } from '@/features/buzz/api/launches';
import { useGoing } from '@/features/going/api/going';
import { GoingPanel } from '@/features/going/components/going-panel';
import { GoingHostPanel } from '@/features/going/components/going-host-panel';
import { MyTickets } from '@/features/check-in/components/my-tickets';
import { SavedEventTickets } from '@/features/check-in/components/saved-tickets';
import { forgetTickets } from '@/features/check-in/lib/saved-tickets';
import { VisibilityPanel } from '@/features/going/components/visibility-panel';
import { TimelineList } from '@/features/buzz/components/timeline-list';
import { RepeatPanel } from '@/features/series/components/repeat-panel';
import { CopyTimelineMenu } from '@/features/series/components/copy-timeline-menu';
import { SeriesDates } from '@/features/series/components/series-dates';
import { CoHostsPanel } from '@/features/co-hosts/components/co-hosts-panel';
import { RoleNotice } from '@/features/co-hosts/components/role-notice';

/** Who hears of a cancel, in the confirmation's words. */
function toldOfCancel(event: HubEvent): string {
  const { Follow: followers, Attendee: attendees } = event.linkCounts;
  const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;
  if (!followers && !attendees) return 'Nobody follows or attends it yet; anyone who looks later sees it as canceled.';
  const who = [followers && count(followers, 'follower', 'followers'), attendees && count(attendees, 'person going', 'people going')].filter(Boolean).join(' and ');
  return `Its ${who} will be told by email and notification.`;
}

/** The host cancels: asked first, naming who is told; the page then reads Canceled. */
function CancelEventButton({ event }: { event: HubEvent }) {
  const cancel = useCancelEvent();
  return (
    <Button
      variant="light"
      color="orange"
      leftSection={<IconCalendarOff size={16} aria-hidden />}
      loading={cancel.isPending}
      data-testid="cancel-event"
      onClick={() => void (async () => {
        const live = eventPhase(event) === 'live';
        const sure = await confirm({
          title: 'Cancel this event?',
          message: `“${event.name}” (${formatRange(event.startDate, event.endDate, { timeZone: event.timeZone })}) will show as Canceled to everyone.${live ? ' Its live buzz stops now.' : ''} ${toldOfCancel(event)}`,
          confirmLabel: 'Cancel event',
          cancelLabel: 'Keep the event',
          danger: true,
        });
        if (!sure) return;
        try {
          await cancel.mutateAsync(event.id);
          notify.success(`“${event.name}” is canceled. Its followers and attendees are being told.`);
        } catch (error) {
          notifyProblem(error, 'The event could not be canceled');
        }
      })()}
    >
      Cancel event
    </Button>
  );
}

/** The series this date belongs to; a guest going to every date brings the guests and answers they gave here. */
function EventSeries({ event, viewer }: { event: HubEvent; viewer: 'host' | 'guest' | 'visitor' }) {
  const mine = useGoing(event.id).data?.mine;
  return <SeriesDates event={event} viewer={viewer} standing={mine ? { guests: mine.guests, answers: mine.answers } : null} />;
}

/** A guest's tickets while they hold a seat (the going panel says where they stand; the tickets get them in). */
function EventTickets({ event }: { event: HubEvent }) {
  const user = useSessionUser();
  const going = useGoing(event.id);
  const mine = going.data?.mine;
  const holds = mine?.state === 'going';
  // Tickets kept on this device go once the person no longer holds the seats.
  useEffect(() => {
    if (user && going.isSuccess && !holds) forgetTickets(user.id, event.id);
  }, [user, going.isSuccess, holds, event.id]);
  if (!user || !holds) return null;
  return <MyTickets event={event} guests={mine.guests} userId={user.id} name={user.name} />;
}

/** The tools of those who run the event; deleting it stays the host's. */
function OwnerActions({ event }: { event: HubEvent }) {
  const navigate = useNavigate();
  const remove = useDeleteEvent();
  const phase = eventPhase(event, useNow());
  const hosts = hostsEvent(event);
  return (
    <Group gap="xs">
      <Button component={Link} to={`/event/${event.id}/edit`} variant="default" leftSection={<IconEdit size={16} aria-hidden />} data-testid="edit-event">
        Edit
      </Button>
      <Button component={Link} to={`/event/${event.id}/flyers`} variant="default" leftSection={<IconPhotoHeart size={16} aria-hidden />} data-testid="event-flyers">
        Flyers
      </Button>
      <Button component={Link} to={`/event/${event.id}/check-in`} variant="default" leftSection={<IconScan size={16} aria-hidden />} data-testid="event-check-in">
        Check-in
      </Button>
      {phase !== 'canceled' && phase !== 'ended' && <CancelEventButton event={event} />}
      {hosts && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={remove.isPending}
          data-testid="delete-event"
          onClick={() => void (async () => {
            const sure = await confirm({
              title: 'Delete this event?',
              message: `“${event.name}” will be removed for everyone, with its followers and links. This cannot be undone.`,
              confirmLabel: 'Delete event',
              danger: true,
            });
            if (!sure) return;
            try {
              await remove.mutateAsync(event.id);
              notify.success(`“${event.name}” is deleted.`);
              void navigate('/events', { replace: true });
            } catch (error) {
              notifyProblem(error, 'The event could not be deleted');
            }
          })()}
        >
          Delete
        </Button>
      )}
    </Group>
  );
}

function EventContent({ id }: { id: string }) {
  const event = useEvent(id);
  useDocumentTitle(event.data ? `${event.data.name} · Hubbub` : 'Event · Hubbub');
  return (
    <QueryState
      query={event}
      loading={<PageLoader label="Loading the event" />}
      notFound={<NotFoundPanel title="Event not found" message="This event does not exist, was deleted, or is not published yet." />}
      // No connection at the door: the tickets kept on this device still open.
      error={(error, retry) => (
        <Stack gap="md">
          <ErrorPanel error={error} title="The event could not be loaded" onRetry={retry} />
          <SavedEventTickets eventId={id} />
        </Stack>
      )}
    >
      {(data) => <EventBody data={data} />}
    </QueryState>
  );
}

function EventBody({ data }: { data: HubEvent }) {
  const user = useSessionUser();
  // The host and co-hosts see the host tools (HubEvent.myRole); the series and the team stay the host's.
  const owner = runsEvent(data);
  const hosts = hostsEvent(data);
  const live = eventPhase(data, useNow()) === 'live';
  // Quick create lands here (issue 26): the host is shown the public page and what to add next.
  const [params] = useSearchParams();
  const justPublished = owner && params.get('published') === '1';
  return (
    <>
      {justPublished && (
        <Box mb="md">
          <PublishedPanel event={data} />
        </Box>
      )}
      {live && !data.hidden && (
        <Box mb="md">
          <LiveBanner eventId={data.id} isHost={owner} />
        </Box>
      )}
      {data.hidden && (
        <Box mb="md">
          <HiddenNotice hidden={data.hidden} />
        </Box>
      )}
      {data.myRole && data.myRole !== 'host' && (
        <Box mb="md">
          <RoleNotice event={data} />
        </Box>
      )}
      <EventDetails
        event={data}
        ownerActions={owner ? <OwnerActions event={data} /> : undefined}
        going={owner ? undefined : data.origin ? <OriginPanel event={{ ...data, origin: data.origin }} /> : <GoingPanel event={data} />}
        map={
          data.area && (
            <PinMap
              latitude={data.area.latitude}
              longitude={data.area.longitude}
              zoom={Math.min(data.area.zoom, 13)}
              label={`Map showing where “${data.name}” takes place`}
            />
          )
        }
      />
      {!owner && (
        <Box mt="md">
          <EventTickets event={data} />
        </Box>
      )}
      {user && (
        <Group justify="flex-end" mt="md">
          {!owner && <ReportButton targetType="event" targetId={data.id} />}
          <AddToCalendarButton event={data} />
          <DownloadEventButton event={data} />
        </Group>
      )}
      {data.seriesId && (
        <Box mt="lg">
          <EventSeries event={data} viewer={hosts ? 'host' : user ? 'guest' : 'visitor'} />
        </Box>
      )}
      {hosts && !data.seriesId && (
        <Box mt="lg">
          <RepeatPanel event={data} />
        </Box>
      )}
      {owner && (
        <Box mt="lg">
          <VisibilityPanel event={data} />
        </Box>
      )}
      {owner && (
        <Box mt="lg">
          <GoingHostPanel event={data} />
        </Box>
      )}
      {hosts && (
        <Box mt="lg">
          <CoHostsPanel eventId={data.id} defaultRole="co-host" />
        </Box>
      )}
      {(owner || data.attractions.length > 0) && (
        <Box mt="lg">
          <LineUpSection event={data} isHost={owner} />
        </Box>
      )}
      <Box mt="lg">
        <EventDocuments eventId={data.id} />
      </Box>
      <EventTimeline event={data} />
    </>
  );
}

/** The event's launches, as on the buzz page, with the way into the live buzz. */
function EventTimeline({ event }: { event: HubEvent }) {
  const owner = runsEvent(event);
  const { id: eventId, flyers, seriesId } = event;
  const timelines = useEventLaunches(eventId);
  // A date of a series: the host may reuse a launch (not the demo's looping ones) on the dates after it.
  const actions =
    hostsEvent(event) && seriesId ? (t: Timeline) => !t.repeatEverySeconds && <CopyTimelineMenu seriesId={seriesId} timeline={t} timeZone={event.timeZone} /> : undefined;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="event-timeline-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="event-timeline-heading">
          Timeline
        </Title>
        <Button component={Link} to={`/buzz/${eventId}`} variant="light" size="xs" data-testid="open-buzz">
          Open the buzz
        </Button>
      </Group>
      {timelines.data ? <TimelineList timelines={timelines.data} flyers={flyers} isOwner={owner} actions={actions} /> : <Text size="sm" c="dimmed">Loading the timeline…</Text>}
    </Paper>
  );
}

export default function EventRoute() {
  const { id = '' } = useParams();
  const valid = IdSchema.safeParse(id).success;
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        {valid ? <EventContent key={id} id={id} /> : <NotFoundPanel title="Event not found" message="This link does not point to an event." />}
        <Group>
          <Button component={Link} to="/search" variant="subtle" w="fit-content">
            Back to the map
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
