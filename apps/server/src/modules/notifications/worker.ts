import type { FastifyBaseLogger } from 'fastify';
import { CO_HOST_PAGE, DIGEST_MAX_EVENTS, pathOf, shareableEventUrl } from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';
import type { MailMessage } from '../../lib/mailer.js';
import { tenantById } from '../../lib/tenants.js';
import { ClaimLoop } from '../../lib/claim-loop.js';
import type { JobTrigger } from '../../lib/job-trigger.js';
import { calendarEventsOf, findCalendarById, takeDueAlerts } from '../calendars/service.js';
import { calendarEvent } from '../events/service.js';
import { coHostToSend } from '../co-hosts/service.js';
import { goingMessage, goingStanding, invitationToSend, passLapsedOffers, standingOffer } from '../going/service.js';
import { cancellationEmail, coHostEmail, decisionEmail, digestEmail, goingMessageEmail, invitationEmail, reminderEmail, seatOfferedEmail } from './emails.js';
import { pushTo, type PushMessage } from './push.js';
import * as repo from './repository.js';
import { unsubscribeLinks } from './service.js';

export interface NotificationOptions {
  /** How often due digests, reminders, cancellations and seat offers are looked for. */
  pollMs: number;
  leaseMs: number;
  batch: number;
  instanceId: string;
}

export const DEFAULT_NOTIFICATION_OPTIONS: Omit<NotificationOptions, 'instanceId'> = { pollMs: 30_000, leaseMs: 60_000, batch: 20 };

/** Calendars whose digest fell due, taken and enqueued per statement. */
const DUE_SLICE = 500;
/** Events a digest reads to find the new ones (the soonest first). */
const DIGEST_SCAN = 500;

/**
 * Sends digests, reminders and cancellation notices. Each round first enqueues what fell due (as
 * jobs whose unique keys make every message one row, whichever instance enqueued it), then claims
 * and sends jobs on the claim loop the launch scheduler uses: a restart or a second instance
 * neither loses nor repeats a message.
 */
export class NotificationWorker implements JobTrigger {
  private readonly loop: ClaimLoop<repo.JobRow>;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: NotificationOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.loop = new ClaimLoop({
      name: 'notifications',
      pollMs: options.pollMs,
      batch: options.batch,
      log,
      beforeRound: () => this.enqueueDue(),
      claim: (limit) => repo.claimDue(ctx.db, { instance: options.instanceId, leaseMs: options.leaseMs, limit, now: ctx.now() }),
      apply: (job) => this.apply(job),
    });
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One round now, waited for (tests, and after a change that may have made something due). */
  runNow(): Promise<void> {
    return this.loop.runNow();
  }

  /** One round soon, not waited for. */
  wake(): void {
    this.loop.wake();
  }

  private async enqueueDue(): Promise<void> {
    // Every digest that fell due, a slice at a time (each slice's calendars move on to their next period at once).
    for (;;) {
      const due = await takeDueAlerts(this.ctx, DUE_SLICE);
      await repo.enqueue(
        this.ctx.db,
        due.map((c) => ({ tenantId: c.tenantId, kind: 'digest', key: `digest:${c.id}:${c.dueAt}`, payload: { calendarId: c.id }, dueAt: new Date(c.dueAt) })),
      );
      if (due.length < DUE_SLICE) break;
    }
    // Offers nobody confirmed in time pass to the next in line, whose offer is then enqueued below.
    await passLapsedOffers(this.ctx);
    const now = this.ctx.now();
    await repo.enqueueSeatOffers(this.ctx.db, now);
    await repo.enqueueGoingMessages(this.ctx.db, now);
    await repo.enqueueInvitations(this.ctx.db, now);
    await repo.enqueueCoHosts(this.ctx.db, now);
    await repo.enqueueDecisions(this.ctx.db, now);
    await repo.enqueueReminders(this.ctx.db, now);
    await repo.enqueueCancellations(this.ctx.db, now);
  }

  private async apply(job: repo.JobRow): Promise<void> {
    try {
      const send = await this.messageOf(job);
      // Sent before the job is marked done: a crash in between sends it again rather than never.
      if (send) {
        await this.ctx.mailer.send(send.email);
        if (send.userId) await pushTo(this.ctx, send.userId, send.push, this.log);
      }
      await this.ctx.db.transaction(async (tx) => {
        if (!(await repo.completeClaimed(tx, job.id, this.options.instanceId))) return;
        if (send?.seen) await repo.markSeen(tx, job.payload.calendarId, send.seen);
      });
    } catch (error) {
      await repo.recordFailure(this.ctx.db, job.id, error instanceof Error ? error.message : String(error)).catch(() => {});
      throw error;
    }
  }

  /**
   * The message a job sends (and, for a digest, the events it marks seen); undefined when there is
   * nothing to say (no new events, the event or account is gone).
   */
  private async messageOf(job: repo.JobRow): Promise<{ email: MailMessage; push: PushMessage; userId: string | null; seen?: string[] } | undefined> {
    const { ctx } = this;
    const tenant = tenantById(ctx.tenants, job.tenantId);
    if (!tenant) return undefined;
    const eventUrl = (event: { id: string; slug: string; publishOnDate: string | null }) =>
      shareableEventUrl({ publicUrl: ctx.config.publicUrl, tenantKey: tenant.key, event, now: ctx.now() });
    if (job.kind === 'digest') {
      const calendar = await findCalendarById(ctx, job.payload.calendarId);
      if (!calendar || calendar.alert === 'off' || !calendar.alertsSince) return undefined;
      const to = await repo.recipient(ctx.db, calendar.userId);
      if (!to) return undefined;
      const since = calendar.alertsSince.getTime();
      const candidates = (await calendarEventsOf(ctx, calendar, tenant, ctx.now(), DIGEST_SCAN)).filter((e) => Date.parse(e.created) >= since && e.status !== 3);
      const fresh = await repo.unseen(ctx.db, calendar.id, candidates.map((e) => e.id));
      const events = candidates.filter((e) => fresh.has(e.id));
      if (!events.length) return undefined;
      const listed = events.slice(0, DIGEST_MAX_EVENTS);
      const email = digestEmail({
        to: to.email,
        name: to.name,
        calendar: calendar.name,
        events: listed,
        more: events.length - listed.length,
        eventUrl,
        publicUrl: ctx.config.publicUrl,
        unsubscribe: unsubscribeLinks(ctx, { tenantKey: tenant.key, userId: calendar.userId, scope: `calendar:${calendar.id}` }),
      });
      const body = listed.slice(0, 3).map((e) => e.name).join(' · ') + (events.length > 3 ? ` and ${events.length - 3} more` : '');
      // Every new event counts as seen, listed or not: the next digest starts after them.
      const seen = events.map((e) => e.id);
      return { email, userId: calendar.userId, seen, push: { title: email.subject, body, url: `${ctx.config.publicUrl}/events?tab=calendars`, tag: `digest:${calendar.id}` } };
    }
    if (job.kind === 'invitation') {
      const invite = await invitationToSend({ ctx, id: job.payload.invitationId });
      // The host sees the event whatever its visibility; the invitee opens it through their own link.
      const event = invite && (await calendarEvent({ ctx, tenant, id: invite.eventId, viewerId: invite.hostId }).catch(() => undefined));
      if (!invite || !event || event.status === 3 || Date.parse(event.endDate) <= ctx.now().getTime()) return undefined;
      const url = `${ctx.config.publicUrl}/event/${event.id}/invitation/${invite.token}`;
      const email = invitationEmail({ to: invite.email, event, host: invite.hostName, url });
      return { email, userId: invite.userId, push: { title: email.subject, body: event.venue ?? event.name, url, tag: `invitation:${event.id}` } };
    }
    if (job.kind === 'co-host') {
      const invite = await coHostToSend({ ctx, id: job.payload.coHostId });
      const event = invite && (await calendarEvent({ ctx, tenant, id: invite.eventId, viewerId: invite.hostId }).catch(() => undefined));
      if (!invite || !event || event.status === 3 || Date.parse(event.endDate) <= ctx.now().getTime()) return undefined;
      const url = `${ctx.config.publicUrl}${pathOf({ path: CO_HOST_PAGE }, { id: event.id, token: invite.token })}`;
      const email = coHostEmail({ to: invite.email, event, host: invite.hostName, url, role: invite.role });
      return { email, userId: null, push: { title: email.subject, body: event.name, url, tag: `co-host:${event.id}` } };
    }
    const userId = job.payload.userId;
    const to = await repo.recipient(ctx.db, userId);
    if (!to) return undefined;
    const event = await calendarEvent({ ctx, tenant, id: job.payload.eventId, viewerId: userId }).catch(() => undefined);
    if (!event) return undefined;
    const unsubscribe = unsubscribeLinks(ctx, { tenantKey: tenant.key, userId, scope: 'reminders' });
    // A notification opens in the browser the person is signed in to: the full page.
    const url = `${ctx.config.publicUrl}/event/${event.id}`;
    if (job.kind === 'seat') {
      // Confirmed, given back or lapsed since: nothing to offer.
      const offer = await standingOffer({ ctx, eventId: event.id, userId });
      if (!offer) return undefined;
      const email = seatOfferedEmail({ to: to.email, name: to.name, event, offerUntil: offer.offerUntil, confirmUrl: url, eventUrl, unsubscribe });
      return { email, userId, push: { title: email.subject, body: 'Confirm your seat before it passes to the next in line.', url, tag: `seat:${event.id}` } };
    }
    if (job.kind === 'decision') {
      // Where the person stands now: a decision changed since (or a seat offered from the line, mailed as such) says nothing.
      const mine = await goingStanding({ ctx, eventId: event.id, userId });
      if (!mine || !['going', 'waitlisted', 'declined'].includes(mine.state)) return undefined;
      const email = decisionEmail({ to: to.email, name: to.name, event, mine, url, eventUrl, unsubscribe });
      return { email, userId, push: { title: email.subject, body: mine.state === 'declined' ? (mine.declineMessage ?? 'The host declined your request.') : 'The host approved your request.', url, tag: `going:${event.id}` } };
    }
    if (job.kind === 'going-message') {
      const note = await goingMessage({ ctx, id: job.payload.messageId });
      if (!note) return undefined;
      const email = goingMessageEmail({ to: to.email, name: to.name, event, host: note.authorName, body: note.body, url, eventUrl, unsubscribe });
      const body = note.body.length > 140 ? `${note.body.slice(0, 139)}…` : note.body;
      return { email, userId, push: { title: email.subject, body, url, tag: `going-message:${job.payload.messageId}` } };
    }
    if (job.kind === 'cancel') {
      const email = cancellationEmail({ to: to.email, name: to.name, event, eventUrl, unsubscribe });
      return { email, userId, push: { title: email.subject, body: 'This event has been canceled.', url, tag: `event:${event.id}` } };
    }
    // Canceled since it was enqueued: the cancellation notice says so instead.
    if (event.status === 3) return undefined;
    const email = reminderEmail({ to: to.email, name: to.name, event, lead: await repo.reminderOf(ctx.db, userId), eventUrl, unsubscribe });
    return { email, userId, push: { title: email.subject, body: event.venue ?? event.name, url, tag: `event:${event.id}` } };
  }
}
