import type { ReactNode } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { CALENDAR_ALERT_LABELS, CALENDAR_ALERTS, type CalendarAlert } from '@hubbub/contract';

const OPTIONS = CALENDAR_ALERTS.map((value) => ({ value, label: CALENDAR_ALERT_LABELS[value] }));

const isAlert = (value: string | null): value is CalendarAlert => (CALENDAR_ALERTS as readonly (string | null)[]).includes(value);

type CalendarAlertSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'label' | 'allowDeselect'> & {
  value: CalendarAlert;
  onChange: (alert: CalendarAlert) => void;
  label?: ReactNode;
};

/**
 * Whether a calendar emails its owner the events new in it. Shared by the calendars' rows and
 * dialogs and by Settings, so the choice reads the same, under the same label, wherever it is made.
 */
export function CalendarAlertSelect({ value, onChange, label = 'Email alerts', ...rest }: CalendarAlertSelectProps) {
  return (
    <Select
      label={label}
      data={OPTIONS}
      value={value}
      onChange={(next) => isAlert(next) && onChange(next)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
