import { EventStatus, HOME_SECTION_SIZE, type City, type Home, type HomeArea, type HomeEvent } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import { doorCounts } from '../check-in/service.js';
import { homeEvents, type EventBox, type RelatedEvent } from '../events/service.js';
import { searchCities } from '../geo/service.js';
import { getProfile, summary } from '../users/service.js';
import { tonightWindow, weekendWindow, type HomeWindow } from './windows.js';

// The signed-in person's home: what's on for them, composed from the events, people and places
// modules in one answer. Each event shows in one section only.

/** "Near you": about 50 km around the area's centre, a city and its suburbs. */
const NEAR_KM = 50;
const KM_PER_DEGREE = 111.32;
/** The map zoom that shows about that much on a laptop screen, for the search links. */
const AREA_ZOOM = 9;
/** How many of the person's next events and their followed hosts' events the home lists. */
const LIST_SIZE = 10;

export function boxAround(latitude: number, longitude: number, km = NEAR_KM): EventBox {
  const dLat = km / KM_PER_DEGREE;
  const dLng = Math.min(180, km / (KM_PER_DEGREE * Math.max(0.05, Math.cos((latitude * Math.PI) / 180))));
  const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
  return {
    minLat: Math.max(-90, latitude - dLat),
    maxLat: Math.min(90, latitude + dLat),
    minLng: dLng >= 180 ? -180 : wrap(longitude - dLng),
    maxLng: dLng >= 180 ? 180 : wrap(longitude + dLng),
  };
}

/**
 * Place names the home has looked up: the gazetteer never changes while the server runs, and a
 * person's Location or zone is asked about on every visit. Bounded; the oldest go first.
 */
const places = new Map<string, City | null>();
const PLACES_KEPT = 2000;

async function placeNamed(ctx: AppContext, search: string): Promise<City | null> {
  const key = search.trim().toLowerCase();
  if (places.has(key)) return places.get(key) ?? null;
  let city: City | null = null;
  try {
    [city = null] = await searchCities({ ctx, search, limit: 1 });
  } catch {
    // Not a place name ("," alone): no area from it.
  }
  if (places.size >= PLACES_KEPT) places.delete(places.keys().next().value!);
  places.set(key, city);
  return city;
}

const cityName = (city: City) => [city.name, city.state ?? city.country].filter(Boolean).join(', ');

/** The city a zone is named after ("America/Argentina/Buenos_Aires": Buenos Aires); none for UTC and Etc/ zones. */
export function zoneCity(timeZone: string): string | null {
  const parts = timeZone.split('/');
  if (parts.length < 2 || parts[0] === 'Etc') return null;
  return parts[parts.length - 1].replace(/_/g, ' ');
}

/**
 * Where "near you" is, first that gives a place: the city of the profile's Location, the place of
 * the person's own next events (hosted first), the city their time zone is named after.
 */
async function areaOf(ctx: AppContext, location: string | null, next: RelatedEvent[], timeZone: string): Promise<HomeArea | null> {
  const around = (name: string, latitude: number, longitude: number, source: HomeArea['source']): HomeArea => ({ name, latitude, longitude, zoom: AREA_ZOOM, source });
  if (location) {
    const city = await placeNamed(ctx, location);
    if (city) return around(cityName(city), city.latitude, city.longitude, 'profile');
  }
  const placed = next.find((e) => e.relation === 'host' && e.area) ?? next.find((e) => e.area);
  if (placed?.area) {
    const { area } = placed;
    const name = area.city ? [area.city, area.state ?? area.country].filter(Boolean).join(', ') : area.name;
    return around(name || 'your events', area.latitude, area.longitude, 'events');
  }
  const zoned = zoneCity(timeZone);
  const city = zoned ? await placeNamed(ctx, zoned) : null;
  return city ? around(cityName(city), city.latitude, city.longitude, 'timeZone') : null;
}

const windowOf = (w: HomeWindow) => ({ from: w.from.toISOString(), to: w.to.toISOString(), searchFrom: w.searchFrom, searchDays: w.searchDays });

/** How long before its start a host's event shows its door's counts on the home. */
const DOOR_AHEAD_MS = 86_400_000;

/**
 * The home's events with their door's counts where the person hosts an event that runs now or
 * starts within a day (the time of check-in); null elsewhere. One read for every section.
 */
async function withDoors(ctx: AppContext, now: Date, sections: RelatedEvent[][]): Promise<HomeEvent[][]> {
  const atTheDoor = (e: RelatedEvent) =>
    (e.relation === 'host' || e.relation === 'co-host' || e.relation === 'check-in') && e.status !== EventStatus.Canceled && Date.parse(e.startDate) - now.getTime() <= DOOR_AHEAD_MS && Date.parse(e.endDate) > now.getTime();
  const ids = [...new Set(sections.flat().filter(atTheDoor).map((e) => e.id))];
  const counts = await doorCounts({ ctx, eventIds: ids });
  return sections.map((events) => events.map((e) => ({ ...e, door: counts.get(e.id) ?? null })));
}

/** The events not shown yet, at most `limit`, and marks them shown. */
function fresh(events: RelatedEvent[], shown: Set<string>, limit: number): RelatedEvent[] {
  const kept = events.filter((e) => !shown.has(e.id)).slice(0, limit);
  for (const e of kept) shown.add(e.id);
  return kept;
}

export async function getHome(opts: { ctx: AppContext; auth: AuthInfo; timeZone: string }): Promise<Home> {
  const { ctx, auth, timeZone } = opts;
  const now = ctx.now();
  const base = { ctx, tenant: auth.tenant, viewerId: auth.userId };
  // Enough of each list that dropping what an earlier section shows still fills it.
  const spare = HOME_SECTION_SIZE;
  const [profile, counts, next] = await Promise.all([
    getProfile({ ctx, auth }),
    summary({ ctx, auth }),
    homeEvents.next({ ...base, limit: LIST_SIZE + spare }),
  ]);
  const area = await areaOf(ctx, profile.location, next, timeZone);
  const box = area ? boxAround(area.latitude, area.longitude) : null;
  const tonight = tonightWindow(now, timeZone);
  const weekend = weekendWindow(now, timeZone);
  const [live, tonightEvents, weekendEvents, fromFollowing] = await Promise.all([
    homeEvents.live({ ...base, box, limit: HOME_SECTION_SIZE }),
    box ? homeEvents.near({ ...base, box, ...tonight, limit: HOME_SECTION_SIZE + spare }) : [],
    box ? homeEvents.near({ ...base, box, ...weekend, limit: HOME_SECTION_SIZE + 2 * spare }) : [],
    counts.followingCount ? homeEvents.ofFollowedHosts({ ...base, limit: LIST_SIZE + 2 * spare }) : [],
  ]);

  // Each event once, in the first section that has it, the person's own list before the others'.
  const shown = new Set<string>();
  const liveNow = fresh(live, shown, HOME_SECTION_SIZE);
  const nearShown = new Set(shown);
  const tonightList = fresh(tonightEvents, nearShown, HOME_SECTION_SIZE);
  const weekendList = fresh(weekendEvents, nearShown, HOME_SECTION_SIZE);
  // The person's own events stay in their list even when tonight also shows them: it is theirs.
  const nextList = fresh(next, shown, LIST_SIZE);
  const [liveDoors, tonightDoors, weekendDoors, nextDoors, followingDoors] = await withDoors(ctx, now, [
    liveNow,
    tonightList,
    weekendList,
    nextList,
    fresh(fromFollowing, shown, LIST_SIZE),
  ]);
  return {
    timeZone,
    area,
    liveNow: liveDoors,
    tonight: { ...windowOf(tonight), events: tonightDoors },
    weekend: { ...windowOf(weekend), isNext: weekend.isNext, events: weekendDoors },
    next: nextDoors,
    fromFollowing: followingDoors,
    followingCount: counts.followingCount,
  };
}
