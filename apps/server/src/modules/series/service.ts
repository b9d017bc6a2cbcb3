import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import { EventStatus, type GoingAnswers, type Series, type SeriesEditSchema, type SeriesSplit, type SeriesTimelineCopy, type Timeline } from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { AppError, conflict, invalid, notFound, notOwner } from '../../lib/app-error.js';
import { SERIES_MAX_DATES, SERIES_WINDOW_DAYS, SeriesRuleError, parseSeriesRule, seriesDates } from '../../lib/series-rule.js';
import type { Db } from '../../db/client.js';
import { setFollowLinks } from '../event-links/service.js';
import { requireEventRole, seriesEvents } from '../events/service.js';
import { copyGoingSettings, goingStates, joinDates, leaveDates } from '../going/service.js';
import { copyTimeline, timelineOf } from '../launches/service.js';
import * as repo from './repository.js';

// Series (issue 29): an event's repeat rule. The dates are events made ahead for a bounded window
// (SERIES_WINDOW_DAYS, at most SERIES_MAX_DATES), so every surface that shows an event shows a date.

const DAILY = /(^|;)FREQ=DAILY(;|$)/i;
const ENDS = /(^|;)(COUNT|UNTIL)=/i;
/** How far past the window a rule is looked at to tell whether it has dates left. */
const LOOK_AHEAD_DAYS = 3660;
const DAY = 86_400_000;

const refused = (message: string) => invalid(message, { rule: [message] });

/** Runs a step of the rule's expansion; a rule it cannot take is a 400 on `rule`. */
function ruled<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof SeriesRuleError) throw refused(error.message);
    throw error;
  }
}

/** The rule as stored: upper case, without the RRULE: prefix. */
function checkedRule(text: string): string {
  const rule = text.trim().replace(/^RRULE:/i, '').toUpperCase();
  ruled(() => parseSeriesRule(rule));
  // Every day for ever fills the window with 100 dates nobody asked for: a daily series ends.
  if (DAILY.test(rule) && !ENDS.test(rule)) throw refused('A daily series needs an end: a number of dates (COUNT) or a last date (UNTIL).');
  return rule;
}

/** The dates from `from` up to `to` (at most `limit`), and where the made dates end (null: the rule has none after them). */
function window(args: { rule: string; start: Date; timeZone: string; from: Date; to: Date; limit?: number }): { starts: Date[]; datesUntil: Date | null } {
  const base = { rule: args.rule, start: args.start.toISOString(), timeZone: args.timeZone };
  const limit = args.limit ?? SERIES_MAX_DATES;
  const windowDays = Math.max(0, Math.ceil((args.to.getTime() - args.from.getTime()) / DAY));
  const starts = seriesDates({ ...base, from: args.from.toISOString(), windowDays, limit }).map((d) => new Date(d));
  const until = starts.length >= limit ? starts[starts.length - 1] : args.to;
  const after = seriesDates({ ...base, from: new Date(until.getTime() + 1000).toISOString(), windowDays: LOOK_AHEAD_DAYS, limit: 1 });
  return { starts, datesUntil: after.length ? until : null };
}

const windowEnd = (from: Date) => new Date(from.getTime() + SERIES_WINDOW_DAYS * DAY);

/**
 * New dates of a series (added by the scheduler, or made by a split) for the people who signed up
 * for every date: its followers follow them, and, when the host allows it, its goers go to each
 * one they may see (an invite-only date lets in only whom it lets in). In the caller's
 * transaction; answers how many seats the lines were offered.
 */
async function welcome(tx: Db, args: { seriesId: string; tenantId: string; everyDate: boolean; eventIds: string[]; now: Date }): Promise<number> {
  const { seriesId, tenantId, eventIds, now } = args;
  for (const userId of await repo.followersOf(tx, seriesId)) await setFollowLinks(tx, { tenantId, userId, eventIds, following: true });
  if (!args.everyDate || !eventIds.length) return 0;
  const made = new Set(eventIds);
  let offered = 0;
  for (const goer of await repo.goersOf(tx, seriesId)) {
    const visible = (await seriesEvents.dates(tx, { seriesId, viewerId: goer.userId, now })).filter((d) => made.has(d.eventId)).map((d) => d.eventId);
    offered += (await joinDates(tx, { tenantId, eventIds: visible, now, ...goer })).offered;
  }
  return offered;
}

/**
 * Adds the dates that came into the window since the series' dates were last made (the scheduler
 * runs this: modules/series/extender.ts), copied from its latest date not changed on its own. The
 * series stays claimed by `instance` until this commits; the unique (series, rule date) index
 * keeps a date from being made twice if a claim was taken over meanwhile.
 */
export async function extendSeries(opts: { ctx: AppContext; series: repo.SeriesRow; instance: string; log: FastifyBaseLogger }): Promise<void> {
  const { ctx, series: row } = opts;
  const now = ctx.now();
  const from = new Date(row.datesUntil!.getTime() + 1000);
  let offered = 0;
  let launched = 0;
  const written: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockSeries(tx, row.id);
    if (!locked) return;
    const template = await seriesEvents.template(tx, row.id);
    // Every date was deleted: the series has ended.
    if (!template) return void (await repo.extended(tx, { id: row.id, instance: opts.instance, datesUntil: null, now }));
    const ahead = await seriesEvents.countAhead(tx, { seriesId: row.id, now });
    const { starts, datesUntil } = window({ rule: row.rule, start: row.startsAt, timeZone: row.timeZone, from, to: windowEnd(now), limit: SERIES_MAX_DATES - ahead });
    const made = await seriesEvents.copy(tx, { tenantId: row.tenantId, sourceId: template.id, seriesId: row.id, slug: template.slug, timeZone: row.timeZone, starts });
    await copyGoingSettings(tx, { fromEventId: template.id, toEventIds: made });
    offered = await welcome(tx, { seriesId: row.id, tenantId: row.tenantId, everyDate: locked.everyDate, eventIds: made, now });
    launched = await repeatLaunches(tx, { ctx, log: opts.log, series: locked, eventIds: made, now, written });
    if (!(await repo.extended(tx, { id: row.id, instance: opts.instance, datesUntil, now }))) throw new Error('The series was claimed by another instance meanwhile.');
  }).catch(async (error: unknown) => {
    // Nothing was made: neither are the copied flyers' images.
    await Promise.all(written.map((path) => ctx.files.remove(path)));
    throw error;
  });
  if (offered) ctx.notifications.wake();
  if (launched) ctx.launches.wake();
}

/**
 * The launches the host reuses on every date, copied to the dates just made (in the caller's
 * transaction): each as far from its date's start as the launch is from its own date's. A copy the
 * launches module refuses (the launch now loops, the date is hidden, the plan's flyer limit) is
 * skipped and logged, in a savepoint, so it never holds up the new dates. Answers how many were made.
 */
async function repeatLaunches(tx: Db, opts: { ctx: AppContext; log: FastifyBaseLogger; series: repo.SeriesRow; eventIds: string[]; now: Date; written: string[] }): Promise<number> {
  const { ctx, series: row } = opts;
  const repeating = opts.eventIds.length ? await repo.repeatingTimelines(tx, row.id) : [];
  if (!repeating.length) return 0;
  const made = new Set(opts.eventIds);
  const dates = (await seriesEvents.dates(tx, { seriesId: row.id, viewerId: row.userId, now: opts.now })).filter((d) => made.has(d.eventId));
  const host = { userId: row.userId, tenant: { id: row.tenantId } };
  let copies = 0;
  for (const { timelineId, sourceStartsAt } of repeating) {
    for (const date of dates) {
      const shiftMs = Date.parse(date.startDate) - sourceStartsAt.getTime();
      // The images this copy writes: kept with the others when it is made, removed when it is refused.
      const written: string[] = [];
      try {
        await tx.transaction((sp) => copyTimeline(sp, { ctx, auth: host, timelineId, toEventId: date.eventId, shiftMs, written }));
        opts.written.push(...written);
        copies += 1;
      } catch (error) {
        await Promise.all(written.map((file) => ctx.files.remove(file)));
        if (!(error instanceof AppError)) throw error;
        opts.log.warn({ seriesId: row.id, timelineId, eventId: date.eventId, code: error.code }, 'a reused launch was not copied to a new date of its series');
      }
    }
  }
  return copies;
}

/** Makes the host's event repeat by `rule`: it becomes the first date, and the window's other dates are made. */
export async function createSeries(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; rule: string }): Promise<Series> {
  const { ctx, auth } = opts;
  const event = await requireEventRole(ctx, auth, opts.eventId, 'host');
  if (event.seriesId) throw conflict('This event is already a date of a series.');
  const rule = checkedRule(opts.rule);
  const { starts, datesUntil } = ruled(() => window({ rule, start: event.startsAt, timeZone: event.timeZone, from: event.startsAt, to: windowEnd(event.startsAt) }));
  // The rule counts in whole seconds; an event sent with milliseconds is still its own first date.
  if (!starts.length || Math.floor(starts[0].getTime() / 1000) !== Math.floor(event.startsAt.getTime() / 1000)) {
    const day = DateTime.fromJSDate(event.startsAt, { zone: event.timeZone }).toFormat('cccc, LLL d');
    throw refused(`The event's own date (${day}) is not one of the rule's dates: pick the days it falls on, or move the event to the first date.`);
  }
  const seriesId = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertSeries(tx, { tenantId: auth.tenant.id, userId: auth.userId, rule, timeZone: event.timeZone, startsAt: event.startsAt, datesUntil });
    await seriesEvents.join(tx, { eventId: opts.eventId, seriesId: id, ruleDate: event.startsAt });
    const made = await seriesEvents.copy(tx, { tenantId: auth.tenant.id, sourceId: opts.eventId, seriesId: id, slug: event.slug, timeZone: event.timeZone, starts: starts.slice(1) });
    await copyGoingSettings(tx, { fromEventId: opts.eventId, toEventIds: made });
    return id;
  });
  return getSeries({ ctx, tenant: auth.tenant, id: seriesId, viewerId: auth.userId });
}

/**
 * The host changes the details of every date to come, or of one date and those after it ("this and
 * following"); dates changed on their own and dates already over keep theirs.
 */
export async function editSeries(opts: { ctx: AppContext; auth: AuthInfo; id: string; edit: z.output<typeof SeriesEditSchema> }): Promise<Series> {
  const { ctx, auth } = opts;
  const current = await getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
  if (current.userId !== auth.userId) throw notOwner('Only the host of this series may change it.');
  const { from, ...details } = opts.edit;
  const fromDate = from ? current.dates.find((d) => d.eventId === from) : undefined;
  if (from && !fromDate) throw invalid('The date to change from is not a date of this series.', { from: ['Not a date of this series.'] });
  await ctx.db.transaction((tx) =>
    seriesEvents.edit(tx, { ctx, tenantId: auth.tenant.id, seriesId: opts.id, fromRuleDate: fromDate ? new Date(fromDate.ruleDate) : null, details }),
  );
  return getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
}

/** The rule ended at `until` (an instant, written in UTC as RFC 5545 asks when the start has a time zone): COUNT and UNTIL give way to it. */
export function endedRule(rule: string, until: Date): string {
  const parts = rule.split(';').filter((part) => !ENDS.test(part));
  return [...parts, `UNTIL=${until.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`].join(';');
}

const second = (iso: string | Date) => Math.floor(new Date(iso).getTime() / 1000);

/**
 * "This and following" with a new rule: the series ends before the date, and a new series takes
 * the rule from its start. A date to come that falls on the new rule moves to the new series with
 * everyone going to or following it; the others are canceled (their people told) and the new
 * rule's other dates are made from the date. Who follows the series, or goes to every date, does
 * so in the new series too. All or nothing.
 */
export async function splitSeries(opts: { ctx: AppContext; auth: AuthInfo; id: string } & SeriesSplit): Promise<Series> {
  const { ctx, auth } = opts;
  const current = await getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
  if (current.userId !== auth.userId) throw notOwner('Only the host of this series may change it.');
  if (!current.dates.some((d) => d.eventId === opts.from)) throw invalid('The date to change from is not a date of this series.', { from: ['Not a date of this series.'] });
  const rule = checkedRule(opts.rule);
  const tenantId = auth.tenant.id;
  let offered = 0;
  let dropped = 0;
  const id = await ctx.db.transaction(async (tx) => {
    // Under the series' lock, the dates as they are now (a split or the extender may have just changed them).
    const old = await repo.lockSeries(tx, opts.id);
    const now = ctx.now();
    const dates = old ? await seriesEvents.dates(tx, { seriesId: old.id, viewerId: auth.userId, now }) : [];
    const at = dates.findIndex((d) => d.eventId === opts.from);
    if (!old || at < 0) throw conflict('This date is no longer a date of this series: the series was changed meanwhile. Reload and try again.');
    const fromDate = dates[at];
    if (Date.parse(fromDate.startDate) <= now.getTime()) throw conflict('This date has started: change the rule from a date to come.');
    // The new rule counts from where the old one put this date, so a date moved on its own is matched by its rule date and keeps its own time.
    const start = new Date(fromDate.ruleDate);
    const { starts, datesUntil } = ruled(() => window({ rule, start, timeZone: old.timeZone, from: start, to: windowEnd(now) }));
    if (!starts.length) throw refused('The new rule has no date from this date on.');
    // The dates from this one on that still take place: those the new rule keeps, and those it leaves out.
    const open = new Map(dates.slice(at).filter((d) => d.status !== EventStatus.Canceled).map((d) => [second(d.ruleDate), d.eventId]));
    const kept: { eventId: string; ruleDate: Date }[] = [];
    const toMake: Date[] = [];
    for (const date of starts) {
      const eventId = open.get(second(date));
      if (eventId) kept.push({ eventId, ruleDate: date });
      else toMake.push(date);
      open.delete(second(date));
    }
    dropped = open.size;
    const made = await repo.insertSeries(tx, { tenantId, userId: auth.userId, rule, timeZone: old.timeZone, startsAt: starts[0], datesUntil, everyDate: old.everyDate });
    await seriesEvents.move(tx, { seriesId: made, dates: kept });
    const copies = await seriesEvents.copy(tx, { tenantId, sourceId: fromDate.eventId, seriesId: made, slug: fromDate.slug, timeZone: old.timeZone, starts: toMake });
    await copyGoingSettings(tx, { fromEventId: fromDate.eventId, toEventIds: copies });
    await seriesEvents.cancel(tx, { eventIds: [...open.values()], now });
    // The old rule stops at its last date before this one ("until Tue, Dec 8"); at its first when the split is there (a rule needs one).
    await repo.endRule(tx, { id: old.id, rule: endedRule(old.rule, new Date(dates[Math.max(0, at - 1)].ruleDate)), now });
    await repo.copyMembers(tx, { fromId: old.id, toId: made });
    offered = await welcome(tx, { seriesId: made, tenantId, everyDate: old.everyDate, eventIds: copies, now });
    return made;
  });
  if (dropped || offered) ctx.notifications.wake();
  return getSeries({ ctx, tenant: auth.tenant, id, viewerId: auth.userId });
}

/**
 * The viewer follows every date to come of the series, and each date the scheduler adds later; or
 * stops, letting go of every date to come (dates already over stay as they were).
 */
export async function followSeries(opts: { ctx: AppContext; auth: AuthInfo; id: string; following: boolean }): Promise<Series> {
  const { ctx, auth, following } = opts;
  const current = await getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
  const now = ctx.now().getTime();
  const eventIds = current.dates.filter((d) => Date.parse(d.endDate) > now && (!following || d.status !== EventStatus.Canceled)).map((d) => d.eventId);
  await ctx.db.transaction(async (tx) => {
    await repo.setFollower(tx, { seriesId: opts.id, userId: auth.userId, following });
    await setFollowLinks(tx, { tenantId: auth.tenant.id, userId: auth.userId, eventIds, following });
  });
  return getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
}

/** The host lets people say Going to every date, or stops (who did keeps the places they took, and is not added to new dates). */
export async function setSeriesSettings(opts: { ctx: AppContext; auth: AuthInfo; id: string; everyDate: boolean }): Promise<Series> {
  const { ctx, auth } = opts;
  const current = await getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
  if (current.userId !== auth.userId) throw notOwner('Only the host of this series may change it.');
  await ctx.db.transaction(async (tx) => {
    await repo.lockSeries(tx, opts.id);
    await repo.setEveryDate(tx, { id: opts.id, everyDate: opts.everyDate, now: ctx.now() });
  });
  return getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
}

/** The dates to come that `viewerId` may see, in date order (the order seat locks are taken), and whether each still takes place. */
async function datesToCome(tx: Db, args: { seriesId: string; viewerId: string; now: Date }): Promise<{ eventId: string; open: boolean }[]> {
  const dates = await seriesEvents.dates(tx, { seriesId: args.seriesId, viewerId: args.viewerId, now: args.now });
  return dates.filter((d) => Date.parse(d.endDate) > args.now.getTime()).map((d) => ({ eventId: d.eventId, open: d.status !== EventStatus.Canceled }));
}

/**
 * Going to every date to come with the same guests and answers, and to each date added later: each
 * date gives a seat, a place in its line or a request, by its own rules. A date that refuses (the
 * host declined the person there, or it asks what the answers do not cover) is skipped; when every
 * date refuses, the first date's reason is the answer and nothing changes.
 */
export async function goEveryDate(opts: { ctx: AppContext; auth: AuthInfo; id: string; guests: number; answers?: GoingAnswers }): Promise<Series> {
  const { ctx, auth } = opts;
  await getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
  const now = ctx.now();
  const offered = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockSeries(tx, opts.id);
    if (!row?.everyDate) throw conflict('The host has not opened this series to Going to every date: say Going to each date you want.');
    const eventIds = (await datesToCome(tx, { seriesId: opts.id, viewerId: auth.userId, now })).filter((d) => d.open).map((d) => d.eventId);
    if (!eventIds.length) throw conflict('This series has no dates to come.');
    const goer = { userId: auth.userId, guests: opts.guests, answers: opts.answers ?? {} };
    const { joined, refusals, offered } = await joinDates(tx, { tenantId: auth.tenant.id, eventIds, now, ...goer });
    if (!joined.length) throw refusals[0];
    await repo.setGoer(tx, { seriesId: opts.id, ...goer });
    return offered;
  });
  if (offered) ctx.notifications.wake();
  return getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
}

/** Not going to the dates to come any more, nor to dates added later (a date the host declined stays declined). */
export async function leaveEveryDate(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<Series> {
  const { ctx, auth } = opts;
  await getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
  const now = ctx.now();
  const offered = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockSeries(tx, opts.id);
    if (!row) return 0;
    await repo.removeGoer(tx, { seriesId: opts.id, userId: auth.userId });
    // Every date to come as the host sees them: a place held at a date the person may no longer see is given back too.
    const dates = await datesToCome(tx, { seriesId: opts.id, viewerId: row.userId, now });
    return leaveDates(tx, { tenantId: auth.tenant.id, userId: auth.userId, dates, now });
  });
  if (offered) ctx.notifications.wake();
  return getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
}

/**
 * The host reuses a launch of one date on the next date, or on every date after it (canceled and
 * past dates aside): each gets copies of its flyers and a launch as far from its start as the
 * original is from its own. All the copies are made, or none.
 */
export async function copySeriesTimeline(opts: { ctx: AppContext; auth: AuthInfo; id: string } & SeriesTimelineCopy): Promise<Timeline[]> {
  const { ctx, auth } = opts;
  const current = await getSeries({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
  if (current.userId !== auth.userId) throw notOwner('Only the host of this series may copy its launches.');
  const timeline = await timelineOf({ ctx, tenantId: auth.tenant.id, id: opts.timelineId });
  const source = timeline && current.dates.find((d) => d.eventId === timeline.eventId);
  if (!timeline || !source) throw notFound('No launch of a date of this series has this id.');
  const now = ctx.now().getTime();
  const after = current.dates.filter((d) => Date.parse(d.ruleDate) > Date.parse(source.ruleDate) && d.status !== EventStatus.Canceled && Date.parse(d.endDate) > now);
  const targets = opts.to === 'next' ? after.slice(0, 1) : after;
  if (!targets.length) throw conflict('This series has no date to come after this one to copy the launch to.');
  const written: string[] = [];
  const copies = await ctx.db
    .transaction(async (tx) => {
      const made: Timeline[] = [];
      for (const date of targets) {
        const shiftMs = Date.parse(date.startDate) - Date.parse(source.startDate);
        made.push(await copyTimeline(tx, { ctx, auth, timelineId: timeline.id, toEventId: date.eventId, shiftMs, written }));
      }
      // "Every date" also means the dates the scheduler adds later (extendSeries).
      if (opts.to === 'every') await repo.repeatTimeline(tx, { seriesId: opts.id, timelineId: timeline.id, sourceStartsAt: new Date(source.startDate) });
      return made;
    })
    .catch(async (error: unknown) => {
      // No copy was made: neither are its images.
      await Promise.all(written.map((path) => ctx.files.remove(path)));
      throw error;
    });
  ctx.launches.wake();
  return copies;
}

/** The rules of these series (a calendar file writes each as one repeating event). */
export async function seriesRules(opts: { ctx: AppContext; tenantId: string; ids: string[] }): Promise<{ id: string; rule: string; timeZone: string; startsAt: Date }[]> {
  const rows = await repo.findSeriesMany(opts.ctx.db, opts.tenantId, opts.ids);
  return rows.map((r) => ({ id: r.id, rule: r.rule, timeZone: r.timeZone, startsAt: r.startsAt }));
}

/** The series and the dates the viewer may see; 404 when they may see none. */
export async function getSeries(opts: { ctx: AppContext; tenant: TenantRef; id: string; viewerId: string | null }): Promise<Series> {
  const { ctx } = opts;
  const row = await repo.findSeries(ctx.db, opts.tenant.id, opts.id);
  if (!row) throw notFound('No series has this id.');
  const dates = await seriesEvents.dates(ctx.db, { seriesId: row.id, viewerId: opts.viewerId, now: ctx.now() });
  if (!dates.length) throw notFound('No series has this id.');
  const viewerId = opts.viewerId;
  const [following, goingEvery, states] = viewerId
    ? await Promise.all([
        repo.isFollower(ctx.db, row.id, viewerId),
        repo.isGoer(ctx.db, row.id, viewerId),
        goingStates({ ctx, userId: viewerId, eventIds: dates.map((d) => d.eventId) }),
      ])
    : [false, false, new Map()];
  return {
    id: row.id,
    userId: row.userId,
    rule: row.rule,
    timeZone: row.timeZone,
    datesUntil: row.datesUntil?.toISOString() ?? null,
    following,
    everyDate: row.everyDate,
    goingEvery,
    dates: dates.map((d) => ({ ...d, status: d.status as Series['dates'][number]['status'], going: states.get(d.eventId) ?? null })),
  };
}
