import type { FastifyBaseLogger } from 'fastify';
import { AreaType, zonedWallClockToUtc } from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';
import { hashPassword } from '../../lib/passwords.js';
import { randomToken } from '../../lib/secrets.js';
import { countTenantEvents, loadEvents, refreshTenantSearchText, slugify } from '../events/service.js';
import { insertUser, seedProfile } from '../users/service.js';
import { setDemoPlan } from '../subscription/service.js';
import { CATEGORY_COLOURS, EVENT_TEMPLATES, HOSTS, STATE_TIME_ZONES, VENUES, type EventTemplate } from './demo-catalogue.js';
import * as repo from './repository.js';
import { drawThumbnail } from './thumbnails.js';

export const DEMO_EVENT_COUNT = 3000;
const DEMO_DAYS = 42;
const BATCH = 250;

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

/**
 * Fills an empty tenant with a living demo: hosts, and a few thousand events in
 * real US cities over the coming weeks, tagged and with generated thumbnails.
 */
export async function seedDemoEvents(ctx: AppContext, tenant: { id: string; key: string }, log: FastifyBaseLogger, count = DEMO_EVENT_COUNT): Promise<void> {
  if ((await countTenantEvents({ ctx, tenantId: tenant.id })) > 0) return;
  const started = Date.now();
  const rand = random(20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

  const unusable = await hashPassword(randomToken());
  const now = ctx.now();
  const hostsOf = new Map<string, string[]>();
  const hostIds: string[] = [];
  const addHost = (id: string, categories: string[]) => {
    hostIds.push(id);
    for (const category of categories) hostsOf.set(category, [...(hostsOf.get(category) ?? []), id]);
  };
  for (const [i, host] of HOSTS.entries()) {
    const email = `host${i + 1}@hubbub.local`;
    const existing = await repo.usersByEmail(ctx.db, tenant.id, [email]);
    const id = existing[0]?.id ?? (await insertUser(ctx.db, { tenantId: tenant.id, email, name: host.name, passwordHash: unusable, emailVerifiedAt: now })).id;
    if (!existing[0]) await seedProfile({ ctx, tenantId: tenant.id, userId: id, name: host.name, bio: host.bio, location: host.location });
    addHost(id, host.categories);
  }
  // The demo's own people host what their profiles say they do.
  const demoPeople = await repo.usersByEmail(ctx.db, tenant.id, ['river@hubbub.local', 'maya@hubbub.local']);
  for (const person of demoPeople) addHost(person.id, person.email.startsWith('river') ? ['Music'] : ['Food & Drink', 'Markets & Fairs']);
  // Thousands of events each: the hosts need a plan that holds them.
  await setDemoPlan(ctx.db, hostIds.map((id) => ({ id, tenantId: tenant.id })), 'Enterprise', now);

  const thumbnails = new Map<string, string>();
  const thumbnailOf = async (category: string, template: EventTemplate): Promise<string> => {
    const key = `${category}/${template.icon}`;
    if (!thumbnails.has(key)) {
      const image = await drawThumbnail(CATEGORY_COLOURS[category], template.name.length, template.icon);
      thumbnails.set(key, await ctx.files.put(`thumbnails/demo-${slugify(category)}-${template.icon}.webp`, image));
    }
    return thumbnails.get(key)!;
  };

  const allTags = await repo.tagsByName(ctx.db, tenant.id);
  const tagId = new Map(allTags.map((t) => [t.name, t.id]));
  const cities = (await repo.largestCities(ctx.db, 'US', 400)).filter((c) => c.state && STATE_TIME_ZONES[c.state]);
  // Bigger cities get more events, as they would.
  const weights = cities.map((c) => Math.sqrt(c.population));
  const total = weights.reduce((a, b) => a + b, 0);
  const pickCity = () => {
    let r = rand() * total;
    for (let i = 0; i < cities.length; i++) if ((r -= weights[i]) <= 0) return cities[i];
    return cities[cities.length - 1];
  };

  const categories = Object.keys(EVENT_TEMPLATES);
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  let made = 0;
  while (made < count) {
    const rows = [];
    const rowTags: string[][] = [];
    for (let i = 0; i < Math.min(BATCH, count - made); i++) {
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
      const picture = await thumbnailOf(category, template);
      rows.push({
        tenantId: tenant.id,
        userId: pick(hostsOf.get(category)!),
        name,
        startsAt,
        endsAt,
        timeZone,
        contentType: 'text/plain',
        contentJson: `${template.blurb}\n\nAt ${venue}, ${city.name}, ${city.state}.`,
        slug: `${slugify(name)}-${made + i + 1}`,
        venue: `${venue}, ${city.name}`,
        area: { name: `${city.name}, ${city.state}`, type: AreaType.City, latitude: lat, longitude: lng, zoom: 13, streetAddress: null, city: city.name, state: city.state, zipCode: null, country: 'US', id: null, userId: null },
        lat,
        lng,
        status: 0,
        thumbnailPath: rand() < 0.85 ? picture : null,
      });
      rowTags.push([tagId.get(category), tagId.get(template.tag)].filter((id): id is string => Boolean(id)));
    }
    await loadEvents({ ctx, events: rows.map((row, i) => ({ ...row, tagIds: rowTags[i] })) });
    made += rows.length;
  }
  await refreshTenantSearchText({ ctx, tenantId: tenant.id });
  log.info({ events: made, ms: Date.now() - started }, 'demo events created');
}
