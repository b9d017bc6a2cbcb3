import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventStatus, type EventStatusValue, type EventSummary } from '@hubbub/contract';
import { renderWithProviders } from '@/test/render';
import { EventCard } from '@/components/event-card';
import { EventPhaseBadge } from './status-badge';

// The card and the page read an event's lifecycle in plain words, from its dates and live session;
// the stored status names (Created, Started, Completed) never show.

const NOW = new Date('2026-11-25T17:40:00Z'); // 11:40 AM in Chicago, the day of the event
const tonight = { startDate: '2026-11-26T01:00:00.000Z', endDate: '2026-11-26T04:00:00.000Z' }; // 7 – 10 PM CST

function summary(status: EventStatusValue, dates: { startDate: string; endDate: string } = tonight): EventSummary {
  return {
    id: '6f1b3f0e-2c4d-4a5b-9c8d-7e6f5a4b3c2d',
    userId: '0b5e3a1c-8d2f-4e6a-b9c7-1d3e5f7a9b2c',
    name: 'Rooftop Jazz & Tacos',
    ...dates,
    timeZone: 'America/Chicago',
    slug: 'rooftop-jazz-tacos',
    venue: 'The Roof',
    area: null,
    thumbnailPath: null,
    status,
    updated: '2026-11-20T00:00:00.000Z',
    publishOnDate: null,
    host: { id: '0b5e3a1c-8d2f-4e6a-b9c7-1d3e5f7a9b2c', name: 'Dana' },
    tags: [],
    series: null,
    origin: null,
  };
}

const cases: [string, EventSummary, string, string][] = [
  ['upcoming: before its start, stored Created', summary(EventStatus.Created), 'Upcoming', 'upcoming'],
  ['upcoming: a buzz stopped early left Completed', summary(EventStatus.Completed), 'Upcoming', 'upcoming'],
  ['happening now: between start and end', summary(EventStatus.Created, { startDate: '2026-11-25T16:00:00.000Z', endDate: '2026-11-25T20:00:00.000Z' }), 'Happening now', 'happening'],
  ['live: a buzz runs, even before the start', summary(EventStatus.Started), 'Live', 'live'],
  ['ended: its end has passed, whatever the status', summary(EventStatus.Created, { startDate: '2026-11-24T01:00:00.000Z', endDate: '2026-11-24T04:00:00.000Z' }), 'Ended', 'ended'],
  ['canceled', summary(EventStatus.Canceled), 'Canceled', 'canceled'],
];

describe('the lifecycle badge', () => {
  it.each(cases)('on an event card: %s', (_, event, label, phase) => {
    renderWithProviders(<EventCard event={event} now={NOW} />);
    const card = screen.getByTestId('event-card');
    expect(card.getAttribute('data-phase')).toBe(phase);
    // "Upcoming" goes without saying in a list; every other phase is named on the card.
    const badge = within(card).queryByTestId('event-card-phase');
    if (phase === 'upcoming') expect(badge).toBeNull();
    else expect([badge?.textContent, badge?.getAttribute('data-phase')]).toEqual([label, phase]);
    expect(screen.getByTestId('event-card').textContent).not.toMatch(/Created|Started|Completed/i);
  });

  it.each(cases)('alone: %s', (_, event, label) => {
    renderWithProviders(<EventPhaseBadge event={event} now={NOW} data-testid="badge" />);
    expect(screen.getByTestId('badge').textContent).toBe(label);
  });

  it('shows a live event with the pulsing dot, and no other phase with it', () => {
    const { container, unmount } = renderWithProviders(<EventPhaseBadge event={summary(EventStatus.Started)} now={NOW} />);
    expect(container.querySelector('[data-phase="live"] span[aria-hidden]')).not.toBeNull();
    unmount();
    const quiet = renderWithProviders(<EventPhaseBadge event={summary(EventStatus.Created)} now={NOW} />);
    expect(quiet.container.querySelector('[data-phase="upcoming"] span[aria-hidden]')).toBeNull();
  });

  it('leads a visitor to the public page and a signed-in person to the full one', () => {
    const event = summary(EventStatus.Created);
    const visitor = renderWithProviders(<EventCard event={event} visitor now={NOW} />);
    expect(screen.getByRole('link', { name: event.name }).getAttribute('href')).toBe('/e/rooftop-jazz-tacos');
    visitor.unmount();
    renderWithProviders(<EventCard event={event} now={NOW} />);
    expect(screen.getByRole('link', { name: event.name }).getAttribute('href')).toBe(`/event/${event.id}`);
  });

  it('writes the dates once, with the contract formatter: in the event’s zone and the reader’s', () => {
    renderWithProviders(<EventCard event={summary(EventStatus.Created)} now={NOW} />);
    expect(screen.getByText('Wed, Nov 25, 7:00 – 10:00 PM CST')).toBeTruthy();
  });
});
