import { DateTime } from 'luxon';
import type { Series } from '@hubbub/contract';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import { SERIES_MAX_DATES, SERIES_WINDOW_DAYS, SeriesRuleError, parseSeriesRule, seriesDates } from '../../lib/series-rule.js';
import { requireOwnEvent, seriesEvents } from '../events/service.js';
import * as repo from './repository.js';

// Series (issue 29): an event's repeat rule. The dates are events made ahead for a bounded window
// (SERIES_WINDOW_DAYS, at most SERIES_MAX_DATES), so every surface that shows an event shows a date.

const DAILY = /(^|;)FREQ=DAILY(;|$)/i;
const ENDS = /(^|;)(COUNT|UNTIL)=/i;
/** How far past the window a rule is looked at to tell whether it has dates left. */
const LOOK_AHEAD_DAYS = 3660;

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

/** The dates from `from` within the window, and where the made dates end (null: the rule has none after them). */
function window(args: { rule: string; start: Date; timeZone: string; from: Date }): { starts: Date[]; datesUntil: Date | null } {
  const base = { rule: args.rule, start: args.start.toISOString(), timeZone: args.timeZone };
  const starts = seriesDates({ ...base, from: args.from.toISOString(), windowDays: SERIES_WINDOW_DAYS, limit: SERIES_MAX_DATES }).map((d) => new Date(d));
  const until =
    starts.length >= SERIES_MAX_DATES ? starts[starts.length - 1] : DateTime.fromJSDate(args.from).plus({ days: SERIES_WINDOW_DAYS }).toJSDate();
  const after = seriesDates({ ...base, from: new Date(until.getTime() + 1000).toISOString(), windowDays: LOOK_AHEAD_DAYS, limit: 1 });
  return { starts, datesUntil: after.length ? until : null };
}

/** Makes the host's event repeat by `rule`: it becomes the first date, and the window's other dates are made. */
export async function createSeries(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; rule: string }): Promise<Series> {
  const { ctx, auth } = opts;
  const event = await requireOwnEvent(ctx, auth, opts.eventId);
  if (event.seriesId) throw conflict('This event is already a date of a series.');
  const rule = checkedRule(opts.rule);
  const { starts, datesUntil } = ruled(() => window({ rule, start: event.startsAt, timeZone: event.timeZone, from: event.startsAt }));
  if (starts[0]?.getTime() !== event.startsAt.getTime()) {
    const day = DateTime.fromJSDate(event.startsAt, { zone: event.timeZone }).toFormat('cccc, LLL d');
    throw refused(`The event's own date (${day}) is not one of the rule's dates: pick the days it falls on, or move the event to the first date.`);
  }
  const seriesId = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertSeries(tx, { tenantId: auth.tenant.id, userId: auth.userId, rule, timeZone: event.timeZone, startsAt: event.startsAt, datesUntil });
    await seriesEvents.join(tx, { eventId: opts.eventId, seriesId: id, ruleDate: event.startsAt });
    await seriesEvents.copy(tx, { tenantId: auth.tenant.id, sourceId: opts.eventId, seriesId: id, slug: event.slug, timeZone: event.timeZone, starts: starts.slice(1) });
    return id;
  });
  return getSeries({ ctx, tenant: auth.tenant, id: seriesId, viewerId: auth.userId });
}

/** The series and the dates the viewer may see; 404 when they may see none. */
export async function getSeries(opts: { ctx: AppContext; tenant: TenantRef; id: string; viewerId: string | null }): Promise<Series> {
  const { ctx } = opts;
  const row = await repo.findSeries(ctx.db, opts.tenant.id, opts.id);
  if (!row) throw notFound('No series has this id.');
  const dates = await seriesEvents.dates(ctx.db, { seriesId: row.id, viewerId: opts.viewerId, now: ctx.now() });
  if (!dates.length) throw notFound('No series has this id.');
  return {
    id: row.id,
    userId: row.userId,
    rule: row.rule,
    timeZone: row.timeZone,
    datesUntil: row.datesUntil?.toISOString() ?? null,
    dates: dates.map((d) => ({ ...d, status: d.status as Series['dates'][number]['status'] })),
  };
}
