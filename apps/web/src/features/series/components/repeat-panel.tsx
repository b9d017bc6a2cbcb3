import { useState } from 'react';
import { Button, Group, NumberInput, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { formatDate, formatNumber, seriesRuleWords, type HubEvent, type Series } from '@hubbub/contract';
import { isApiError } from '@/lib/api';
import { notify, notifyProblem } from '@/lib/ui';
import { useCreateSeries, useSplitSeries } from '../api/series';
import { repeatChoices, withEnd } from '../rule-words';

type EndKind = 'never' | 'count' | 'until';

/**
 * The host makes a one-off event repeat (issue 29): every week on its weekday, every other week,
 * monthly by weekday or date, or daily, ending never, after a number of dates or on a day. Each
 * date becomes an event of its own; the panel then gives way to the series' dates. On a date of a
 * series (`seriesId`), the same choices change the repeat from this date on ("this and following").
 */
export function RepeatPanel({ event, seriesId, onDone }: { event: HubEvent; seriesId?: string; onDone?: () => void }) {
  const choices = repeatChoices(event.startDate, event.timeZone);
  const [rule, setRule] = useState(choices[0].value);
  const [end, setEnd] = useState<EndKind>('never');
  const [count, setCount] = useState<number | string>(8);
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSeries();
  const split = useSplitSeries();
  const saving = create.isPending || split.isPending;
  const daily = choices.find((c) => c.value === rule)?.daily ?? false;
  // Every day for ever is refused by the server: a daily series ends.
  const endKind: EndKind = daily && end === 'never' ? 'count' : end;
  const full =
    endKind === 'count'
      ? withEnd(rule, { kind: 'count', count: Number(count) || 0 })
      : endKind === 'until'
        ? until
          ? withEnd(rule, { kind: 'until', date: until, timeZone: event.timeZone })
          : rule
        : rule;
  const submit = async () => {
    setError(null);
    if (endKind === 'until' && !until) return setError('Pick the last day.');
    try {
      const series: Series = seriesId ? await split.mutateAsync({ id: seriesId, from: event.id, rule: full }) : await create.mutateAsync({ eventId: event.id, rule: full });
      const more = series.datesUntil ? ' More are added as time goes on.' : '';
      const from = seriesId ? `From ${formatDate(event.startDate, { timeZone: event.timeZone })}, ` : '';
      notify.success(`${from}${seriesRuleWords(series.rule, series.timeZone)}: ${formatNumber(series.dates.length)} dates are on the calendar.${more}`);
      onDone?.();
    } catch (problem) {
      const reason = isApiError(problem) ? problem.errors?.rule?.[0] : undefined;
      if (reason) setError(reason);
      else notifyProblem(problem, 'The event could not be made to repeat');
    }
  };
  return (
    <Paper withBorder={!seriesId} radius="md" p={seriesId ? 0 : 'md'} component="section" aria-labelledby="repeat-heading" data-testid="repeat-panel">
      <Stack gap="sm">
        <div>
          <Title order={seriesId ? 3 : 2} size={seriesId ? 'h5' : 'h4'} id="repeat-heading">
            {seriesId ? 'Change the repeat from this date' : 'Repeat'}
          </Title>
          <Text size="sm" c="dimmed">
            {seriesId
              ? 'This date and the ones after it follow the new repeat; the dates before stay as they are. Dates that fall on the new repeat keep everyone going; the others are canceled and their people told.'
              : 'Make this a series: each date gets its own page, Going list and buzz, and people can follow them all at once.'}
          </Text>
        </div>
        <Select label="Repeats" data={choices.map(({ value, label }) => ({ value, label }))} value={rule} onChange={(v) => v && setRule(v)} allowDeselect={false} data-testid="repeat-rule" />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="repeat-end-label">
            Ends
          </Text>
          <SegmentedControl
            aria-labelledby="repeat-end-label"
            value={endKind}
            onChange={(v) => setEnd(v as EndKind)}
            data={[
              { value: 'never', label: 'Never', disabled: daily },
              { value: 'count', label: 'After' },
              { value: 'until', label: 'On a day' },
            ]}
            data-testid="repeat-end"
          />
          {daily && (
            <Text size="xs" c="dimmed">
              A daily series needs an end.
            </Text>
          )}
        </Stack>
        {endKind === 'count' && (
          <NumberInput label="Number of dates" min={2} max={100} value={count} onChange={setCount} allowDecimal={false} data-testid="repeat-count" />
        )}
        {endKind === 'until' && <TextInput type="date" label="Last day" value={until} onChange={(e) => setUntil(e.currentTarget.value)} data-testid="repeat-until" />}
        {error && (
          <Text size="sm" c="red" role="alert" data-testid="repeat-error">
            {error}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" data-testid="repeat-summary">
            {seriesRuleWords(full, event.timeZone)}
          </Text>
          <Button leftSection={<IconRepeat size={16} aria-hidden />} loading={saving} onClick={() => void submit()} data-testid="repeat-submit">
            {seriesId ? 'Change the repeat' : 'Repeat this event'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
