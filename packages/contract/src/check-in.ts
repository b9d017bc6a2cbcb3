import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { CheckInCountsSchema } from './check-in-hub.js';
import { EventRoleSchema } from './co-hosts.js';
import { IdParamsSchema, IdSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { GOING_GUESTS_MAX } from './going.js';

// Check-in (issue 30): each seat held (a person going and each of their guests) has a ticket, a
// code signed by the server (Ed25519) that a door device checks without the network; the door
// checks tickets in, first scan wins, and a mistaken check-in can be undone.

/**
 * A ticket's code, the QR code's text: the prefix, then base64url of the event id (16 bytes), the
 * going id (16 bytes), the seat (1 byte: 0 the person, 1.. their guests) and the Ed25519
 * signature (64 bytes) of those 33 bytes. A date of a series is its own event, so a ticket is
 * good for one date only.
 */
export const TICKET_CODE_PREFIX = 'HB1.';
const PAYLOAD_BYTES = 33;
const SIGNATURE_BYTES = 64;
/** The longest text a scan may carry: a code is 134 characters; anything longer is not one. */
export const TICKET_CODE_MAX = 300;
/** Scans one call may carry: a door device's offline queue goes up in batches of this size. */
export const CHECK_IN_BATCH_MAX = 500;

export interface TicketRef {
  eventId: string;
  goingId: string;
  seat: number;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const uuidOf = (bytes: Uint8Array) => {
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const uuidBytes = (uuid: string) => Uint8Array.from(uuid.replace(/-/g, '').match(/../g)!, (h) => parseInt(h, 16));

// base64url by hand: the contract runs in Node and in browsers, with neither Buffer nor atob in both.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of text) {
    value = (value << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 255;
    }
  }
  return bytes;
}

/** The bytes a ticket's signature covers. */
export function ticketPayload(ref: TicketRef): Uint8Array {
  const bytes = new Uint8Array(PAYLOAD_BYTES);
  bytes.set(uuidBytes(ref.eventId), 0);
  bytes.set(uuidBytes(ref.goingId), 16);
  bytes[32] = ref.seat;
  return bytes;
}

export function ticketCode(payload: Uint8Array, signature: Uint8Array): string {
  const bytes = new Uint8Array(PAYLOAD_BYTES + SIGNATURE_BYTES);
  bytes.set(payload, 0);
  bytes.set(signature, PAYLOAD_BYTES);
  return TICKET_CODE_PREFIX + toBase64Url(bytes);
}

/** What a code says, before anyone checks its signature; null for text that is not a ticket code at all. */
export function readTicketCode(code: string): (TicketRef & { payload: Uint8Array; signature: Uint8Array }) | null {
  const text = code.trim();
  if (!text.startsWith(TICKET_CODE_PREFIX) || text.length > TICKET_CODE_MAX) return null;
  const bytes = fromBase64Url(text.slice(TICKET_CODE_PREFIX.length));
  if (!bytes || bytes.length !== PAYLOAD_BYTES + SIGNATURE_BYTES) return null;
  const payload = bytes.slice(0, PAYLOAD_BYTES);
  return { eventId: uuidOf(payload.slice(0, 16)), goingId: uuidOf(payload.slice(16, 32)), seat: payload[32]!, payload, signature: bytes.slice(PAYLOAD_BYTES) };
}

/** "You" or "Guest 2 of Ana": how a seat is named on a ticket and at the door. */
export function seatLabel(seat: number, name?: string): string {
  if (seat === 0) return name ?? 'You';
  return name ? `Guest ${seat} of ${name}` : `Guest ${seat}`;
}

export const TicketSchema = z
  .object({
    goingId: z.uuid(),
    /** 0 is the person going; 1 and up their guests. */
    seat: z.number().int().min(0).max(GOING_GUESTS_MAX),
    code: z.string(),
    checkedInAt: z.string().nullable(),
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof TicketSchema>;

export const MyTicketsSchema = z.object({ eventId: z.uuid(), tickets: z.array(TicketSchema) }).meta({ id: 'MyTickets' });
export type MyTickets = z.infer<typeof MyTicketsSchema>;


/** A check-in as the door sees it: when, by whom and on which device. */
const CheckedInSchema = z.object({ at: z.string(), by: z.string(), device: z.string() });

export const DoorSeatSchema = z
  .object({
    goingId: z.uuid(),
    seat: z.number().int().min(0),
    /** The person going; a guest's seat carries their host's name. */
    name: z.string(),
    checkedIn: CheckedInSchema.nullable(),
  })
  .meta({ id: 'DoorSeat' });
export type DoorSeat = z.infer<typeof DoorSeatSchema>;

export const DoorSchema = z
  .object({
    eventId: z.uuid(),
    /** Who is at the door: the host, a co-host, or someone they named door staff. */
    viewer: EventRoleSchema,
    name: z.string(),
    startDate: z.string(),
    timeZone: z.string(),
    /** The tenant's Ed25519 public key (32 bytes, base64url): a door device checks codes with it offline. */
    publicKey: z.string(),
    seats: z.array(DoorSeatSchema),
    counts: CheckInCountsSchema,
  })
  .meta({ id: 'Door' });
export type Door = z.infer<typeof DoorSchema>;

export const CheckInScanSchema = z
  .object({
    /** A ticket's code as scanned or typed; or, for a check-in picked from the list, `goingId` and `seat`. */
    code: z.string().max(TICKET_CODE_MAX, { message: 'This is not a ticket code.' }).optional(),
    goingId: IdSchema.optional(),
    seat: z.number().int().min(0).max(GOING_GUESTS_MAX).optional(),
    /** When the device scanned it (an offline scan goes up later); the first scan of a ticket wins. Absent: now. */
    scannedAt: z.iso.datetime({ offset: true, message: 'scannedAt must be an ISO date-time.' }).optional(),
    /** The door device's name, told to the device that scans the same ticket after it. */
    device: z.string().trim().min(1, { message: 'Name the device.' }).max(60, { message: 'A device name can be at most 60 characters.' }),
  })
  .refine((scan) => (scan.code !== undefined) !== (scan.goingId !== undefined && scan.seat !== undefined), {
    message: 'A scan carries either a code or a goingId and a seat.',
    path: ['code'],
  });
export type CheckInScan = z.input<typeof CheckInScanSchema>;

export const CheckInScansSchema = z
  .object({
    scans: z
      .array(CheckInScanSchema)
      .min(1, { message: 'Send at least one scan.' })
      .max(CHECK_IN_BATCH_MAX, { message: `Send at most ${CHECK_IN_BATCH_MAX} scans at once.` }),
  })
  .meta({ id: 'CheckInScans' });
export type CheckInScans = z.input<typeof CheckInScansSchema>;

/**
 * What a scan found: `checked-in` (this scan let them in), `already` (someone scanned it first:
 * when, by whom, on which device), `other-event` (a real ticket of another event or date),
 * `forged` (not signed by this server, or altered), `not-going` (signed, but the seat is no longer held).
 */
export const CheckInOutcomes = ['checked-in', 'already', 'other-event', 'forged', 'not-going'] as const;
export const CheckInOutcomeSchema = z.enum(CheckInOutcomes);
export type CheckInOutcome = z.infer<typeof CheckInOutcomeSchema>;

export const CheckInResultSchema = z
  .object({
    outcome: CheckInOutcomeSchema,
    /** The seat, when the code named one of this event's. */
    seat: DoorSeatSchema.nullable(),
  })
  .meta({ id: 'CheckInResult' });
export type CheckInResult = z.infer<typeof CheckInResultSchema>;

export const CheckInScanResultsSchema = z
  .object({ results: z.array(CheckInResultSchema), counts: CheckInCountsSchema })
  .meta({ id: 'CheckInScanResults' });
export type CheckInScanResults = z.infer<typeof CheckInScanResultsSchema>;

export const CheckInUndoSchema = z.object({ goingId: IdSchema, seat: z.number().int().min(0).max(GOING_GUESTS_MAX) }).meta({ id: 'CheckInUndo' });
export type CheckInUndo = z.input<typeof CheckInUndoSchema>;

export const checkInApi = defineEndpoints('checkIn', {
  tickets: endpoint('GET', `${ENGINE}/check-in/:id/tickets`, {
    summary: "The viewer's tickets to an event: one for them and one for each guest, while they hold a seat",
    auth: 'bearer',
    params: IdParamsSchema,
    answer: MyTicketsSchema,
    problems: [400, 404],
  }),
  door: endpoint('GET', `${ENGINE}/check-in/:id`, {
    summary: 'The door: every seat held and its check-in, the counts, and the key that checks codes offline (the host and their door staff)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: DoorSchema,
    problems: [400, 404],
  }),
  scan: endpoint('POST', `${ENGINE}/check-in/:id/scans`, {
    summary: 'Checks tickets in, one scan or a door device\'s offline queue; the first scan of a ticket wins',
    auth: 'bearer',
    params: IdParamsSchema,
    body: CheckInScansSchema,
    answer: CheckInScanResultsSchema,
    problems: [400, 404],
  }),
  undo: endpoint('POST', `${ENGINE}/check-in/:id/undo`, {
    summary: 'Undoes a mistaken check-in: the ticket is good at the door again',
    auth: 'bearer',
    params: IdParamsSchema,
    body: CheckInUndoSchema,
    answer: CheckInCountsSchema,
    problems: [400, 404],
  }),
});
