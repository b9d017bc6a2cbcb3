import { screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { EventStatus, type EventList, type EventStatusValue } from '@hubbub/contract';
import { renderWithProviders } from '@/test/render';
import { BuzzPicker } from './buzz-picker';

type Listed = EventList['events'][number];
const HOUR = 3_600_000;

function listed(name: string, status: EventStatusValue, startsIn = 2 * HOUR): Listed {
  const start = Date.now() + startsIn;
  return {
    id: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    name,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3 * HOUR).toISOString(),
    timeZone: 'America/Chicago',
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    venue: null,
    area: null,
    thumbnailPath: null,
    status,
    updated: new Date().toISOString(),
    publishOnDate: null,
    host: { id: crypto.randomUUID(), name: 'River' },
    tags: [],
    series: null,
    origin: null,
    followLinkId: null,
  };
}

const loaded = (events: Listed[]) => ({ data: { events }, isPending: false, isError: false, isSuccess: true, status: 'success', error: null, refetch: () => {} }) as unknown as UseQueryResult<EventList>;

describe('the buzz picker', () => {
  it('a new person with nothing of their own is offered the buzzes live now, not "no events"', () => {
    const jazz = listed('Green Room Jazz Marathon', EventStatus.Started, -HOUR);
    renderWithProviders(<BuzzPicker mine={loaded([])} following={loaded([])} live={loaded([jazz])} />);
    expect(screen.getByTestId('buzz-live-list').textContent).toContain('Green Room Jazz Marathon');
    expect(screen.getByTestId('buzz-live-list').textContent).toContain('Live');
    expect(document.body.textContent).not.toMatch(/no events|host no events|not following/i);
    expect(screen.getByRole('link', { name: /Green Room Jazz Marathon/ }).getAttribute('href')).toBe(`/buzz/${jazz.id}`);
  });

  it('with nothing live and nothing of their own, leads to the search and to hosting', () => {
    renderWithProviders(<BuzzPicker mine={loaded([])} following={loaded([])} live={loaded([])} />);
    expect(screen.getByTestId('buzz-empty').textContent).toContain('No buzz is live right now.');
    expect(screen.getByRole('link', { name: 'Find events' }).getAttribute('href')).toBe('/search');
  });

  it('lists the person’s events with their phase, live first', () => {
    const later = listed('Book Club', EventStatus.Created, 5 * HOUR);
    const live = listed('Rooftop Jazz & Tacos', EventStatus.Started, 6 * HOUR);
    renderWithProviders(<BuzzPicker mine={loaded([later, live])} following={loaded([])} live={loaded([])} />);
    const rows = screen.getAllByTestId('buzz-pick').map((row) => row.textContent);
    expect(rows[0]).toContain('Rooftop Jazz & Tacos');
    expect(rows[0]).toMatch(/Live$/);
    expect(rows[1]).toMatch(/Upcoming$/);
    expect(screen.getByTestId('buzz-following').textContent).toContain('You are not following any events.');
  });
});
