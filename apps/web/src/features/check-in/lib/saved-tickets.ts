import { z } from 'zod';
import { TicketSchema } from '@hubbub/contract';
import { PRIVATE_STORAGE_PREFIX } from '@/lib/session';

// A guest's tickets kept on the device, so they open at the door without a connection (issue 30):
// on the event's page when it cannot load, and on /tickets. Private: they go when the person signs
// out (lib/session), and when the person no longer holds the seats.

const PREFIX = `${PRIVATE_STORAGE_PREFIX}tickets.`;
/** A day after the event ends its tickets are of no use at the door. */
const KEEP_AFTER_END_MS = 86_400_000;

const SavedTicketsSchema = z.object({
  event: z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string(), timeZone: z.string(), venue: z.string().nullable() }),
  /** The name the tickets are in (the person going; guests are "their guest"). */
  holder: z.string(),
  tickets: z.array(TicketSchema),
});
export type SavedTickets = z.infer<typeof SavedTicketsSchema>;

function read(key: string): SavedTickets | undefined {
  try {
    const saved = localStorage.getItem(key);
    return saved ? SavedTicketsSchema.parse(JSON.parse(saved)) : undefined;
  } catch {
    return undefined;
  }
}

export function saveTickets(saved: SavedTickets): void {
  try {
    localStorage.setItem(PREFIX + saved.event.id, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the tickets still show while online.
  }
}

export function forgetTickets(eventId: string): void {
  localStorage.removeItem(PREFIX + eventId);
}

export function savedTicketsOf(eventId: string): SavedTickets | undefined {
  return read(PREFIX + eventId);
}

/** Every event's tickets kept on this device that are still of use, soonest first; the others are dropped. */
export function allSavedTickets(now: Date): SavedTickets[] {
  const kept: SavedTickets[] = [];
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith(PREFIX)) continue;
    const saved = read(key);
    if (saved && Date.parse(saved.event.endDate) + KEEP_AFTER_END_MS > now.getTime()) kept.push(saved);
    else localStorage.removeItem(key);
  }
  return kept.sort((a, b) => a.event.startDate.localeCompare(b.event.startDate));
}
