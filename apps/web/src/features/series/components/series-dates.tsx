import { useState } from 'react';
import { Anchor, Badge, Button, Collapse, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconBellCheck, IconRepeat } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatNumber, formatTime, EventStatus, seriesRuleWords, type GoingAnswers, type GoingState, type HubEvent, type SeriesDate } from '@hubbub/contract';
import { useNow } from '@/lib/dates/use-now';
import { notifyProblem } from '@/lib/ui';
import { useFollowSeries, useSeries } from '../api/series';
import { EveryDateButton, EveryDateSwitch } from './every-date';
import { RepeatPanel } from './repeat-panel';

const SHOWN = 6;

/** The viewer's place at a date, in the words home uses. */
const GOING_LOOK: Record<GoingState, { label: string; color: string }> = {
  going: { label: 'Going', color: 'teal' },
  offered: { label: 'Seat offered', color: 'blue' },
  waitlisted: { label: 'Waitlist', color: 'gray' },
  pending: { label: 'Awaiting approval', color: 'yellow' },
  declined: { label: 'Declined', color: 'red' },
};

function DateLine({ date, current, timeZone }: { date: SeriesDate; current: boolean; timeZone: string }) {
  const canceled = date.status === EventStatus.Canceled;
  const when = `${formatDate(date.startDate, { timeZone })}, ${formatTime(date.startDate, { timeZone })}`;
  return (
    <Group gap="xs" wrap="nowrap" component="li" data-testid="series-date">
      {current ? (
        <Text size="sm" fw={600} aria-current="page">
          {when}
        </Text>
      ) : (
        <Anchor component={Link} to={`/event/${date.eventId}`} size="sm" td={canceled ? 'line-through' : undefined}>
          {when}
        </Anchor>
      )}
      {current && (
        <Badge size="sm" variant="light">
          This date
        </Badge>
      )}
      {canceled && (
        <Badge size="sm" color="gray" variant="light">
          Canceled
        </Badge>
      )}
      {date.edited && !canceled && (
        <Badge size="sm" color="grape" variant="light">
          Changed
        </Badge>
      )}
      {date.going && (
        <Badge size="sm" color={GOING_LOOK[date.going].color} variant="light" data-testid="series-date-going">
          {GOING_LOOK[date.going].label}
        </Badge>
      )}
    </Group>
  );
}

function FollowSeriesButton({ seriesId, following }: { seriesId: string; following: boolean }) {
  const follow = useFollowSeries();
  const toggle = () =>
    follow.mutate({ id: seriesId, following: !following }, { onError: (error) => notifyProblem(error, following ? 'Could not stop following the series' : 'Could not follow the series') });
  return (
    <Button
      variant={following ? 'light' : 'filled'}
      size="xs"
      leftSection={following ? <IconBellCheck size={16} aria-hidden /> : <IconBell size={16} aria-hidden />}
      loading={follow.isPending}
      onClick={toggle}
      aria-pressed={following}
      data-testid="series-follow"
    >
      {following ? 'Following every date' : 'Follow every date'}
    </Button>
  );
}

/**
 * The dates of the series this event belongs to: its rule in words and the dates to come, each a
 * link with where the viewer stands there. A signed-in guest may follow every date at once, and go
 * to every date when the host allows it (with `standing`, their guests and answers at this date);
 * the host decides whether they may.
 */
export function SeriesDates({
  event,
  viewer,
  standing,
}: {
  event: HubEvent;
  viewer: 'host' | 'guest' | 'visitor';
  standing: { guests: number; answers: GoingAnswers } | null;
}) {
  const series = useSeries(event.seriesId);
  const now = useNow();
  const [all, setAll] = useState(false);
  const [changing, setChanging] = useState(false);
  if (!series.data) return null;
  const { data } = series;
  const upcoming = data.dates.filter((d) => Date.parse(d.endDate) > now.getTime() || d.eventId === event.id);
  const shown = all ? upcoming : upcoming.slice(0, SHOWN);
  const toCome = upcoming.filter((d) => d.status !== EventStatus.Canceled).length;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="series-heading" data-testid="series-dates">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="series-heading">
            {seriesRuleWords(data.rule, data.timeZone)}
          </Title>
          <Text size="sm" c="dimmed">
            {formatNumber(toCome)} {toCome === 1 ? 'date' : 'dates'} to come
          </Text>
        </Group>
        {viewer === 'guest' && (
          <Group gap="xs" wrap="wrap">
            <FollowSeriesButton seriesId={data.id} following={data.following} />
            <Text size="xs" c="dimmed">
              {data.following ? 'Every date to come is in your calendar and reminders, new ones too.' : 'One click follows each date, and the dates added later.'}
            </Text>
          </Group>
        )}
        {viewer === 'guest' && (data.everyDate || data.goingEvery) && toCome > 0 && <EveryDateButton series={data} standing={standing} />}
        {viewer === 'host' && <EveryDateSwitch series={data} />}
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((date) => (
            <DateLine key={date.eventId} date={date} current={date.eventId === event.id} timeZone={data.timeZone} />
          ))}
        </Stack>
        {upcoming.length > SHOWN && (
          <Button variant="subtle" size="xs" px={0} onClick={() => setAll(!all)} style={{ alignSelf: 'flex-start' }} data-testid="series-all">
            {all ? 'Show fewer' : `Show all ${formatNumber(upcoming.length)} dates`}
          </Button>
        )}
        {data.datesUntil && (
          <Text size="xs" c="dimmed">
            Dates six months ahead are on the calendar; more are added as time goes on.
          </Text>
        )}
        {viewer === 'host' && Date.parse(event.startDate) > now.getTime() && (
          <>
            <Button
              variant="subtle"
              size="xs"
              px={0}
              leftSection={<IconRepeat size={14} aria-hidden />}
              onClick={() => setChanging(!changing)}
              aria-expanded={changing}
              style={{ alignSelf: 'flex-start' }}
              data-testid="series-change-repeat"
            >
              {changing ? 'Keep the repeat as it is' : 'Change the repeat from this date'}
            </Button>
            <Collapse in={changing}>
              <Divider mb="sm" />
              <RepeatPanel event={event} seriesId={data.id} onDone={() => setChanging(false)} />
            </Collapse>
          </>
        )}
      </Stack>
    </Paper>
  );
}
