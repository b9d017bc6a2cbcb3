export type RuleName =
  | 'date'
  | 'time'
  | 'fulltime'
  | 'timeOrFulltime'
  | 'email'
  | 'hexColor'
  | 'hexaColor'
  | 'rgbColor'
  | 'rgbaColor'
  | 'anyColor';

/** A named rule, or a function returning true (valid), false or a message (invalid). */
export type Rule = RuleName | ((value: unknown) => boolean | string);

export const GENERIC_INVALID_MESSAGE = 'This value is not valid.';
export const REQUIRED_MESSAGE = 'This field is required.';

const DATE_RE = /^(\d{4})\/(\d{2})\/(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const FULLTIME_RE = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
// The WHATWG "valid e-mail address" grammar, plus a dotted domain: strict enough to catch typos
// without rejecting real-world addresses the way full RFC 5322 parsing would not.
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const HEX_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const HEXA_RE = /^#(?:[0-9a-f]{4}|[0-9a-f]{8})$/i;
const CHANNEL = String.raw`\s*(\d{1,3})\s*`;
const RGB_RE = new RegExp(String.raw`^rgb\(${CHANNEL},${CHANNEL},${CHANNEL}\)$`, 'i');
const RGBA_RE = new RegExp(
  String.raw`^rgba\(${CHANNEL},${CHANNEL},${CHANNEL},\s*(\d*\.?\d+)\s*\)$`,
  'i',
);

function isRealDate(value: string): boolean {
  const match = DATE_RE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC avoids DST surprises.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

const channelsOk = (match: RegExpExecArray): boolean =>
  [match[1], match[2], match[3]].every((c) => Number(c) <= 255);

const isRgb = (value: string): boolean => {
  const match = RGB_RE.exec(value);
  return !!match && channelsOk(match);
};

const isRgba = (value: string): boolean => {
  const match = RGBA_RE.exec(value);
  return !!match && channelsOk(match) && Number(match[4]) <= 1;
};

// Empty means "not filled in": presence is the job of `required`, so optional fields stay valid.
const check =
  (test: (value: string) => boolean, message: string) =>
  (value: string): boolean | string =>
    value === '' || test(value) || message;

export const namedRules: Record<RuleName, (value: string) => boolean | string> = {
  date: check(isRealDate, 'Enter a date as YYYY/MM/DD.'),
  time: check((v) => TIME_RE.test(v), 'Enter a time as HH:MM.'),
  fulltime: check((v) => FULLTIME_RE.test(v), 'Enter a time as HH:MM:SS.'),
  timeOrFulltime: check(
    (v) => TIME_RE.test(v) || FULLTIME_RE.test(v),
    'Enter a time as HH:MM or HH:MM:SS.',
  ),
  email: check((v) => EMAIL_RE.test(v), 'Enter a valid email address.'),
  hexColor: check((v) => HEX_RE.test(v), 'Enter a colour as #rgb or #rrggbb.'),
  hexaColor: check((v) => HEXA_RE.test(v), 'Enter a colour as #rgba or #rrggbbaa.'),
  rgbColor: check(isRgb, 'Enter a colour as rgb(r, g, b) with values 0 to 255.'),
  rgbaColor: check(
    isRgba,
    'Enter a colour as rgba(r, g, b, a) with values 0 to 255 and alpha 0 to 1.',
  ),
  anyColor: check(
    (v) => HEX_RE.test(v) || HEXA_RE.test(v) || isRgb(v) || isRgba(v),
    'Enter a colour as #rgb, #rrggbb, #rgba, #rrggbbaa, rgb(...) or rgba(...).',
  ),
};

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Fails on null, undefined, false, blank strings, NaN and empty arrays. */
export function required(message: string = REQUIRED_MESSAGE): (value: unknown) => true | string {
  return (value) => !isEmpty(value) || message;
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

function runRule(rule: Rule, value: unknown): boolean | string {
  if (typeof rule === 'function') return rule(value);
  const named = namedRules[rule];
  // Only reachable from untyped callers; a silent pass would hide the typo.
  if (!named) throw new Error(`Unknown validation rule "${String(rule)}".`);
  return named(asText(value));
}

/** The first failing rule's message, or null when every rule passes. */
export function validateValue(value: unknown, rules: readonly Rule[]): string | null {
  for (const rule of rules) {
    const result = runRule(rule, value);
    if (result === true) continue;
    // An empty message would render as no error at all, so it gets the generic one.
    return typeof result === 'string' && result !== '' ? result : GENERIC_INVALID_MESSAGE;
  }
  return null;
}

/** Adapts a rule list to @mantine/form's `validate: { field: mantineValidator([...]) }`. */
export function mantineValidator(rules: readonly Rule[]): (value: unknown) => string | null {
  return (value) => validateValue(value, rules);
}
