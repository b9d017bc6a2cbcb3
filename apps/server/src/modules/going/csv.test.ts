import { describe, expect, it } from 'vitest';
import { attendeesCsv } from './csv.js';

const row = { answers: {}, declineMessage: null, userId: 'u', email: 'a@example.test', remote: false, state: 'going' as const, guests: 0, place: null, offerUntil: null, since: '2026-11-27T10:00:00.000Z', checkedIn: 1 };

describe('attendeesCsv', () => {
  it('writes a header and one quoted-where-needed line per person', () => {
    const csv = attendeesCsv([{ ...row, name: 'Ada, "the" Host' }]);
    expect(csv.split('\r\n')).toEqual([
      'Name,Email,State,Guests,Place in line,Offer open until (UTC),Since (UTC),Checked in',
      '"Ada, ""the"" Host",a@example.test,Going,0,,,2026-11-27T10:00:00.000Z,1',
      '',
    ]);
  });

  it('keeps a spreadsheet from running a name or email as a formula', () => {
    for (const name of ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx']) {
      expect(attendeesCsv([{ ...row, name }]).split('\r\n')[1].replace(/^"/, '')).toMatch(/^'/);
    }
    expect(attendeesCsv([{ ...row, name: 'Plain', email: '=evil@example.test', state: 'waitlisted', place: 3 }]).split('\r\n')[1]).toBe(
      "Plain,'=evil@example.test,Waitlisted,0,3,,2026-11-27T10:00:00.000Z,",
    );
  });
});
