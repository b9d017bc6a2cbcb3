import { Button, Menu } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { EventStatus, formatDate, formatNumber, type Timeline } from '@hubbub/contract';
import { useNow } from '@/lib/dates/use-now';
import { notify, notifyProblem } from '@/lib/ui';
import { useCopySeriesTimeline, useSeries } from '../api/series';

/**
 * On a date of a series, the host reuses one of its launches: on the next date, or on every date
 * after this one (with an open-ended rule, also the dates the scheduler adds later, until the launch
 * is canceled). Each date gets its own copies of the flyers, timed from its own start.
 */
export function CopyTimelineMenu({ seriesId, timeline, timeZone }: { seriesId: string; timeline: Timeline; timeZone: string }) {
  const copy = useCopySeriesTimeline();
  const series = useSeries(seriesId).data;
  const now = useNow();
  const own = series?.dates.find((d) => d.eventId === timeline.eventId);
  const after = own ? series!.dates.filter((d) => d.ruleDate > own.ruleDate && d.status !== EventStatus.Canceled && Date.parse(d.endDate) > now.getTime()) : [];
  const run = (to: 'next' | 'every') =>
    copy.mutate(
      { id: seriesId, timelineId: timeline.id, to },
      {
        onSuccess: (copies) =>
          notify.success(
            copies.length === 1
              ? `Copied to ${formatDate(copies[0].startDate, { timeZone })}, with its own flyers.`
              : `Copied to ${formatNumber(copies.length)} dates, each with its own flyers${to === 'every' && series?.datesUntil ? ', and to each date added later' : ''}.`,
            'Launch copied',
          ),
        onError: (error) => notifyProblem(error, 'Could not copy the launch'),
      },
    );
  // The last date to come has nowhere to copy to.
  if (!after.length) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="subtle" leftSection={<IconCopy size={14} aria-hidden />} loading={copy.isPending} data-testid="timeline-copy">
          Reuse
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Copy this launch, with its flyers, to</Menu.Label>
        <Menu.Item onClick={() => run('next')} data-testid="timeline-copy-next">
          The next date, {formatDate(after[0].startDate, { timeZone })}
        </Menu.Item>
        {after.length > 1 && (
          <Menu.Item onClick={() => run('every')} data-testid="timeline-copy-every">
            Every date after this one ({formatNumber(after.length)}){series?.datesUntil ? ', and each date added later' : ''}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
