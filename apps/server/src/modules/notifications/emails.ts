import type { MailMessage } from '../../lib/mailer.js';
import type { FeedEventRow } from '../events/service.js';

// The messages of alerts and reminders: plain text, each with its one-click unsubscribe.

export interface Unsubscribe {
  /** The page a person opens (a button there confirms). */
  pageUrl: string;
  /** Where mail clients POST a one-click unsubscribe (RFC 8058). */
  oneClickUrl: string;
}

function when(event: Pick<FeedEventRow, 'startDate' | 'timeZone'>): string {
  const zone = event.timeZone || 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(event.startDate));
  } catch {
    return new Date(event.startDate).toUTCString();
  }
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

export function digestEmail(args: { to: string; name: string; calendar: string; events: FeedEventRow[]; more: number; publicUrl: string; unsubscribe: Unsubscribe }): MailMessage {
  const n = args.events.length + args.more;
  const lines = [`Hi ${args.name},`, '', `${n} new event${n === 1 ? '' : 's'} in your calendar “${args.calendar}”:`, ''];
  for (const event of args.events) {
    lines.push(`• ${event.name}`, `  ${when(event)}${place(event) ? ` · ${place(event)}` : ''}`, `  ${args.publicUrl}/event/${event.id}`, '');
  }
  if (args.more) lines.push(`…and ${args.more} more: ${args.publicUrl}/events?tab=calendars`);
  return message({
    to: args.to,
    subject: `${n} new event${n === 1 ? '' : 's'} in “${args.calendar}”`,
    lines,
    purpose: 'digest',
    unsubscribe: args.unsubscribe,
    why: `You get this because email alerts are on for your Hubbub calendar “${args.calendar}”.`,
  });
}

export function reminderEmail(args: { to: string; name: string; event: FeedEventRow; lead: string; publicUrl: string; unsubscribe: Unsubscribe }): MailMessage {
  const { event } = args;
  return message({
    to: args.to,
    subject: `Starting ${args.lead === '1h' ? 'within the hour' : 'tomorrow'}: ${event.name}`,
    lines: [`Hi ${args.name},`, '', `${event.name} starts ${when(event)}.`, ...(place(event) ? [`Where: ${place(event)}`] : []), '', `${args.publicUrl}/event/${event.id}`],
    purpose: 'reminder',
    unsubscribe: args.unsubscribe,
    why: 'You get this because you follow or attend this event and event reminders are on.',
  });
}

export function cancellationEmail(args: { to: string; name: string; event: FeedEventRow; publicUrl: string; unsubscribe: Unsubscribe }): MailMessage {
  const { event } = args;
  return message({
    to: args.to,
    subject: `Canceled: ${event.name}`,
    lines: [`Hi ${args.name},`, '', `${event.name}, planned for ${when(event)}, has been canceled.`, '', `${args.publicUrl}/event/${event.id}`],
    purpose: 'canceled',
    unsubscribe: args.unsubscribe,
    why: 'You get this because you follow or attend this event and event reminders are on.',
  });
}
