import { AreaType, zonedWallClockToUtc, type Area } from '@hubbub/contract';
import { slugify } from '../events/service.js';
import { EVENT_TEMPLATES, STATE_TIME_ZONES, VENUES, type EventTemplate } from './demo-catalogue.js';

/** A city the demo may place events in (the geo module's largest cities). */
export interface DemoCity {
  name: string;
  state: string | null;
  lat: number;
  lng: number;
  population: number;
}

/** One demo event as planned, before anything is stored: its kind decides its tags and its thumbnail. */
export interface PlannedDemoEvent {
  category: string;
  template: EventTemplate;
  /** One of the category's hosts. */
  userId: string;
  /** Where the kind's thumbnail is stored (one picture per kind, drawn once). */
  thumbnail: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  description: string;
  slug: string;
  venue: string;
  area: Area;
  lat: number;
  lng: number;
}

/** How many events the demo seed plans (the showcase's own few come on top). */
export const DEMO_EVENT_COUNT = 3000;
const DEMO_DAYS = 42;

/** A small deterministic PRNG (mulberry32), so every fresh install sees the same demo. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The stored name of a kind's thumbnail: its category and its own name, so two kinds never share one by accident. */
export function thumbnailFileOf(category: string, template: EventTemplate): string {
  return `thumbnails/demo-${slugify(category)}-${slugify(template.name)}-${template.icon}.webp`;
}

/**
 * The demo's events, decided without touching the database: pure, so a unit test can check the
 * whole catalogue (every event has its kind's thumbnail) without seeding thousands of rows.
 */
export function planDemoEvents(opts: { cities: DemoCity[]; hostsOf: ReadonlyMap<string, string[]>; now: Date; count: number }): PlannedDemoEvent[] {
  const rand = random(20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const cities = opts.cities.filter((c) => c.state && STATE_TIME_ZONES[c.state]);
  // Bigger cities get more events, as they would.
  const weights = cities.map((c) => Math.sqrt(c.population));
  const total = weights.reduce((a, b) => a + b, 0);
  const pickCity = () => {
    let r = rand() * total;
    for (let i = 0; i < cities.length; i++) if ((r -= weights[i]) <= 0) return cities[i];
    return cities[cities.length - 1];
  };

  const categories = Object.keys(EVENT_TEMPLATES);
  const now = opts.now;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const planned: PlannedDemoEvent[] = [];
  for (let n = 1; n <= opts.count; n++) {
    const category = pick(categories);
    const template = pick(EVENT_TEMPLATES[category]);
    const city = pickCity();
    const timeZone = STATE_TIME_ZONES[city.state!];
    const day = new Date(today.getTime() + Math.floor(rand() * DEMO_DAYS) * 86_400_000);
    const hour = pick([9, 10, 11, 12, 14, 17, 18, 19, 20]);
    const startsAt = zonedWallClockToUtc({ year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate(), hour, minute: pick([0, 0, 30]) }, timeZone);
    const endsAt = new Date(startsAt.getTime() + pick([1.5, 2, 3, 4]) * 3_600_000);
    const venue = pick(VENUES);
    const name = `${template.name} — ${city.name}`;
    // Spread events around the city centre (about ±4 km) so clusters look like a real town; wider,
    // and coastal cities put them in the sea.
    const lat = city.lat + (rand() - 0.5) * 0.07;
    const lng = city.lng + (rand() - 0.5) * 0.09;
    const userId = pick(opts.hostsOf.get(category)!);
    // This draw once left about 15 % of events without a picture (issue 26: 436 grey cards). Every
    // event has its kind's thumbnail now; the draw stays so the rest of the demo (cities, days,
    // venues) is the same as before.
    rand();
    planned.push({
      category,
      template,
      userId,
      thumbnail: thumbnailFileOf(category, template),
      name,
      startsAt,
      endsAt,
      timeZone,
      description: `${template.blurb}\n\nAt ${venue}, ${city.name}, ${city.state}.`,
      slug: `${slugify(name)}-${n}`,
      venue: `${venue}, ${city.name}`,
      area: { name: `${city.name}, ${city.state}`, type: AreaType.City, latitude: lat, longitude: lng, zoom: 13, streetAddress: null, city: city.name, state: city.state, zipCode: null, country: 'US', id: null, userId: null },
      lat,
      lng,
    });
  }
  return planned;
}
