import { formatDateTime, formatNumber, type CoHostRole, type MyGoing } from '@hubbub/contract';
import type { MailMessage } from '../../lib/mailer.js';
import type { FeedEventRow } from '../events/service.js';

// The messages of alerts and reminders: plain text, each with its one-click unsubscribe.

export interface Unsubscribe {
  /** The page a person opens (a button there confirms). */
  pageUrl: string;
  /** Where mail clients POST a one-click unsubscribe (RFC 8058). */
  oneClickUrl: string;
}

/** Recipients have no stored locale yet: their emails read as en-US until they do. */
const DEFAULT_LOCALE = 'en-US';

/** When the event starts, in its own zone (named), as its host announced it. */
function when(event: Pick<FeedEventRow, 'startDate' | 'timeZone'>, locale = DEFAULT_LOCALE): string {
  return formatDateTime(event.startDate, { timeZone: event.timeZone || 'UTC', locale, zoneName: true });
}

const place = (event: FeedEventRow) => [event.venue, event.area?.city].filter(Boolean).join(', ');

function message(args: { to: string; subject: string; lines: string[]; purpose: string; unsubscribe: Unsubscribe; why: string }): MailMessage {
  const text = [...args.lines, '', '—', args.why, `Unsubscribe: ${args.unsubscribe.pageUrl}`].join('\n');
  return {
    to: args.to,
    subject: args.subject,
    text,
    purpose: args.purpose,
    headers: { 'List-Unsubscribe': `<${args.unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** `locale`: the recipient's, when it is known. */
type Recipient = { to: string; name: string; locale?: string };

/** `eventUrl`: where a reader who may not be signed in reads the event (shareableEventUrl). */
type EventLink = { eventUrl: (event: FeedEventRow) => string };

export function digestEmail(args: Recipient & EventLink & { calendar: string; events: FeedEventRow[]; more: number; publicUrl: string; unsubscribe: Unsubscribe }): MailMessage {
  const locale = args.locale ?? DEFAULT_LOCALE;
  const n = args.events.length + args.more;
  const count = `${formatNumber(n, { locale })} new event${n === 1 ? '' : 's'}`;
  const lines = [`Hi ${args.name},`, '', `${count} in your calendar “${args.calendar}”:`, ''];
  for (const event of args.events) {
    lines.push(`• ${event.name}`, `  ${when(event, locale)}${place(event) ? ` · ${place(event)}` : ''}`, `  ${args.eventUrl(event)}`, '');
  }
  if (args.more) lines.push(`…and ${formatNumber(args.more, { locale })} more: ${args.publicUrl}/events?tab=calendars`);
  return message({
    to: args.to,
    subject: `${count} in “${args.calendar}”`,
    lines,
    purpose: 'digest',
    unsubscribe: args.unsubscribe,
    why: `You get this because email alerts are on for your Hubbub calendar “${args.calendar}”.`,
  });
}

export function reminderEmail(args: Recipient & EventLink & { event: FeedEventRow; lead: string; unsubscribe: Unsubscribe }): MailMessage {
  const { event } = args;
  return message({
    to: args.to,
    subject: `Starting ${args.lead === '1h' ? 'within the hour' : 'tomorrow'}: ${event.name}`,
    lines: [`Hi ${args.name},`, '', `${event.name} starts ${when(event, args.locale)}.`, ...(place(event) ? [`Where: ${place(event)}`] : []), '', args.eventUrl(event)],
    purpose: 'reminder',
    unsubscribe: args.unsubscribe,
    why: 'You get this because you follow or attend this event and event reminders are on.',
  });
}

export function cancellationEmail(args: Recipient & EventLink & { event: FeedEventRow; unsubscribe: Unsubscribe }): MailMessage {
  const { event } = args;
  return message({
    to: args.to,
    subject: `Canceled: ${event.name}`,
    lines: [`Hi ${args.name},`, '', `${event.name}, planned for ${when(event, args.locale)}, has been canceled.`, '', args.eventUrl(event)],
    purpose: 'canceled',
    unsubscribe: args.unsubscribe,
    why: 'You get this because you follow or attend this event and event reminders are on.',
  });
}

/** The host's message to everyone going, quoted as written (plain text). */
export function goingMessageEmail(args: Recipient & EventLink & { event: FeedEventRow; host: string; body: string; url: string; unsubscribe: Unsubscribe }): MailMessage {
  const { event } = args;
  return message({
    to: args.to,
    subject: `${event.name}: a message from ${args.host}`,
    lines: [`Hi ${args.name},`, '', `${args.host}, who hosts ${event.name} (${when(event, args.locale)}), writes to everyone going:`, '', args.body, '', args.url],
    purpose: 'going-message',
    unsubscribe: args.unsubscribe,
    why: 'You get this because you are going to this event.',
  });
}

/** The host approved a request (a seat, or a place in line when full) or declined it, with their words. */
export function decisionEmail(
  args: Recipient & EventLink & { event: FeedEventRow; mine: Pick<MyGoing, 'state' | 'place' | 'guests' | 'declineMessage'>; url: string; unsubscribe: Unsubscribe },
): MailMessage {
  const { event, mine } = args;
  const at = `${event.name} (${when(event, args.locale)})`;
  const party = mine.guests ? ` with ${formatNumber(mine.guests)} guest${mine.guests === 1 ? '' : 's'}` : '';
  const lines =
    mine.state === 'declined'
      ? [`The host of ${at} declined your request to go.`, ...(mine.declineMessage ? ['', `They wrote: “${mine.declineMessage}”`] : [])]
      : mine.state === 'going'
        ? [`The host approved your request: you are going to ${at}${party}.`, '', 'Not going after all? Give your seat back on the event page, so someone else can have it.']
        : [`The host approved your request to go to ${at}${party}. The event is full, so you are number ${formatNumber(mine.place ?? 0)} on the waitlist: when a seat frees up, you are offered it by email.`];
  return message({
    to: args.to,
    subject: mine.state === 'declined' ? `Your request for ${event.name} was declined` : `You are approved: ${event.name}`,
    lines: [`Hi ${args.name},`, '', ...lines, '', args.url],
    purpose: 'going-decision',
    unsubscribe: args.unsubscribe,
    why: 'You get this because you asked to go to this event.',
  });
}

/**
 * A host invites someone by email (modules/going), who may have no account yet: their own link
 * opens the event (signing in or up on the way). No unsubscribe: it is one message, from a person.
 */
export function invitationEmail(args: { to: string; event: FeedEventRow; host: string; url: string; locale?: string }): MailMessage {
  const { event } = args;
  const where = place(event);
  const text = [
    `${args.host} invited you to ${event.name}.`,
    '',
    `When: ${when(event, args.locale)}`,
    ...(where ? [`Where: ${where}`] : []),
    '',
    `See the event and say Going: ${args.url}`,
    '',
    '—',
    `You get this because ${args.host} invited ${args.to} on Hubbub. Not interested? Ignore this email: nothing more will be sent.`,
  ].join('\n');
  return { to: args.to, subject: `${args.host} invited you: ${event.name}`, text, purpose: 'invitation' };
}

/**
 * A host names someone co-host or door staff (modules/co-hosts), who may have no account yet: their
 * own link opens the event or its door screen (signing in or up on the way). One message, from a
 * person: no unsubscribe.
 */
export function coHostEmail(args: { to: string; event: FeedEventRow; host: string; url: string; role: CoHostRole; locale?: string }): MailMessage {
  const { event } = args;
  const where = place(event);
  const coHost = args.role === 'co-host';
  const text = [
    coHost ? `${args.host} asked you to co-host ${event.name} with them.` : `${args.host} asked you to check people in at the door of ${event.name}.`,
    '',
    `When: ${when(event, args.locale)}`,
    ...(where ? [`Where: ${where}`] : []),
    '',
    coHost ? `Open the event (sign in or make an account on the way): ${args.url}` : `Open the door screen (sign in or make an account on the way): ${args.url}`,
    '',
    coHost
      ? 'As a co-host you can edit the event, design and launch its flyers, run its buzz, manage its guest list and invitations, and check people in. Deleting the event stays with its host.'
      : 'On the day, scan tickets with your phone’s camera or a USB or Bluetooth scanner, or find people by name. It keeps working without a connection.',
    '',
    '—',
    `You get this because ${args.host} named ${args.to} ${coHost ? 'a co-host' : 'door staff'} on Hubbub. Not you? Ignore this email: nothing more will be sent.`,
  ].join('\n');
  const subject = coHost ? `${args.host} asked you to co-host: ${event.name}` : `${args.host} asked you to help at the door: ${event.name}`;
  return { to: args.to, subject, text, purpose: 'co-host' };
}

/** A seat freed up and is offered to the first in line: take it by `offerUntil`, or it passes on. */
export function seatOfferedEmail(args: Recipient & EventLink & { event: FeedEventRow; offerUntil: string; confirmUrl: string; unsubscribe: Unsubscribe }): MailMessage {
  const { event } = args;
  const until = formatDateTime(args.offerUntil, { timeZone: event.timeZone || 'UTC', locale: args.locale ?? DEFAULT_LOCALE, zoneName: true });
  return message({
    to: args.to,
    subject: `A seat is yours: ${event.name}`,
    lines: [
      `Hi ${args.name},`,
      '',
      `A seat freed up at ${event.name} (${when(event, args.locale)}) and you were first in line.`,
      `Confirm it by ${until}, or it passes to the next person on the waitlist:`,
      '',
      args.confirmUrl,
      '',
      'Not going after all? Give the seat back on the same page, so someone else can have it.',
    ],
    purpose: 'seat-offered',
    unsubscribe: args.unsubscribe,
    why: 'You get this because you joined the waitlist of this event.',
  });
}
