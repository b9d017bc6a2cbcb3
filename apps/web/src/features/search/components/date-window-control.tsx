import { lazy, Suspense, useState } from 'react';
import { Box, Button, Center, Loader, Popover, SegmentedControl, Stack, Text } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { choiceFor, describeRange, presetWindow, rangeFromWindow, WINDOW_CHOICES, windowFromRange, type DateWindow, type Day, type WindowPreset } from '../date-window';

const DateRangePicker = lazy(() => import('./date-range-picker'));

/** What the calendar's place holds while it loads: about its size, so the popover does not jump. */
const calendarLoading = (
  <Center w={252} h={290}>
    <Loader size="sm" aria-label="Loading the calendar" />
  </Center>
);

interface DateWindowControlProps {
  value: DateWindow;
  today: Day;
  onChange: (window: DateWindow) => void;
  /** Shorter labels for narrow screens. */
  compact?: boolean;
  /** The choices across the whole width, the range below them (a phone's filter panel). */
  fullWidth?: boolean;
}

/** Today, this weekend, 7 or 30 days, or a custom range from a calendar. */
export function DateWindowControl({ value, today, onChange, compact = false, fullWidth = false }: DateWindowControlProps) {
  const choice = choiceFor(value, today);
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState<DatesRangeValue<string>>(() => rangeFromWindow(value));

  const openCalendar = () => {
    setRange(rangeFromWindow(value));
    setOpen(true);
  };

  return (
    // Never wraps: a longer range ("Nov 28 – Nov 30") must not push anything to a new row.
    <Box role="group" aria-label="Dates" style={fullWidth ? { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 6 } : { display: 'flex', alignItems: 'center', gap: 6, flex: 'none' }}>
      <SegmentedControl
        size="xs"
        fullWidth={fullWidth}
        style={fullWidth ? { alignSelf: 'stretch' } : undefined}
        value={choice}
        data={WINDOW_CHOICES.map((c) => ({ value: c.value, label: compact ? c.short : c.label }))}
        onChange={(next) => {
          // "Custom" only opens the calendar; the window changes once a range is picked.
          if (next === 'custom') openCalendar();
          else onChange(presetWindow(next as WindowPreset, today));
        }}
      />
      <Popover opened={open} onChange={setOpen} position="bottom-start" withArrow shadow="md" trapFocus returnFocus>
        <Popover.Target>
          <Button
            size="compact-sm"
            variant={choice === 'custom' ? 'light' : 'subtle'}
            leftSection={<IconCalendar size={14} aria-hidden />}
            onClick={() => (open ? setOpen(false) : openCalendar())}
            aria-label={`Choose dates. Now showing ${describeRange(value)}`}
            data-testid="date-range-button"
          >
            {describeRange(value)}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Pick the first and last day
            </Text>
            <Suspense fallback={calendarLoading}>
              <DateRangePicker
                value={range}
                onChange={(next) => {
                  setRange(next);
                  const window = windowFromRange(next[0], next[1]);
                  if (window) {
                    onChange(window);
                    setOpen(false);
                  }
                }}
              />
            </Suspense>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Box>
  );
}
