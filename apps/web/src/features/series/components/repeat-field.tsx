import { Group, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { NO_REPEAT, seriesRuleWords, type RepeatKind, type RepeatPick } from '@hubbub/contract';
import { pickedRule, repeatChoices } from '../rule-words';

interface RepeatFieldProps {
  /** The event's start as typed (ISO), or null before there is one. */
  start: string | null;
  timeZone: string;
  value: RepeatPick;
  onChange: (pick: RepeatPick) => void;
}

/**
 * "Repeats" in quick create (issue 29): the choices that include the start's own day, and an end
 * after a number of dates. The series is made once the event is published (the route does it).
 */
export function RepeatField({ start, timeZone, value, onChange }: RepeatFieldProps) {
  const choices = start ? repeatChoices(start, timeZone) : [];
  // A pick the new start does not allow ("the last Tuesday" moved to a first) reads as none.
  const chosen = choices.find((c) => c.kind === value.kind);
  const rule = start ? pickedRule(value, start, timeZone) : null;
  return (
    <Stack gap={6} data-testid="quick-repeat">
      <Select
        label="Repeats"
        data={[{ value: 'none', label: 'Does not repeat' }, ...choices.map((c) => ({ value: c.kind, label: c.label }))]}
        value={chosen?.kind ?? 'none'}
        onChange={(v) => onChange({ ...value, kind: v && v !== 'none' ? (v as RepeatKind) : null })}
        allowDeselect={false}
        disabled={!start}
        description={start ? undefined : 'Pick the start first.'}
        comboboxProps={{ withinPortal: true }}
        data-testid="quick-repeat-rule"
      />
      {chosen && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Ends"
            value={chosen.daily ? 'count' : value.end}
            onChange={(v) => onChange({ ...value, end: v as RepeatPick['end'] })}
            data={[
              { value: 'never', label: 'No end', disabled: chosen.daily },
              { value: 'count', label: 'After' },
            ]}
            data-testid="quick-repeat-end"
          />
          {(chosen.daily || value.end === 'count') && (
            <NumberInput
              aria-label="Number of dates"
              min={2}
              max={100}
              w={110}
              suffix=" dates"
              value={value.count}
              onChange={(n) => onChange({ ...value, count: typeof n === 'number' ? n : NO_REPEAT.count })}
              allowDecimal={false}
              data-testid="quick-repeat-count"
            />
          )}
        </Group>
      )}
      {rule && (
        <Text size="sm" c="dimmed" data-testid="quick-repeat-summary">
          {seriesRuleWords(rule, timeZone)}; each date gets its own page. Cancel or change a date on its own later.
        </Text>
      )}
    </Stack>
  );
}
