import { GOING_MESSAGES_PER_DAY, GOING_PEOPLE_PAGE, type GoingMessageAudience, type GoingMessageSent, type GoingAnswers, type GoingDecision, type GoingPeople, type GoingQuestion, type GoingSettings, type GoingState, type GoingSummary, type MyGoing } from '@hubbub/contract';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { AppError, conflict, invalid, noSeatOffered, notFound, rateLimited } from '../../lib/app-error.js';
import { requireEventRole, requireVisibleEvent } from '../events/service.js';
import { setAttendeeLink, type Attendance } from '../event-links/service.js';
import * as invitations from './invitation-repository.js';
import * as repo from './repository.js';

const HOUR_MS = 3_600_000;
/** Events whose lapsed offers one round passes on. */
const LAPSED_SLICE = 200;

const approvalRequired = () =>
  new AppError(409, 'approval_required', 'Approval required', 'The host approves each request for this event. Say Going on the event page to ask.');

/**
 * The answers checked against the host's questions: every required one answered, each of the
 * kind its question asks (a choice among its choices), none to a question that is not there.
 * Errors are keyed `answers.<question id>`; what is kept is the answers as given, blanks left out.
 */
export function checkAnswers(questions: GoingQuestion[], answers: GoingAnswers): GoingAnswers {
  const errors: Record<string, string[]> = {};
  const kept: GoingAnswers = {};
  for (const id of Object.keys(answers)) if (!questions.some((q) => q.id === id)) errors[`answers.${id}`] = ['The host asks no such question.'];
  for (const q of questions) {
    const answer = answers[q.id];
    const blank = answer === undefined || answer === '';
    if (blank) {
      if (q.required) errors[`answers.${q.id}`] = [`“${q.label}” needs an answer.`];
      continue;
    }
    if (q.kind === 'yesno' ? typeof answer !== 'boolean' : typeof answer !== 'string') {
      errors[`answers.${q.id}`] = [q.kind === 'yesno' ? `“${q.label}” is answered yes or no.` : `“${q.label}” is answered in words.`];
    } else if (q.kind === 'choice' && !q.choices.includes(answer as string)) {
      errors[`answers.${q.id}`] = [`“${q.label}” is answered with one of its choices.`];
    } else kept[q.id] = answer;
  }
  const fields = Object.keys(errors);
  if (fields.length) throw invalid(fields.length === 1 ? Object.values(errors)[0][0] : 'Some answers are missing or not valid.', errors);
  return kept;
}

const eventFull = () =>
  new AppError(409, 'event_full', 'Event full', 'Every seat is taken. Say Going on the event page to join the waitlist: you will be offered a seat when one frees up.');

/** What anyone who may see the event sees, and the viewer's own standing. */
export async function goingSummary(opts: { ctx: AppContext; tenant: TenantRef; eventId: string; viewerId: string | null }): Promise<GoingSummary> {
  const { ctx, eventId } = opts;
  await requireVisibleEvent({ ctx, tenant: opts.tenant, eventId, viewerId: opts.viewerId });
  return summaryOf(ctx.db, eventId, opts.viewerId);
}

/** An event's seats as its public page shows them (the caller has checked the reader may see it). */
export async function seatsOf(opts: { ctx: AppContext; eventId: string }): Promise<{ capacity: number | null; seatsTaken: number; waitlisted: number }> {
  const { settings, seatsTaken, waitlisted } = await repo.summary(opts.ctx.db, opts.eventId, null);
  return { capacity: settings.capacity, seatsTaken, waitlisted };
}

async function summaryOf(db: Db, eventId: string, viewerId: string | null): Promise<GoingSummary> {
  return { eventId, ...(await repo.summary(db, eventId, viewerId)) };
}

/** A published event that has not ended and is not canceled: the only kind people can say Going to. */
async function requireOpenEvent(ctx: AppContext, auth: AuthInfo, eventId: string) {
  const event = await requireVisibleEvent({ ctx, tenant: auth.tenant, eventId, viewerId: auth.userId });
  refuseRemote(event.origin);
  if (event.status === 3) throw conflict('This event is canceled: nobody can say Going to it.');
  if (Date.parse(event.endDate) <= ctx.now().getTime()) throw conflict('This event has ended.');
}

/** An event another server published keeps its list there: Going is said on its page. */
function refuseRemote(origin: string | null): void {
  if (origin) throw conflict(`This event is hosted on ${new URL(origin).host}: say Going on its page there.`);
}

const fits = (capacity: number | null, taken: number, seats: number) => capacity === null || taken + seats <= capacity;

/**
 * Hands the freed seats to the line, first come first served: the first in line is offered a seat
 * when their party fits, then the next, until one does not fit (nobody jumps the line). Runs under
 * the seat lock; the offers are mailed by the notifications worker (woken after the commit).
 */
async function promote(db: Db, args: { eventId: string; settings: repo.SettingsRow; now: Date }): Promise<number> {
  const { eventId, settings, now } = args;
  let { seatsTaken } = await repo.standing(db, eventId, null);
  let offered = 0;
  for (;;) {
    const next = await repo.firstInLine(db, eventId);
    if (!next || !fits(settings.capacity, seatsTaken, 1 + next.guests)) return offered;
    seatsTaken += 1 + next.guests;
    if (next.remote) {
      // Someone on another server said Going by a Join, which is their confirmation: the seat is
      // theirs at once, and their server is told (modules/federation answers with an Accept).
      await repo.confirmOffer(db, { id: next.id, at: now });
      await setAttendeeLink(db, { tenantId: next.tenantId, eventId, userId: next.userId, attending: true });
      continue;
    }
    await repo.offerSeat(db, { id: next.id, at: now, until: new Date(now.getTime() + settings.offerHours * HOUR_MS) });
    offered++;
  }
}

/**
 * One change to an event's seats, under its seat lock in one transaction. A change that may have
 * freed seats answers the settings to hand them out under; the line then moves up at once, and
 * the notifications worker is woken to mail the offers.
 */
async function withSeats(
  ctx: AppContext,
  tenantId: string,
  eventId: string,
  change: (db: Db, settings: repo.SettingsRow) => Promise<repo.SettingsRow | void>,
): Promise<void> {
  let offered = 0;
  await ctx.db.transaction(async (tx) => {
    const freed = await change(tx, await repo.lockSeats(tx, { tenantId, eventId }));
    if (freed) offered = await promote(tx, { eventId, settings: freed, now: ctx.now() });
  });
  if (offered) ctx.notifications.wake();
  // Someone from another server may have been seated or declined: their server is owed an answer.
  ctx.federation.wake();
}

/**
 * One person's Going at one event, under its seat lock (the caller holds it): a seat when the party
 * fits and nobody is waiting, otherwise the end of the line, or a request when the host approves
 * each. Everything it refuses is refused before anything is written. Answers the settings to hand
 * freed seats out under when fewer guests gave some back.
 */
async function takePlace(
  tx: Db,
  args: {
    tenantId: string;
    eventId: string;
    userId: string;
    guests: number;
    answers: GoingAnswers;
    settings: repo.SettingsRow;
    now: Date;
    seatOnly?: boolean;
    /** A place the person already holds stays as it is (going to every date leaves each date's own choice). */
    keep?: boolean;
  },
): Promise<repo.SettingsRow | void> {
  const { tenantId, eventId, userId, guests, settings, now } = args;
  if (guests > settings.maxGuests) {
    const allowed = settings.maxGuests === 0 ? 'The host does not allow guests for this event.' : `The host allows at most ${settings.maxGuests} guest${settings.maxGuests === 1 ? '' : 's'} per person.`;
    throw invalid(allowed, { guests: [allowed] });
  }
  const { seatsTaken, waitlisted, mine } = await repo.standing(tx, eventId, userId);
  if (args.seatOnly && mine?.state !== 'going' && settings.approval) throw approvalRequired();
  if (mine && args.seatOnly && mine.state !== 'going') throw eventFull();
  if (mine?.state === 'declined') throw conflict('The host declined your request for this event.');
  if (mine && args.keep) return;
  // The link call carries no answers: it keeps what was given, and asks none of a new attendee the host's required questions.
  const answers = args.seatOnly ? {} : checkAnswers(settings.questions, args.answers);
  if (mine) {
    if (args.seatOnly) return;
    const seated = mine.state === 'going' || mine.state === 'offered';
    // Holding a seat: more guests need the seats to be free (nobody waiting is passed over).
    if (seated && guests > mine.guests && (waitlisted > 0 || !fits(settings.capacity, seatsTaken, guests - mine.guests))) {
      const left = Math.max(0, (settings.capacity ?? 0) - seatsTaken);
      const more = guests - mine.guests;
      const message = `${waitlisted > 0 || left === 0 ? 'There are no seats left' : `There ${left === 1 ? 'is only 1 seat' : `are only ${left} seats`} left`}: you cannot bring ${more} more guest${more === 1 ? '' : 's'}.`;
      throw conflict(message, { guests: [message] });
    }
    // A guest let in at the door keeps their seat: the door's count would otherwise lose them, and their ticket would come back good.
    if (seated && guests < mine.guests && (await repo.seatsCheckedIn(tx, mine.id)) > 1 + guests) {
      const message = 'A guest of yours is checked in at the door already: ask the door to undo it before bringing fewer guests.';
      throw conflict(message, { guests: [message] });
    }
    await repo.setRequest(tx, { id: mine.id, guests, answers, at: now });
    // Fewer guests free seats for the line.
    return seated && guests < mine.guests ? settings : undefined;
  }
  const row = { tenantId, eventId, userId, guests, answers, at: now };
  if (settings.approval) {
    await repo.insertRow(tx, { ...row, state: 'pending' });
    return;
  }
  if (waitlisted === 0 && fits(settings.capacity, seatsTaken, 1 + guests)) {
    await repo.insertRow(tx, { ...row, state: 'going' });
    await setAttendeeLink(tx, { tenantId, eventId, userId, attending: true });
    return;
  }
  if (args.seatOnly) throw eventFull();
  await repo.insertWaitlisted(tx, row);
}

/**
 * Says Going (or changes the guests): a seat when the party fits and nobody is waiting, otherwise
 * the end of the line. `seatOnly` (the spec's Attendee link) refuses instead of waitlisting.
 */
export async function sayGoing(opts: {
  ctx: AppContext;
  auth: AuthInfo;
  eventId: string;
  guests: number;
  answers?: GoingAnswers;
  seatOnly?: boolean;
}): Promise<GoingSummary> {
  const { ctx, auth, eventId, guests } = opts;
  await requireOpenEvent(ctx, auth, eventId);
  await withSeats(ctx, auth.tenant.id, eventId, (tx, settings) =>
    takePlace(tx, { tenantId: auth.tenant.id, eventId, userId: auth.userId, guests, answers: opts.answers ?? {}, settings, now: ctx.now(), seatOnly: opts.seatOnly }),
  );
  return summaryOf(ctx.db, eventId, auth.userId);
}

/**
 * The host decides on a request waiting for approval (or changes their mind about a decline): an
 * approved person takes a seat when their party fits and nobody waits, otherwise the end of the
 * line; a declined one is told the host's message on the event's page.
 */
export async function decideRequest(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; userId: string } & GoingDecision): Promise<GoingSummary> {
  const { ctx, auth, eventId, userId } = opts;
  await requireEventRole(ctx, auth, eventId, 'co-host');
  await withSeats(ctx, auth.tenant.id, eventId, async (tx, settings) => {
    const { seatsTaken, waitlisted, mine: them } = await repo.standing(tx, eventId, userId);
    if (!them) throw notFound('This person has not asked to come to this event.');
    if (them.state !== 'pending' && them.state !== 'declined') throw conflict('Only a request waiting for approval, or a declined one, can be decided.');
    const now = ctx.now();
    if (opts.decision === 'decline') {
      await repo.decide(tx, { id: them.id, eventId, to: 'declined', message: opts.message || null, at: now });
      return;
    }
    const seat = waitlisted === 0 && fits(settings.capacity, seatsTaken, 1 + them.guests);
    await repo.decide(tx, { id: them.id, eventId, to: seat ? 'going' : 'waitlisted', message: null, at: now });
    if (seat) await setAttendeeLink(tx, { tenantId: auth.tenant.id, eventId, userId, attending: true });
  });
  return summaryOf(ctx.db, eventId, auth.userId);
}

/** Gives back the person's seat, offer, place in line or request (under the seat lock); answers the settings to hand a freed seat out under. */
async function giveBack(tx: Db, args: { tenantId: string; eventId: string; userId: string; settings: repo.SettingsRow }): Promise<repo.SettingsRow | void> {
  const { tenantId, eventId, userId } = args;
  const { mine } = await repo.standing(tx, eventId, userId);
  // A declined request stays, so the host's decision stands.
  if (!mine || mine.state === 'declined') return;
  // Someone let in at the door stays on the list: leaving would drop them from the count (and a new ticket would let another in).
  if (mine.state === 'going' && (await repo.seatsCheckedIn(tx, mine.id)) > 0) throw conflict('You are checked in at the door: ask the door to undo it before leaving the list.');
  await repo.remove(tx, mine.id);
  if (mine.state === 'going') await setAttendeeLink(tx, { tenantId, eventId, userId, attending: false });
  return mine.state === 'going' || mine.state === 'offered' ? args.settings : undefined;
}

/**
 * Whether a remote account may ask for a seat at all: a public event of this site's own, neither
 * canceled nor over. Throws the refusal, for anyone, also someone on the list (their seat is no use now).
 */
export async function requireRemoteJoinable(opts: { ctx: AppContext; tenant: TenantRef; eventId: string }): Promise<void> {
  const { ctx, tenant, eventId } = opts;
  const event = await requireVisibleEvent({ ctx, tenant, eventId, viewerId: null });
  if (event.visibility !== 'public') throw notFound('No public event has this id.');
  refuseRemote(event.origin);
  if (event.status === 3) throw conflict('This event is canceled: nobody can say Going to it.');
  if (Date.parse(event.endDate) <= ctx.now().getTime()) throw conflict('This event has ended.');
}

/**
 * Going from the fediverse (modules/federation): a remote account (users.remote_actor) asks for a
 * seat at a public event by an ActivityPub Join, without guests or answers. It gets what anyone
 * would: a seat, the end of the line, or a request for the host to approve; a refusal (canceled,
 * ended, declined before, required questions) is thrown. Answers where it stands.
 */
export async function remoteGoing(opts: { ctx: AppContext; tenant: TenantRef; eventId: string; userId: string }): Promise<GoingState> {
  const { ctx, tenant, eventId, userId } = opts;
  await requireRemoteJoinable({ ctx, tenant, eventId });
  // Already on the list (a Join sent again, redelivered): where they stand is the answer; nothing changes.
  const before = await repo.standing(ctx.db, eventId, userId);
  if (before.mine) return before.mine.state;
  await withSeats(ctx, tenant.id, eventId, (tx, settings) => takePlace(tx, { tenantId: tenant.id, eventId, userId, guests: 0, answers: {}, settings, now: ctx.now() }));
  const { mine } = await repo.standing(ctx.db, eventId, userId);
  if (!mine) throw conflict('The request could not be recorded.');
  return mine.state;
}

/** A remote account is not going any more (a Leave, or an Undo of its Join): as leaveGoing. */
export async function remoteLeave(opts: { ctx: AppContext; tenant: TenantRef; eventId: string; userId: string }): Promise<void> {
  const { ctx, tenant, eventId, userId } = opts;
  await withSeats(ctx, tenant.id, eventId, (tx, settings) => giveBack(tx, { tenantId: tenant.id, eventId, userId, settings }));
}

/** Not going any more: the seat, the offer or the place in line is given back; the line moves up. */
export async function leaveGoing(opts: { ctx: AppContext; auth: AuthInfo; eventId: string }): Promise<GoingSummary> {
  const { ctx, auth, eventId } = opts;
  await requireVisibleEvent({ ctx, tenant: auth.tenant, eventId, viewerId: auth.userId });
  await withSeats(ctx, auth.tenant.id, eventId, (tx, settings) => giveBack(tx, { tenantId: auth.tenant.id, eventId, userId: auth.userId, settings }));
  return summaryOf(ctx.db, eventId, auth.userId);
}

/** Takes the seat offered from the waitlist, while the offer stands. */
export async function confirmSeat(opts: { ctx: AppContext; auth: AuthInfo; eventId: string }): Promise<GoingSummary> {
  const { ctx, auth, eventId } = opts;
  await requireOpenEvent(ctx, auth, eventId);
  await withSeats(ctx, auth.tenant.id, eventId, async (tx) => {
    const { mine } = await repo.standing(tx, eventId, auth.userId);
    if (mine?.state === 'going') return;
    const now = ctx.now();
    if (mine?.state !== 'offered' || !mine.offerUntil || Date.parse(mine.offerUntil) <= now.getTime()) {
      throw noSeatOffered(
        mine?.state === 'waitlisted'
          ? 'No seat is offered to you yet: you are still on the waitlist.'
          : 'No seat is offered to you: the offer lapsed and passed to the next in line, or was given back. Say Going to join the waitlist again.',
      );
    }
    await repo.confirmOffer(tx, { id: mine.id, at: now });
    await setAttendeeLink(tx, { tenantId: auth.tenant.id, eventId, userId: auth.userId, attending: true });
  });
  return summaryOf(ctx.db, eventId, auth.userId);
}

/**
 * The host's settings. A lower capacity takes no seat from anyone (new seats wait until enough are
 * given back); a higher one, or no limit, offers the freed seats to the line at once.
 */
export async function updateGoingSettings(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; settings: GoingSettings }): Promise<GoingSummary> {
  const { ctx, auth, eventId, settings } = opts;
  await requireEventRole(ctx, auth, eventId, 'co-host');
  await withSeats(ctx, auth.tenant.id, eventId, async (tx) => {
    await repo.saveSettings(tx, { eventId, settings, at: ctx.now() });
    return settings;
  });
  return summaryOf(ctx.db, eventId, auth.userId);
}

export async function goingPeople(opts: {
  ctx: AppContext;
  auth: AuthInfo;
  eventId: string;
  q?: string;
  state?: GoingState;
  pageNumber: number;
}): Promise<GoingPeople> {
  const { ctx, auth, eventId } = opts;
  await requireEventRole(ctx, auth, eventId, 'co-host');
  const { total, rows } = await repo.people(ctx.db, {
    eventId,
    q: opts.q || null,
    state: opts.state ?? null,
    limit: GOING_PEOPLE_PAGE,
    offset: (opts.pageNumber - 1) * GOING_PEOPLE_PAGE,
  });
  return { totalCount: total, pageNumber: opts.pageNumber, pageSize: GOING_PEOPLE_PAGE, people: rows };
}

/** Every row of the host's list (all pages) and the questions asked, for the CSV export. */
export async function allGoingPeople(opts: { ctx: AppContext; auth: AuthInfo; eventId: string }): Promise<{ rows: repo.PersonRow[]; questions: GoingQuestion[] }> {
  const { ctx, auth, eventId } = opts;
  await requireEventRole(ctx, auth, eventId, 'co-host');
  const [{ rows }, settings] = await Promise.all([repo.people(ctx.db, { eventId, q: null, state: null, limit: 1_000_000, offset: 0 }), repo.readSettings(ctx.db, eventId)]);
  return { rows, questions: settings.questions };
}

/**
 * Offers nobody confirmed in time pass to the next in line (the notifications worker runs this
 * each round, on whichever instance claims it: the seat lock makes a second run find nothing).
 */
export async function passLapsedOffers(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const events = await repo.eventsWithLapsedOffers(ctx.db, now, LAPSED_SLICE);
  let dropped = 0;
  for (const { tenantId, eventId } of events) {
    await withSeats(ctx, tenantId, eventId, async (tx, settings) => {
      dropped += (await repo.dropLapsedOffers(tx, eventId, now)).length;
      return settings;
    });
  }
  return dropped;
}

/**
 * Going to several events at once (a series' "every date", modules/series), in the caller's
 * transaction: each event under its own seat lock, taken in the order given (date order, so two
 * callers never wait on each other's locks crosswise). A place the person already holds stays as
 * it is. An event that refuses the person (declined, more guests than it allows, its required
 * questions not answered) is skipped; answers to questions an event does not ask are left out
 * there. Each event runs in a savepoint, so a refusal leaves the transaction usable whatever it
 * did before. Answers the events that took the person (or where they were already), why the others
 * refused, and how many seats the line was offered (the caller wakes the notifications worker).
 */
export async function joinDates(
  tx: Db,
  args: { tenantId: string; userId: string; eventIds: string[]; guests: number; answers: GoingAnswers; now: Date },
): Promise<{ joined: string[]; refusals: AppError[]; offered: number }> {
  const joined: string[] = [];
  const refusals: AppError[] = [];
  let offered = 0;
  for (const eventId of args.eventIds) {
    const settings = await repo.lockSeats(tx, { tenantId: args.tenantId, eventId });
    const answers = Object.fromEntries(Object.entries(args.answers).filter(([id]) => settings.questions.some((q) => q.id === id)));
    try {
      await tx.transaction(async (date) => {
        const freed = await takePlace(date, { ...args, eventId, answers, settings, keep: true });
        if (freed) offered += await promote(date, { eventId, settings: freed, now: args.now });
      });
      joined.push(eventId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusals.push(error);
    }
  }
  return { joined, refusals, offered };
}

/**
 * Not going to these events any more (in the caller's transaction, in the order given): see
 * leaveGoing. A seat given back at a canceled event (`open` false) is offered to nobody. Answers
 * how many seats the line was offered.
 */
export async function leaveDates(tx: Db, args: { tenantId: string; userId: string; dates: { eventId: string; open: boolean }[]; now: Date }): Promise<number> {
  let offered = 0;
  for (const { eventId, open } of args.dates) {
    const settings = await repo.lockSeats(tx, { tenantId: args.tenantId, eventId });
    const freed = await giveBack(tx, { ...args, eventId, settings });
    if (freed && open) offered += await promote(tx, { eventId, settings: freed, now: args.now });
  }
  return offered;
}

/** The host's Going settings (capacity, guests, time to confirm, approval, questions) copied to new dates of a series; not the invitation link, each date has its own. */
export function copyGoingSettings(tx: Db, args: { fromEventId: string; toEventIds: string[] }): Promise<void> {
  return repo.copySettings(tx, args);
}

/** Where a person stands at each of these events (only those where they have a row). */
export function goingStates(opts: { ctx: AppContext; userId: string; eventIds: string[] }): Promise<Map<string, GoingState>> {
  return repo.statesOf(opts.ctx.db, opts.userId, opts.eventIds);
}

const DAY_MS = 86_400_000;

/**
 * The host writes to everyone holding a seat: stored, then mailed and pushed to each by the
 * notifications worker (woken now). A few a day per event, so attendees are not flooded.
 */
export async function messageGoing(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; message: string; audience: GoingMessageAudience }): Promise<GoingMessageSent> {
  const { ctx, auth, eventId } = opts;
  // The event speaks: a co-host's message goes out as the host's, and stays (and counts) when the co-host goes.
  const { userId: hostId } = await requireEventRole(ctx, auth, eventId, 'co-host');
  const now = ctx.now();
  const sent = await ctx.db.transaction(async (tx) => {
    // Under the seat lock: two messages sent at once cannot both slip under the day's limit.
    await repo.lockSeats(tx, { tenantId: auth.tenant.id, eventId });
    const today = await repo.messagesSince(tx, eventId, new Date(now.getTime() - DAY_MS));
    if (today.count >= GOING_MESSAGES_PER_DAY) {
      const retryAfter = Math.max(1, Math.ceil((Date.parse(today.oldest!) + DAY_MS - now.getTime()) / 1000));
      throw rateLimited(`This event has sent ${GOING_MESSAGES_PER_DAY} messages in the last 24 hours; the next can go in ${Math.ceil(retryAfter / 3600)} hours.`, retryAfter);
    }
    // People from other servers are sent it there by the federation's round (modules/federation), when it runs.
    const reached = await repo.insertMessage(tx, { tenantId: auth.tenant.id, eventId, authorId: hostId, body: opts.message, audience: opts.audience, at: now, federation: ctx.config.FEDERATION });
    return { ...reached, leftToday: GOING_MESSAGES_PER_DAY - today.count - 1 };
  });
  ctx.notifications.wake();
  if (sent.fediverse) ctx.federation.wake();
  return sent;
}

/** A host's message as its email quotes it; undefined once the event (and so the message) is gone. */
export function goingMessage(opts: { ctx: AppContext; id: string }): Promise<{ body: string; authorName: string } | undefined> {
  return repo.findMessage(opts.ctx.db, opts.id);
}

/** The seat offered to a person, while it stands (what its message says); undefined once confirmed, given back or lapsed. */
export async function standingOffer(opts: { ctx: AppContext; eventId: string; userId: string }): Promise<{ offerUntil: string } | undefined> {
  const { mine: row } = await repo.standing(opts.ctx.db, opts.eventId, opts.userId);
  if (row?.state !== 'offered' || !row.offerUntil || Date.parse(row.offerUntil) <= opts.ctx.now().getTime()) return undefined;
  return { offerUntil: row.offerUntil };
}

/** Where a person stands at an event (what a decision's message says); undefined when they have no row. */
export async function goingStanding(opts: { ctx: AppContext; eventId: string; userId: string }): Promise<MyGoing | undefined> {
  return (await repo.summary(opts.ctx.db, opts.eventId, opts.userId)).mine ?? undefined;
}

/** An emailed invitation (invitation-service.ts) as its message needs it; undefined once taken back or the event is gone. */
export function invitationToSend(opts: { ctx: AppContext; id: string }) {
  return invitations.invitationToSend(opts.ctx.db, opts.id);
}

/** The spec's Attendee link, made and removed through seats (see event-links' Attendance). */
export const attendance: Attendance = {
  attend: async ({ ctx, auth, eventId }) => {
    await sayGoing({ ctx, auth, eventId, guests: 0, seatOnly: true });
  },
  leave: async ({ ctx, auth, eventId }) => {
    await leaveGoing({ ctx, auth, eventId });
  },
};
