import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatRange, type Flyer, type Timeline } from '@hubbub/contract';
import { notify, notifyProblem } from '@/lib/ui';
import { useCancelLaunch } from '../api/launches';
import { sortTimelines } from '../buzz-model';
import { stageSummary } from '../console-model';

const STATE_COLOR: Record<Timeline['state'], string> = { Active: 'green', Scheduled: 'blue', Done: 'gray', Canceled: 'gray' };

const repeatLabel = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);

/** "In 5 minutes" must not stay on screen for an hour: the summary reads the clock again every half minute. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What is on stage now and until when, and what comes next and when: the timeline in two lines. */
function StageSummary({ timelines, names }: { timelines: Timeline[]; names: Map<string, string> }) {
  const now = useMinuteClock();
  const summary = stageSummary(timelines, names, now);
  return (
    <Paper withBorder radius="md" p="xs" data-testid="stage-summary">
      <Stack gap={2}>
        <Text size="sm" data-testid="stage-now">
          <Text span fw={600}>
            On stage now:{' '}
          </Text>
          {summary.now ? `${summary.now.names}, until ${summary.now.until}` : 'nothing'}
        </Text>
        <Text size="sm" data-testid="stage-next">
          <Text span fw={600}>
            Next:{' '}
          </Text>
          {summary.next ? `${summary.next.names}, ${summary.next.when} (${summary.next.relative})` : 'nothing scheduled'}
        </Text>
      </Stack>
    </Paper>
  );
}

/** `actions` adds the host's own buttons to each launch (a date of a series reuses it on other dates). */
export function TimelineList({
  timelines,
  flyers,
  isOwner,
  actions,
}: {
  timelines: Timeline[];
  flyers: Flyer[];
  isOwner: boolean;
  actions?: (timeline: Timeline) => ReactNode;
}) {
  const cancel = useCancelLaunch();
  const names = new Map(flyers.map((f) => [f.id, f.name]));
  if (timelines.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Nothing launched yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <StageSummary timelines={timelines} names={names} />
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Timeline" data-testid="timeline">
        {sortTimelines(timelines).map((t) => (
          <Paper component="li" key={t.id} withBorder radius="md" p="xs" data-testid="timeline-item" data-state={t.state}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {t.flyerIds.map((id) => names.get(id) ?? 'Flyer').join(', ')}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatRange(t.startDate, t.endDate)}
                  {t.repeatEverySeconds ? ` · comes back every ${repeatLabel(t.repeatEverySeconds)}` : ''}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                <Badge color={STATE_COLOR[t.state]} variant="light">
                  {t.state}
                </Badge>
                {actions?.(t)}
                {isOwner && (t.state === 'Scheduled' || t.state === 'Active') && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={t.state === 'Active' ? 'Stop this launch now' : 'Cancel this launch'}
                    data-testid="timeline-cancel"
                    loading={cancel.isPending && cancel.variables?.id === t.id}
                    onClick={() =>
                      cancel.mutate(
                        { id: t.id, eventId: t.eventId },
                        { onSuccess: () => notify.success(t.state === 'Active' ? 'Launch stopped.' : 'Launch canceled.'), onError: (e) => notifyProblem(e, 'Could not cancel') },
                      )
                    }
                  >
                    {t.state === 'Active' ? 'Stop' : 'Cancel'}
                  </Button>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
