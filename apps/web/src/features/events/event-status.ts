import type { MantineColor } from '@mantine/core';
import { EventStatus, type EventStatusValue } from '@hubbub/contract';

export const STATUS_LABELS: Record<EventStatusValue, string> = {
  [EventStatus.Created]: 'Created',
  [EventStatus.Started]: 'Started',
  [EventStatus.Completed]: 'Completed',
  [EventStatus.Canceled]: 'Canceled',
};

export const STATUS_COLORS: Record<EventStatusValue, MantineColor> = {
  [EventStatus.Created]: 'blue',
  [EventStatus.Started]: 'green',
  [EventStatus.Completed]: 'gray',
  [EventStatus.Canceled]: 'red',
};

export const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as unknown as EventStatusValue[]).map((value) => ({
  value: String(value),
  label: STATUS_LABELS[value],
}));
