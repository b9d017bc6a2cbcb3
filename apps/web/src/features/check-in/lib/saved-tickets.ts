import { z } from 'zod';
import { TicketSchema } from '@hubbub/contract';
import { PRIVATE_STORAGE_PREFIX } from '@/lib/session';

// A guest's tickets kept on the device, so they open at the door without a connection (issue 30):
// on the event's page when it cannot load, and on /tickets. Private: they go when the person signs
// out (lib/session), and when the person no longer holds the seats.

/** Each person's own keys: a device shared by two accounts never shows one the other's codes. */
const prefixOf = (userId: string) => `${PRIVATE_STORAGE_PREFIX}tickets.${userId}.`;
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

// Storage full, or refused by the browser: the tickets still show while online, and nothing breaks.
export function saveTickets(userId: string, saved: SavedTickets): void {
  try {
    localStorage.setItem(prefixOf(userId) + saved.event.id, JSON.stringify(saved));
  } catch {
    // As above.
  }
}

export function forgetTickets(userId: string, eventId: string): void {
  try {
    localStorage.removeItem(prefixOf(userId) + eventId);
  } catch {
    // As above.
  }
}

export function savedTicketsOf(userId: string, eventId: string): SavedTickets | undefined {
  return read(prefixOf(userId) + eventId);
}

/** The person's tickets kept on this device that are still of use, soonest first; the others are dropped. */
export function allSavedTickets(userId: string, now: Date): SavedTickets[] {
  const kept: SavedTickets[] = [];
  try {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(prefixOf(userId))) continue;
      const saved = read(key);
      if (saved && Date.parse(saved.event.endDate) + KEEP_AFTER_END_MS > now.getTime()) kept.push(saved);
      else localStorage.removeItem(key);
    }
  } catch {
    // As above.
  }
  return kept.sort((a, b) => a.event.startDate.localeCompare(b.event.startDate));
}
