import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStatus, homeApi, localTimeZone, type Home, type HomeEvent } from '@hubbub/contract';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { signIn, signOut } from '@/test/session';
import { useHome } from '../api/get-home';
import { HomeSections } from './home-sections';

const NOW = new Date('2026-11-25T17:40:00Z'); // Wednesday, 11:40 AM in Chicago
const ZONE = 'America/Chicago';
const KANSAS_CITY = { name: 'Kansas City, MO', latitude: 39.0997, longitude: -94.5786, zoom: 9, source: 'profile' as const };

function emptyHome(over: Partial<Home> = {}): Home {
  return {
    timeZone: ZONE,
    area: null,
    liveNow: [],
    tonight: { from: '2026-11-25T23:00:00.000Z', to: '2026-11-26T10:00:00.000Z', searchFrom: '2026-11-25', searchDays: 1, events: [] },
    weekend: { from: '2026-11-27T23:00:00.000Z', to: '2026-11-30T10:00:00.000Z', searchFrom: '2026-11-27', searchDays: 3, isNext: false, events: [] },
    next: [],
    fromFollowing: [],
    followingCount: 0,
    ...over,
  };
}

function event(over: Partial<HomeEvent> = {}): HomeEvent {
  return {
    id: '5b1e8c0a-1f2d-4e3c-9a8b-7c6d5e4f3a21',
    userId: '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c',
    name: 'Rooftop Jazz & Tacos',
    startDate: '2026-11-26T01:00:00.000Z',
    endDate: '2026-11-26T04:00:00.000Z',
    timeZone: ZONE,
    slug: 'rooftop-jazz-tacos',
    venue: 'The Rooftop',
    area: { id: null, userId: null, name: 'Union Station', type: 4, latitude: 39.08, longitude: -94.58, zoom: 12, streetAddress: null, city: 'Kansas City', state: 'MO', zipCode: null, country: 'US' },
    thumbnailPath: null,
    status: EventStatus.Created,
    updated: '2026-11-01T00:00:00.000Z',
    publishOnDate: null,
    host: { id: '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c', name: 'Dana Demo' },
    tags: [],
    series: null,
    origin: null,
    relation: null,
    waitlistPlace: null,
    door: null,
    ...over,
  };
}

const section = (testId: string) => screen.getByTestId(testId);
const linksIn = (el: HTMLElement) => within(el).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('HomeSections', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await signOut();
  });

  it('without a place: every empty section leads somewhere, near-you ones to setting a city or the search', () => {
    renderWithProviders(<HomeSections home={emptyHome()} now={NOW} />);
    expect(within(section('home-live-empty')).getByText('Nothing live right now.')).toBeTruthy();
    expect(linksIn(section('home-live-empty'))).toEqual([['Find events near you', '/search']]);
    for (const id of ['home-tonight-empty', 'home-weekend-empty']) {
      expect(within(section(id)).getByText(/Tell us your city/)).toBeTruthy();
      expect(linksIn(section(id))).toEqual([
        ['Set your city', '/account/profile'],
        ['Find events near you', '/search'],
      ]);
    }
    expect(linksIn(section('home-next-empty'))).toEqual([
      ['Find events near you', '/search'],
      ['Create an event', '/events/new'],
    ]);
    expect(within(section('home-following-empty')).getByText(/You do not follow anyone yet/)).toBeTruthy();
    expect(linksIn(section('home-following-empty'))).toEqual([['Browse people', '/people']]);
    // Titles do not claim a place they do not know; "more" links show only over events.
    expect(screen.getByRole('heading', { name: 'Tonight' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See more on the map' })).toBeNull();
  });

  it('with a place: the search links open the map there, on tonight’s or the weekend’s days', () => {
    renderWithProviders(<HomeSections home={emptyHome({ area: KANSAS_CITY, followingCount: 2 })} now={NOW} />);
    expect(screen.getByRole('heading', { name: 'Tonight near Kansas City, MO' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This weekend near Kansas City, MO' })).toBeTruthy();
    const view = 'lat=39.0997&lng=-94.5786&z=9';
    expect(linksIn(section('home-live-empty'))).toEqual([['Find events near Kansas City, MO', `/search?${view}`]]);
    expect(within(section('home-tonight-empty')).getByText('Nothing on tonight near Kansas City, MO yet.')).toBeTruthy();
    expect(linksIn(section('home-tonight-empty'))).toEqual([['Find events near you', `/search?from=2026-11-25&days=1&${view}`]]);
    expect(linksIn(section('home-weekend-empty'))).toEqual([['Find events near you', `/search?from=2026-11-27&days=3&${view}`]]);
    // Following people who have nothing planned reads differently from following nobody.
    expect(within(section('home-following-empty')).getByText('The people you follow have nothing coming up.')).toBeTruthy();
    expect(linksIn(section('home-following-empty'))).toEqual([
      ['Browse people', '/people'],
      ['Find events near Kansas City, MO', `/search?${view}`],
    ]);
    // When each stretch is, in the reader's zone.
    expect(within(section('home-tonight')).getByText(/^5:00\sPM until 4:00\sAM$/)).toBeTruthy();
    expect(within(section('home-weekend')).getByText('Fri, Nov 27 to Sun, Nov 29')).toBeTruthy();
  });

  it('on a Sunday the weekend section is the next one', () => {
    renderWithProviders(<HomeSections home={emptyHome({ area: KANSAS_CITY, weekend: { ...emptyHome().weekend, isNext: true } })} now={NOW} />);
    expect(screen.getByRole('heading', { name: 'Next weekend near Kansas City, MO' })).toBeTruthy();
  });

  it('lists events as cards with the person’s tie, a live one with the way to its buzz, and no empty state', () => {
    const live = event({ id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Green Room Jazz Marathon', status: EventStatus.Started, relation: 'follower', startDate: '2026-11-25T16:00:00.000Z' });
    const mine = event({ id: 'a1b2c3d4-0000-4000-8000-000000000002', relation: 'host', publishOnDate: '2026-12-01T00:00:00.000Z', door: { going: 40, checkedIn: 12 } });
    const going = event({ id: 'a1b2c3d4-0000-4000-8000-000000000003', name: 'Potluck', relation: 'attendee' });
    const empty = event({ id: 'a1b2c3d4-0000-4000-8000-000000000005', name: 'Nobody yet', relation: 'host', door: { going: 0, checkedIn: 0 } });
    const waiting = event({ id: 'a1b2c3d4-0000-4000-8000-000000000004', name: 'Sold-out Supper', relation: 'waitlisted', waitlistPlace: 3 });
    renderWithProviders(<HomeSections home={emptyHome({ area: KANSAS_CITY, liveNow: [live], tonight: { ...emptyHome().tonight, events: [mine] }, next: [going, waiting, mine, empty] })} now={NOW} />);
    expect(screen.queryByTestId('home-live-empty')).toBeNull();
    const liveCard = within(section('home-live')).getByTestId('event-card');
    expect(within(liveCard).getByTestId('event-card-phase').textContent).toBe('Live');
    expect(within(liveCard).getByText('Following')).toBeTruthy();
    expect(within(liveCard).getByRole('link', { name: 'Watch live' }).getAttribute('href')).toBe(`/buzz/${live.id}`);
    expect(within(liveCard).getByRole('link', { name: 'Green Room Jazz Marathon' }).getAttribute('href')).toBe(`/event/${live.id}`);
    const tonight = within(section('home-tonight'));
    expect(tonight.getByText('You host')).toBeTruthy();
    expect(tonight.getByText('Draft')).toBeTruthy();
    expect(tonight.getByRole('link', { name: 'See more on the map' }).getAttribute('href')).toBe('/search?from=2026-11-25&days=1&lat=39.0997&lng=-94.5786&z=9');
    const next = within(section('home-next'));
    expect(next.getAllByTestId('event-card').map((c) => c.getAttribute('data-event-id'))).toEqual([going.id, waiting.id, mine.id, empty.id]);
    expect(next.getByText('Going')).toBeTruthy();
    // The waitlist place shows on the card.
    expect(next.getByText('Waitlist #3')).toBeTruthy();
    // "Upcoming" goes without saying; the times read in the event's zone.
    expect(within(section('home-next')).queryByTestId('event-card-phase')).toBeNull();
    expect(next.getAllByText(/Wed, Nov 25, 7:00\s–\s10:00\sPM CST/)).toHaveLength(4);
    // At the host's own event near its time: the door's counts, leading to the check-in screen.
    const door = within(next.getAllByTestId('event-card')[2]).getByRole('link', { name: '12 of 40 checked in' });
    expect(door.getAttribute('href')).toBe(`/event/${mine.id}/check-in`);
    expect(within(next.getAllByTestId('event-card')[0]).queryByTestId('home-door')).toBeNull();
    // Nobody going yet: no counts to show.
    expect(within(next.getAllByTestId('event-card')[3]).queryByTestId('home-door')).toBeNull();
  });

  it('asks the server once, in the browser’s time zone', async () => {
    const api = fakeApi().on(homeApi.get, emptyHome({ area: KANSAS_CITY }));
    signIn({ id: '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c' });
    function Probe() {
      const home = useHome();
      return home.data ? <HomeSections home={home.data} now={NOW} /> : null;
    }
    renderWithProviders(<Probe />);
    expect(await screen.findByRole('heading', { name: 'Tonight near Kansas City, MO' })).toBeTruthy();
    expect(api.all).toHaveLength(1);
    expect(api.calls(homeApi.get)[0].query.get('timeZone')).toBe(localTimeZone());
  });
});
