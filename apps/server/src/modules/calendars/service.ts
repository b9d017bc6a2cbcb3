import { createHash } from 'node:crypto';
import {
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_KIND_LABELS,
  EventStatus,
  CalendarQuerySchema,
  INCLUDE_DRAFTS_KIND_MESSAGE,
  calendarsApi,
  pathOf,
  shareableEventUrl,
  type Calendar,
  type CalendarAlert,
  type CalendarCreateSchema,
  type CalendarKind,
  type CalendarList,
  type CalendarUpdateSchema,
  type Ok,
} from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { invalid, notFound, planLimit } from '../../lib/app-error.js';
import { randomToken } from '../../lib/secrets.js';
import { tenantById } from '../../lib/tenants.js';
import { productOf } from '../account/service.js';
import { attractionsOfEvents } from '../attractions/service.js';
import { calendarEvent, calendarFeedEvents, calendarSeriesDates, tenantEventsVersion, type FeedEventRow } from '../events/service.js';
import { seriesRules } from '../series/service.js';
import { findUserById } from '../users/service.js';
import { icsOf, type IcsSeries } from './ical.js';
import * as repo from './repository.js';

export function toCalendar(ctx: AppContext, row: repo.CalendarRow): Calendar {
  const feedUrl = `${ctx.config.publicUrl}${pathOf(calendarsApi.feed, { token: row.feedToken })}`;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as CalendarKind,
    query: row.query ? CalendarQuerySchema.parse(row.query) : null,
    alert: row.alert as CalendarAlert,
    includeDrafts: row.includeDrafts,
    feedUrl,
    webcalUrl: feedUrl.replace(/^https?:/, 'webcal:'),
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

const ALERT_PERIOD_MS: Record<CalendarAlert, number> = { off: 0, daily: 86_400_000, weekly: 7 * 86_400_000 };

/** Turning alerts on starts the clock: the first digest a period later, listing events made from now on. */
function alertChange(alert: CalendarAlert, now: Date) {
  return alert === 'off'
    ? { alert, nextAlertAt: null, alertsSince: null }
    : { alert, nextAlertAt: new Date(now.getTime() + ALERT_PERIOD_MS[alert]), alertsSince: now };
}

/** For modules/notifications: the digests that fell due, each taken once (see repository.takeDueAlerts). */
export function takeDueAlerts(ctx: AppContext, limit: number) {
  return repo.takeDueAlerts(ctx.db, ctx.now(), limit);
}

/** For modules/notifications: a calendar by id, whoever owns it. */
export function findCalendarById(ctx: AppContext, id: string): Promise<repo.CalendarRow | undefined> {
  return repo.findById(ctx.db, id);
}

/** Every calendar of a person with its alert (Settings lists them). */
export function calendarAlerts(ctx: AppContext, auth: AuthInfo) {
  return repo.alertsOf(ctx.db, auth.tenant.id, auth.userId) as Promise<{ id: string; name: string; alert: CalendarAlert }[]>;
}

/** Turns a calendar's alert off (an unsubscribe link); false when there is no such calendar of this person. */
export async function stopCalendarAlert(ctx: AppContext, args: { tenantId: string; userId: string; id: string }): Promise<string | undefined> {
  const row = await repo.findOwn(ctx.db, args);
  if (!row) return undefined;
  if (row.alert !== 'off') await repo.updateCalendar(ctx.db, row.id, { ...alertChange('off', ctx.now()), at: ctx.now() });
  return row.name;
}

/** The events a calendar holds from `from` on, as its feed has them (for its digest). */
export function calendarEventsOf(ctx: AppContext, row: repo.CalendarRow, tenant: TenantRef, from: Date, limit: number) {
  const kind = row.kind as CalendarKind;
  const source = kind === 'search' ? { kind, query: CalendarQuerySchema.parse(row.query) } : { kind };
  return calendarFeedEvents({ ctx, tenant, userId: row.userId, source, includeDrafts: row.includeDrafts, from, limit });
}

export type { CalendarRow } from './repository.js';

export async function listCalendars(opts: { ctx: AppContext; auth: AuthInfo }): Promise<CalendarList> {
  const rows = await repo.listOf(opts.ctx.db, opts.auth.tenant.id, opts.auth.userId);
  return { calendars: rows.map((row) => toCalendar(opts.ctx, row)) };
}

/** A new calendar within the plan's calendarCapacity (403 plan_limit beyond it, like events). */
export async function createCalendar(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof CalendarCreateSchema> }): Promise<Calendar> {
  const { ctx, auth, input } = opts;
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockOwner(tx, auth.userId);
    const user = await findUserById(tx, auth.tenant.id, auth.userId);
    if (!user) throw notFound('The account no longer exists.');
    const product = await productOf(ctx, user.plan, tx);
    const count = await repo.countOf(tx, auth.userId);
    if (count >= product.calendarCapacity) {
      const n = product.calendarCapacity;
      throw planLimit('Calendar limit reached', `Your ${product.name} plan allows ${n} calendar${n === 1 ? '' : 's'} and you have ${count}. Delete a calendar or choose a bigger plan.`);
    }
    return repo.insertCalendar(tx, {
      tenantId: auth.tenant.id,
      userId: auth.userId,
      name: input.name,
      kind: input.kind,
      query: input.query,
      feedToken: randomToken(),
      ...alertChange(input.alert, ctx.now()),
      includeDrafts: input.includeDrafts,
    });
  });
  return toCalendar(ctx, row);
}

async function ownCalendar(ctx: AppContext, auth: AuthInfo, id: string): Promise<repo.CalendarRow> {
  const row = await repo.findOwn(ctx.db, { tenantId: auth.tenant.id, userId: auth.userId, id });
  if (!row) throw notFound('No calendar of yours has this id.');
  return row;
}

export async function updateCalendar(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof CalendarUpdateSchema> }): Promise<Calendar> {
  const { ctx, auth, input } = opts;
  const row = await ownCalendar(ctx, auth, input.id);
  if (input.query && row.kind !== 'search') throw invalid('Only a saved search has a query.', { query: ['Only a saved search has a query.'] });
  if (input.includeDrafts && row.kind !== 'mine') throw invalid(INCLUDE_DRAFTS_KIND_MESSAGE, { includeDrafts: [INCLUDE_DRAFTS_KIND_MESSAGE] });
  const alert = input.alert && input.alert !== row.alert ? alertChange(input.alert, ctx.now()) : {};
  const updated = await repo.updateCalendar(ctx.db, row.id, { name: input.name, query: input.query, includeDrafts: input.includeDrafts, ...alert, at: ctx.now() });
  return toCalendar(ctx, updated);
}

export async function deleteCalendar(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<Ok> {
  if (!(await repo.deleteOwn(opts.ctx.db, { tenantId: opts.auth.tenant.id, userId: opts.auth.userId, id: opts.id }))) throw notFound('No calendar of yours has this id.');
  return { ok: true };
}

/** A new secret address; the old one answers 404 from now on. */
export async function newFeedToken(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<Calendar> {
  const row = await ownCalendar(opts.ctx, opts.auth, opts.id);
  return toCalendar(opts.ctx, await repo.updateCalendar(opts.ctx.db, row.id, { feedToken: randomToken(), at: opts.ctx.now() }));
}

export interface FeedAnswer {
  etag: string;
  lastModified: Date;
  /** Undefined when the caller's copy is current (answer 304 without building the feed). */
  body?: string;
}

const HOUR_MS = 3_600_000;
/** Feeds recently built by this instance: their version, ETag and Last-Modified, to answer polls with 304. */
const builtFeeds = new Map<string, { version: string; lastModified: Date }>();
const BUILT_FEEDS_MAX = 10_000;

/**
 * What a feed's content depends on, without building it: the calendar, the tenant's event data
 * version, the person's follows (for the personal kinds) and the clock hour (the window moves, and
 * drafts reach their publish date). Equal versions mean equal feeds.
 */
async function versionOf(ctx: AppContext, row: repo.CalendarRow, hour: number): Promise<string> {
  const [events, relations] = await Promise.all([
    tenantEventsVersion(ctx, row.tenantId),
    row.kind === 'following' || row.kind === 'hosts' || row.kind === 'going' ? repo.relationStamp(ctx.db, row.userId, row.kind) : '',
  ]);
  return `${row.id}:${row.feedToken}:${row.updatedAt.getTime()}:${events}:${relations}:${hour}`;
}

/**
 * The calendar behind a secret address as iCalendar, read as everyone sees events (the owner's
 * drafts too only in a `mine` calendar that chose them, issue 22): the last
 * CALENDAR_FEED_PAST_DAYS days and what is ahead. An unchanged feed (the caller's ETag, or its
 * If-Modified-Since for a feed this instance built) is answered without building it. Undefined for an unknown address, so a guess learns nothing.
 */
export async function feedOf(opts: { ctx: AppContext; token: string; ifNoneMatch?: string; ifModifiedSince?: string }): Promise<FeedAnswer | undefined> {
  const { ctx } = opts;
  const row = await repo.findByToken(ctx.db, opts.token);
  const tenant = row && tenantById(ctx.tenants, row.tenantId);
  if (!row || !tenant) return undefined;
  const hour = Math.floor(ctx.now().getTime() / HOUR_MS);
  const version = await versionOf(ctx, row, hour);
  const etag = `"${createHash('sha256').update(version).digest('base64url').slice(0, 32)}"`;
  const built = builtFeeds.get(opts.token);
  if (opts.ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return { etag, lastModified: built?.lastModified ?? row.updatedAt };
  if (!opts.ifNoneMatch && opts.ifModifiedSince && built?.version === version && Date.parse(opts.ifModifiedSince) >= built.lastModified.getTime()) {
    return { etag, lastModified: built.lastModified };
  }

  // From a whole hour, so the window moves with the version, not with every poll.
  const from = new Date(hour * HOUR_MS - CALENDAR_FEED_PAST_DAYS * 86_400_000);
  const kind = row.kind as CalendarKind;
  const source = kind === 'search' ? { kind, query: CalendarQuerySchema.parse(row.query) } : { kind };
  const events = await calendarFeedEvents({ ctx, tenant, userId: row.userId, source, includeDrafts: row.includeDrafts, from, limit: CALENDAR_FEED_MAX_EVENTS });
  const series = await wholeSeries({ ctx, tenant, events, viewerId: row.userId, from });
  const lineUps = await attractionsOfEvents(ctx.db, [...new Set([...events, ...series.flatMap((s) => s.dates)].map((e) => e.id))]);
  const body = icsOf({ name: row.name, description: `${CALENDAR_KIND_LABELS[kind]} on Hubbub`, publicUrl: ctx.config.publicUrl, eventUrl: eventUrlIn(ctx, tenant), events, lineUps, series });
  const changed = Math.max(row.updatedAt.getTime(), ...events.map((e) => Date.parse(e.updated)));
  // HTTP dates have whole seconds: round down so If-Modified-Since compares equal.
  const lastModified = new Date(Math.floor(changed / 1000) * 1000);
  builtFeeds.delete(opts.token);
  builtFeeds.set(opts.token, { version, lastModified });
  if (builtFeeds.size > BUILT_FEEDS_MAX) builtFeeds.delete(builtFeeds.keys().next().value!);
  return { etag, lastModified, body };
}

/**
 * The series a calendar writes as one repeating event (issue 29): for a single file, the series of
 * its event; in a feed, a series whose every live date from `from` on is in the feed (someone who
 * follows one date of a series gets that date alone). Dates are read as `viewerId` may see them.
 */
async function wholeSeries(opts: { ctx: AppContext; tenant: TenantRef; events: FeedEventRow[]; viewerId: string | null; from: Date | null }): Promise<IcsSeries[]> {
  const ids = [...new Set(opts.events.flatMap((e) => (e.seriesId ? [e.seriesId] : [])))];
  if (!ids.length) return [];
  const [rules, dates] = await Promise.all([
    seriesRules({ ctx: opts.ctx, tenantId: opts.tenant.id, ids }),
    calendarSeriesDates({ ctx: opts.ctx, tenant: opts.tenant, seriesIds: ids, viewerId: opts.viewerId }),
  ]);
  const inFeed = new Set(opts.events.map((e) => e.id));
  const from = opts.from?.getTime() ?? null;
  return rules
    .map((rule) => ({ ...rule, dates: dates.filter((d) => d.seriesId === rule.id) }))
    .filter((s) => from === null || s.dates.every((d) => d.status === EventStatus.Canceled || Date.parse(d.endDate) <= from || inFeed.has(d.id)));
}

/** A calendar app opens an event's link in any browser: the public page where there is one. */
function eventUrlIn(ctx: AppContext, tenant: TenantRef) {
  return (event: { id: string; slug: string; publishOnDate: string | null }) => shareableEventUrl({ publicUrl: ctx.config.publicUrl, tenantKey: tenant.key, event, now: ctx.now() });
}

/** One event as a calendar file ("Add to calendar"). */
export async function eventFile(opts: { ctx: AppContext; tenant: TenantRef; id: string; viewerId: string | null }): Promise<{ fileName: string; body: string }> {
  const event = await calendarEvent(opts);
  // A date of a series comes with its series: the file adds the repeating event, as calendars expect.
  const series = await wholeSeries({ ctx: opts.ctx, tenant: opts.tenant, events: [event], viewerId: opts.viewerId, from: null });
  const lineUps = await attractionsOfEvents(opts.ctx.db, [event.id, ...series.flatMap((s) => s.dates.map((d) => d.id))]);
  const body = icsOf({ name: event.name, publicUrl: opts.ctx.config.publicUrl, eventUrl: eventUrlIn(opts.ctx, opts.tenant), events: [event], lineUps, series, single: true });
  return { fileName: `${event.slug}.ics`, body };
}
