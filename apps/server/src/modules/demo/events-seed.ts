import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { randomToken } from '../../lib/secrets.js';
import { countTenantEvents, loadEvents, refreshTenantSearchText } from '../events/service.js';
import { insertUser, seedProfile } from '../users/service.js';
import { setDemoPlan } from '../subscription/service.js';
import { CATEGORY_COLOURS, HOSTS } from './demo-catalogue.js';
import { DEMO_EVENT_COUNT, planDemoEvents } from './events-plan.js';

export { DEMO_EVENT_COUNT } from './events-plan.js';
import * as repo from './repository.js';
import { drawThumbnail } from './thumbnails.js';

const BATCH = 250;

/**
 * Fills an empty tenant with a living demo: hosts, and a few thousand events in
 * real US cities over the coming weeks, tagged and with generated thumbnails.
 */
export async function seedDemoEvents(ctx: AppContext, tenant: { id: string; key: string }, log: FastifyBaseLogger, count = DEMO_EVENT_COUNT): Promise<void> {
  if ((await countTenantEvents({ ctx, tenantId: tenant.id })) > 0) return;
  const started = Date.now();

  const unusable = await ctx.passwords.hash(randomToken());
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

  const allTags = await repo.tagsByName(ctx.db, tenant.id);
  const tagId = new Map(allTags.map((t) => [t.name, t.id]));
  const cities = await repo.largestCities(ctx.db, 'US', 400);
  const planned = planDemoEvents({ cities, hostsOf, now, count });

  // One picture per kind of event, drawn once and shared by every event of that kind.
  const stored = new Map<string, string>();
  for (const event of planned) {
    if (stored.has(event.thumbnail)) continue;
    const image = await drawThumbnail(CATEGORY_COLOURS[event.category], event.template.name.length, event.template.icon);
    stored.set(event.thumbnail, await ctx.files.put(event.thumbnail, image));
  }

  let made = 0;
  for (let from = 0; from < planned.length; from += BATCH) {
    const batch = planned.slice(from, from + BATCH);
    await loadEvents({
      ctx,
      events: batch.map((event) => ({
        tenantId: tenant.id,
        userId: event.userId,
        name: event.name,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        timeZone: event.timeZone,
        contentType: 'text/plain',
        contentJson: event.description,
        slug: event.slug,
        venue: event.venue,
        area: event.area,
        lat: event.lat,
        lng: event.lng,
        status: 0,
        thumbnailPath: stored.get(event.thumbnail)!,
        tagIds: [tagId.get(event.category), tagId.get(event.template.tag)].filter((id): id is string => Boolean(id)),
      })),
    });
    made += batch.length;
  }
  await refreshTenantSearchText({ ctx, tenantId: tenant.id });
  log.info({ events: made, ms: Date.now() - started }, 'demo events created');
}
