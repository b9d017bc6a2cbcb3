import { describe, expect, it } from 'vitest';
import { fromBase64Url, readTicketCode, seatLabel, ticketCode, ticketPayload, toBase64Url } from './check-in.js';

describe('base64url', () => {
  it('encodes as RFC 4648 says, without padding', () => {
    expect(toBase64Url(Uint8Array.of(0xfb, 0xff))).toBe('-_8');
    expect(toBase64Url(Uint8Array.from('hubbub!', (c) => c.charCodeAt(0)))).toBe('aHViYnViIQ');
  });
  it('round-trips every length', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255);
      const text = toBase64Url(bytes);
      expect(fromBase64Url(text)).toEqual(bytes);
    }
  });
  it('refuses what is not base64url', () => {
    expect(fromBase64Url('ab+c')).toBeNull();
    expect(fromBase64Url('abcde')).toBeNull();
  });
});

describe('ticket codes', () => {
  const ref = { eventId: '0b7c7d1e-5a3f-4c2e-9d1a-2f3e4d5c6b7a', goingId: 'ffffffff-0000-4000-8000-123456789abc', seat: 3 };
  it('carry the event, the going id and the seat', () => {
    const signature = new Uint8Array(64).fill(7);
    const code = ticketCode(ticketPayload(ref), signature);
    expect(code).toMatch(/^HB1\.[A-Za-z0-9_-]{130}$/);
    const read = readTicketCode(` ${code}\n`);
    expect(read).toMatchObject(ref);
    expect(read!.signature).toEqual(signature);
  });
  it('are null for other text', () => {
    expect(readTicketCode('https://example.com')).toBeNull();
    expect(readTicketCode('HB1.abc')).toBeNull();
    expect(readTicketCode('HB1.' + 'A'.repeat(500))).toBeNull();
  });
  it('name seats', () => {
    expect(seatLabel(0, 'Ana')).toBe('Ana');
    expect(seatLabel(2, 'Ana')).toBe('Guest 2 of Ana');
  });
});
