import { verifyAsync } from '@noble/ed25519';
import { fromBase64Url, readTicketCode, type TicketRef } from '@hubbub/contract';

export type LocalCheck = { outcome: 'valid'; ref: TicketRef } | { outcome: 'other-event' | 'forged' };

/**
 * Checks a code on the device, without the network: signed with the door's key (the server's,
 * read when the screen opened) and for this event. The server decides the rest (first scan wins).
 */
export async function checkCode(code: string, eventId: string, publicKey: string): Promise<LocalCheck> {
  const read = readTicketCode(code);
  const key = fromBase64Url(publicKey);
  if (!read || !key) return { outcome: 'forged' };
  const signed = await verifyAsync(read.signature, read.payload, key).catch(() => false);
  if (!signed) return { outcome: 'forged' };
  if (read.eventId !== eventId) return { outcome: 'other-event' };
  return { outcome: 'valid', ref: { eventId: read.eventId, goingId: read.goingId, seat: read.seat } };
}
