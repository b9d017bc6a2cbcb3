import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStatus, eventsApi, type EventSummary, type PersonEvents as PersonEventsPage } from '@hubbub/contract';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PersonEvents } from './person-events';

const ADA = '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c';

function event(n: number, over: Partial<EventSummary> = {}): EventSummary {
  return {
    id: `a1b2c3d4-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: ADA,
    name: `Engine night ${n}`,
    startDate: '2030-06-01T18:00:00.000Z',
    endDate: '2030-06-01T21:00:00.000Z',
    timeZone: 'Europe/London',
    slug: `engine-night-${n}`,
    venue: null,
    area: null,
    thumbnailPath: null,
    status: EventStatus.Created,
    updated: '2030-01-01T00:00:00.000Z',
    publishOnDate: null,
    host: { id: ADA, name: 'Ada Lovelace' },
    tags: [],
    series: null,
    origin: null,
    ...over,
  };
}

const page = (when: 'upcoming' | 'past', events: EventSummary[], totalCount = events.length, pageNumber = 1): PersonEventsPage => ({ when, totalCount, pageNumber, pageSize: 20, events });

function server(upcoming: EventSummary[], past: EventSummary[]) {
  return fakeApi().on(eventsApi.ofPerson, (call) => {
    const when = call.query.get('when') === 'past' ? 'past' : 'upcoming';
    const list = when === 'past' ? past : upcoming;
    const n = Number(call.query.get('pageNumber') ?? 1);
    return page(when, list.slice((n - 1) * 20, n * 20), list.length, n);
  });
}

describe('PersonEvents', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts each list as it lists, upcoming first, and a visitor reaches the public page of each event', async () => {
    server([event(1), event(2, { status: EventStatus.Canceled })], [event(3, { startDate: '2020-01-01T18:00:00.000Z', endDate: '2020-01-01T20:00:00.000Z' })]);
    renderWithProviders(<PersonEvents personId={ADA} signedIn={false} />);
    expect(await screen.findByRole('tab', { name: 'Upcoming (2)' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Past (1)' })).toBeTruthy();
    const upcoming = screen.getByTestId('person-events-upcoming');
    const link = within(upcoming).getByRole('link', { name: 'Engine night 1' });
    // The public page is the server's: a plain link, loaded whole.
    expect(link.getAttribute('href')).toBe('/e/engine-night-1');
    expect(within(upcoming).getAllByTestId('event-card')).toHaveLength(2);
    expect(within(upcoming).getByTestId('event-card-phase').textContent).toBe('Canceled');

    fireEvent.click(screen.getByRole('tab', { name: 'Past (1)' }));
    const past = await screen.findByTestId('person-events-past');
    expect(within(past).getByRole('link', { name: 'Engine night 3' }).getAttribute('href')).toBe('/e/engine-night-3');
    expect(within(past).getByTestId('event-card-phase').textContent).toBe('Ended');
  });

  it('sends a signed-in reader to the full page, and pages through a long list', async () => {
    const many = Array.from({ length: 23 }, (_, i) => event(i + 1));
    const api = server(many, []);
    renderWithProviders(<PersonEvents personId={ADA} signedIn />);
    expect(await screen.findByRole('tab', { name: 'Upcoming (23)' })).toBeTruthy();
    const upcoming = screen.getByTestId('person-events-upcoming');
    expect(within(upcoming).getAllByTestId('event-card')).toHaveLength(20);
    expect(within(upcoming).getByRole('link', { name: 'Engine night 1' }).getAttribute('href')).toBe(`/event/${many[0].id}`);
    fireEvent.click(within(upcoming).getByRole('button', { name: '2' }));
    expect(await within(upcoming).findByRole('link', { name: 'Engine night 21' })).toBeTruthy();
    expect(api.calls(eventsApi.ofPerson).map((c) => [c.query.get('when'), c.query.get('pageNumber')])).toEqual([
      ['upcoming', '1'],
      ['past', '1'],
      ['upcoming', '2'],
    ]);
  });

  it('says so when a list is empty', async () => {
    server([], []);
    renderWithProviders(<PersonEvents personId={ADA} signedIn={false} />);
    expect(await screen.findByText('No upcoming events.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Past (0)' })).toBeTruthy();
  });
});
