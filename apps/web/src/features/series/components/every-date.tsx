import { Button, Group, Switch, Text } from '@mantine/core';
import { IconCalendarCheck, IconCalendarRepeat } from '@tabler/icons-react';
import type { GoingAnswers, Series } from '@hubbub/contract';
import { isApiError } from '@/lib/api';
import { confirm, notifyProblem } from '@/lib/ui';
import { useGoEveryDate, useSeriesSettings } from '../api/series';

/** The host's switch: guests may say Going to every date at once (each date keeps its own seats, waitlist and approval). */
export function EveryDateSwitch({ series }: { series: Series }) {
  const settings = useSeriesSettings();
  return (
    <Switch
      checked={series.everyDate}
      disabled={settings.isPending}
      onChange={(e) => settings.mutate({ id: series.id, everyDate: e.currentTarget.checked }, { onError: (error) => notifyProblem(error, 'Could not change the series') })}
      label="Guests can say Going to every date"
      description={
        series.everyDate
          ? 'Each date still has its own seats, waitlist and approval. Turning this off keeps the places people took.'
          : 'Guests could take a place at every date to come in one click, instead of one date at a time.'
      }
      data-testid="series-every-date-switch"
    />
  );
}

/**
 * A guest goes to every date to come with the guests and answers they gave this date (none when
 * they have not said Going here), or stops. A date that asks questions they have not answered is
 * why saying Going here comes first.
 */
export function EveryDateButton({ series, standing }: { series: Series; standing: { guests: number; answers: GoingAnswers } | null }) {
  const change = useGoEveryDate();
  const going = series.goingEvery;
  const toggle = async () => {
    if (going) {
      const sure = await confirm({
        title: 'Give back every date?',
        message: 'Your seat or waitlist place at each date to come goes to the next person in line. You can still say Going to any date on its own.',
        confirmLabel: 'Give them back',
        cancelLabel: 'Keep my dates',
        danger: true,
      });
      if (!sure) return;
    }
    change.mutate(going ? { id: series.id, going: false } : { id: series.id, going: true, guests: standing?.guests ?? 0, answers: standing?.answers ?? {} }, {
      onError: (error) => {
        const unanswered = isApiError(error) && Object.keys(error.errors ?? {}).some((k) => k.startsWith('answers.'));
        notifyProblem(unanswered ? 'The host asks a few questions first: say Going to this date and answer them, then choose every date.' : error, 'Could not change your dates');
      },
    });
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        variant={going ? 'light' : 'filled'}
        color="teal"
        size="xs"
        leftSection={going ? <IconCalendarCheck size={16} aria-hidden /> : <IconCalendarRepeat size={16} aria-hidden />}
        loading={change.isPending}
        onClick={() => void toggle()}
        aria-pressed={going}
        data-testid="series-go-every"
      >
        {going ? 'Going to every date' : 'Go to every date'}
      </Button>
      <Text size="xs" c="dimmed">
        {going
          ? `You have a place at each date to come${series.datesUntil ? ', and at each date added later' : ''}.`
          : `A seat at each date to come, or a place on its waitlist when it is full${series.datesUntil ? '; dates added later too' : ''}.`}
      </Text>
    </Group>
  );
}
