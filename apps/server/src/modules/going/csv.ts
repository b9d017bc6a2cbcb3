import { stringify } from 'csv-stringify/sync';
import type { GoingQuestion, GoingState } from '@hubbub/contract';
import type { PersonRow } from './repository.js';

const STATE_LABEL: Record<GoingState, string> = { going: 'Going', offered: 'Seat offered', waitlisted: 'Waitlisted', pending: 'Waiting for approval', declined: 'Declined' };

/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab or return) as a formula: a name
 * like `=HYPERLINK(...)` would run in the host's spreadsheet. Such cells get a leading apostrophe
 * (OWASP's CSV injection advice).
 */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const answerText = (answer: string | boolean | undefined) => (answer === undefined ? '' : typeof answer === 'boolean' ? (answer ? 'Yes' : 'No') : inert(answer));

/** The host's attendee list as CSV (RFC 4180, with a header row): one column per question after the fixed ones. */
export function attendeesCsv(rows: PersonRow[], questions: GoingQuestion[] = []): string {
  return stringify(
    rows.map((r) => [
      inert(r.name),
      inert(r.email),
      STATE_LABEL[r.state],
      r.guests,
      r.place ?? '',
      r.offerUntil ?? '',
      r.since,
      r.state === 'going' ? r.checkedIn : '',
      ...questions.map((q) => answerText(r.answers[q.id])),
    ]),
    {
      header: true,
      columns: ['Name', 'Email', 'State', 'Guests', 'Place in line', 'Offer open until (UTC)', 'Since (UTC)', 'Checked in', ...questions.map((q) => inert(q.label))],
      record_delimiter: 'windows',
    },
  );
}
