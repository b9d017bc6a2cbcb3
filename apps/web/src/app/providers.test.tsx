import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DatePicker } from '@mantine/dates';
import { firstDayOfWeek } from '@hubbub/contract';
import { AppProviders } from './providers';

describe('AppProviders', () => {
  it("starts the date pickers' weeks on the locale's first day, with the locale's weekend", () => {
    render(
      <AppProviders>
        <DatePicker defaultDate={new Date(2026, 10, 1)} />
      </AppProviders>,
    );
    // The test runs in en-US: weeks start on Sunday, and Saturday and Sunday are the weekend.
    expect(firstDayOfWeek()).toBe(0);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers.slice(0, 2)).toEqual(['Su', 'Mo']);
    // November 1st, 2026 is a Sunday: the first cell of the month, a weekend day; the 2nd is not.
    const first = screen.getByRole('button', { name: '1 November 2026' });
    expect(first.hasAttribute('data-weekend')).toBe(true);
    expect(screen.getByRole('button', { name: '2 November 2026' }).hasAttribute('data-weekend')).toBe(false);
  });
});
