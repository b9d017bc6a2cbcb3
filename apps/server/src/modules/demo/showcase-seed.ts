import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import { AreaType, AttractionCreateSchema, EventCreateSchema, EventStatus, FLYER_CONTENT_TYPE, FlyerCreateSchema, type FlyerBlock, type FlyerContent } from '@hubbub/contract';
import { emojiCatalogue, gradients } from '@hubbub/contract/catalogues';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { createAttraction } from '../attractions/service.js';
import { createEvent, setEventStatus, setThumbnail } from '../events/service.js';
import { createLink } from '../event-links/service.js';
import { attendance } from '../going/service.js';
import { createFlyer } from '../flyers/service.js';
import { launchLoop } from '../launches/service.js';
import { follow } from '../users/service.js';
import { CATEGORY_COLOURS } from './demo-catalogue.js';
import { SHOWCASE, type ShowcaseEvent, type ShowcaseFlyer } from './showcase-catalogue.js';
import { seedShowcaseChat } from './showcase-chat.js';
import * as repo from './repository.js';
import { drawThumbnail } from './thumbnails.js';

/** The always-live buzz: its flyers come round every LOOP_SECONDS, each on screen for ON_SECONDS. */
export const LOOP_SECONDS = 80;
const ON_SECONDS = 30;

type Who = keyof typeof SHOWCASE;

function gradientBackground(name: string, angle: number): FlyerContent['background'] {
  const gradient = gradients.find((g) => g.name === name) ?? gradients[0];
  return { kind: 'gradient', name: gradient.name, colors: [...gradient.colors], angle };
}

/** A flyer designed the way the designer would: a gradient, a big emoji, a headline and a line of detail. */
function flyerContent(flyer: ShowcaseFlyer): string {
  const blocks: FlyerBlock[] = [
    { kind: 'emoji', id: 'emoji', emoji: emojiCatalogue.find((e) => e.name === flyer.emojiName)?.emoji ?? flyer.emoji, name: flyer.emojiName, size: 120, x: 0.5, y: 0.28 },
    { kind: 'text', id: 'headline', text: flyer.headline, fontSize: 40, color: '#ffffff', align: 'center', x: 0.5, y: 0.58 },
    { kind: 'text', id: 'detail', text: flyer.detail, fontSize: 20, color: '#ffffff', align: 'center', x: 0.5, y: 0.78 },
  ];
  return JSON.stringify({ version: 1, background: gradientBackground(flyer.gradient, flyer.angle), blocks, imagePath: null } satisfies FlyerContent);
}

/** Wall-clock times in the event's zone, relative to now: "today at 7 pm", "in 3 days at 7:30". */
function when(spec: ShowcaseEvent['when'], timeZone: string, now: Date): { start: Date; end: Date } {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  let start: DateTime;
  if (spec.kind === 'now') start = local.startOf('hour').minus({ hours: 1 });
  else if (spec.kind === 'today') {
    const planned = local.set({ hour: spec.hour, minute: 0, second: 0, millisecond: 0 });
    start = planned > local ? planned : local.startOf('hour').plus({ hours: 2 });
  }
  else start = local.plus({ days: spec.days }).set({ hour: spec.hour, minute: spec.minute ?? 0, second: 0, millisecond: 0 });
  return { start: start.toJSDate(), end: start.plus({ hours: spec.lengthHours }).toJSDate() };
}

/**
 * The part of the demo a newcomer signs in to: the demo people's own events (some today, one
 * live now), flyers designed with gradients and emoji, who follows whom and what, and the live
 * event's looping launches, all written through the same services as the app's own calls.
 */
export async function seedShowcase(ctx: AppContext, tenant: TenantRef, log: FastifyBaseLogger): Promise<void> {
  const people = await repo.usersByEmail(ctx.db, tenant.id, Object.values(SHOWCASE).map((p) => p.email));
  const idOf = (who: Who) => people.find((p) => p.email === SHOWCASE[who].email)?.id;
  if (Object.keys(SHOWCASE).some((who) => !idOf(who as Who))) return;
  const auth = (who: Who): AuthInfo => ({ userId: idOf(who)!, sessionId: 'demo-seed', tenant, roles: [] });
  if ((await repo.countEventsOf(ctx.db, idOf('demo')!)) > 0) return;
  const now = ctx.now();
  const tags = new Map((await repo.tagsByName(ctx.db, tenant.id)).map((t) => [t.name, t.id]));
  const created = new Map<string, string>();

  for (const who of Object.keys(SHOWCASE) as Who[]) {
    for (const event of SHOWCASE[who].events) {
      const { start, end } = when(event.when, event.timeZone, now);
      const input = EventCreateSchema.parse({
        name: event.name,
        startDate: start.toISOString(),
        endDate: end.toISOString(),
        timeZone: event.timeZone,
        contentType: 'text/plain',
        contentJson: event.description,
        venue: event.venue,
        area: { name: event.place.name, type: AreaType.Custom, latitude: event.place.lat, longitude: event.place.lng, zoom: 14, city: event.place.city, state: event.place.state, country: 'US' },
        tagIds: [event.category, ...event.tags].map((name) => tags.get(name)).filter(Boolean),
      });
      const id = await createEvent({ ctx, auth: auth(who), input });
      created.set(event.key, id);
      const picture = await drawThumbnail(CATEGORY_COLOURS[event.category], event.name.length, event.icon);
      await setThumbnail({ ctx, auth: auth(who), id, data: picture });
      for (const act of event.lineUp ?? []) {
        const setTime = act.at === undefined ? null : new Date(start.getTime() + act.at * 3_600_000).toISOString();
        await createAttraction({ ctx, auth: auth(who), input: AttractionCreateSchema.parse({ eventId: id, name: act.name, kind: act.kind, description: act.description, setTime }) });
      }
      const flyerIds: string[] = [];
      for (const flyer of event.flyers) {
        const made = await createFlyer({ ctx, auth: auth(who), input: FlyerCreateSchema.parse({ eventId: id, name: flyer.name, contentType: FLYER_CONTENT_TYPE, contentJson: flyerContent(flyer) }) });
        flyerIds.push(made.id);
      }
      if (event.when.kind === 'now') {
        await startLiveLoop(ctx, { tenant, hostId: idOf(who)!, eventId: id, flyers: event.flyers, flyerIds, now });
        await seedShowcaseChat(ctx, tenant, id);
      }
    }
  }

  for (const who of Object.keys(SHOWCASE) as Who[]) {
    for (const other of SHOWCASE[who].follows.people) await follow({ ctx, auth: auth(who), userId: idOf(other)! });
    for (const key of SHOWCASE[who].follows.events) await createLink({ ctx, auth: auth(who), eventId: created.get(key)!, type: 'Follow', attendance });
  }
  // A few of the town's other events, so the demo's follow list reads like a real one.
  const home = SHOWCASE.demo.events[0].place;
  for (const eventId of await repo.upcomingEventsNear(ctx.db, { tenantId: tenant.id, notBy: idOf('demo')!, lat: home.lat, lng: home.lng, after: now, limit: 3 })) {
    await createLink({ ctx, auth: auth('demo'), eventId, type: 'Follow', attendance });
  }
  log.info({ events: created.size }, 'demo showcase created');
}

/** The live event: Started, with one looping launch per flyer, staggered so a new one arrives every few seconds. */
async function startLiveLoop(
  ctx: AppContext,
  opts: { tenant: TenantRef; hostId: string; eventId: string; flyers: ShowcaseFlyer[]; flyerIds: string[]; now: Date },
): Promise<void> {
  await setEventStatus({ ctx, eventId: opts.eventId, status: EventStatus.Started });
  const first = Math.ceil(opts.now.getTime() / 1000) * 1000 + 2000;
  const step = (LOOP_SECONDS * 1000) / opts.flyers.length;
  for (const [i, flyer] of opts.flyers.entries()) {
    const startDate = new Date(first + i * step);
    await launchLoop({
      ctx,
      tenantId: opts.tenant.id,
      eventId: opts.eventId,
      userId: opts.hostId,
      startDate,
      endDate: new Date(startDate.getTime() + ON_SECONDS * 1000),
      repeatEverySeconds: LOOP_SECONDS,
      flyerIds: [opts.flyerIds[i]],
      announcement: flyer.announcement ?? null,
    });
  }
}
