import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { timeZoneLabel } from '@hubbub/contract';

export interface TimeZoneOption {
  value: string;
  label: string;
}

let allZones: TimeZoneOption[] | undefined;

/**
 * Every zone the browser knows, as people say them ("Central Time (Chicago)"), in label order;
 * the current one is kept even when the browser does not list it. Built once: a few hundred labels.
 */
export function timeZoneOptions(current: string): TimeZoneOption[] {
  allZones ??= (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'])
    .map((value) => ({ value, label: timeZoneLabel(value) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return !current || allZones.some((z) => z.value === current) ? allZones : [{ value: current, label: timeZoneLabel(current) }, ...allZones];
}

/** The event's zone: set from its place, changed here by its readable name (never a raw IANA id). */
export function TimeZoneField({ value, ...props }: Omit<SelectProps, 'data'> & { value: string }) {
  const data = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Select
      label="Time zone"
      description="Set from the place; the dates are entered in this zone."
      searchable
      data={data}
      allowDeselect={false}
      nothingFoundMessage="No time zone by that name"
      comboboxProps={{ withinPortal: true }}
      value={value}
      {...props}
    />
  );
}
