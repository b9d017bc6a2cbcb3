import type { Calendar } from '@hubbub/contract';

// Google and Outlook.com subscribe from their own servers, so they get the address itself; an
// app on the device takes the webcal:// one, which the system hands to the default calendar app.

/** Google Calendar's "add by URL", pre-filled. */
export function googleSubscribeUrl(calendar: Pick<Calendar, 'webcalUrl'>): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(calendar.webcalUrl)}`;
}

/** Outlook.com's "subscribe from web", pre-filled with the address and the name. */
export function outlookSubscribeUrl(calendar: Pick<Calendar, 'feedUrl' | 'name'>): string {
  return `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(calendar.feedUrl)}&name=${encodeURIComponent(calendar.name)}`;
}
