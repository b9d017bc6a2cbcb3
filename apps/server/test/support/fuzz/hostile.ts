import fc from 'fast-check';

// Hostile values and bodies: what a careless or malicious client sends.

/**
 * A JSON literal that JSON.stringify cannot write (1e999, 30-digit integers, deep nesting):
 * put `raw('1e999')` anywhere in a value and `toJsonText` writes it as it is.
 */
const RAW = '\u0001raw:';
export const raw = (text: string) => `${RAW}${text}\u0001`;
export const toJsonText = (value: unknown): string =>
  // JSON.stringify writes the marker characters as \u0001 escapes; undo the quoting around them.
  (JSON.stringify(value) ?? 'null').replace(/"\\u0001raw:(.*?)\\u0001"/g, (_m, text: string) => JSON.parse(`"${text}"`) as string);

const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

export const EDGE_STRINGS = [
  '',
  ' ',
  '\ud800',
  'tail\udfff',
  '\udc00\ud800',
  'nul\u0000byte',
  'bell\u0007',
  '\u001b[31mred',
  'del\u007f',
  'tab\tand\r\nbreaks',
  '\u202eevil\u202c',
  '\u200f\u200e',
  'zero\u200bwidth\u200d',
  '\ufeffbom',
  '\u2028\u2029',
  '🎉',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301',
  '𝕳𝖚𝖇𝖇𝖚𝖇',
  'İß',
  '\uffff\ufffe',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e308',
  'Infinity',
  'true',
  '__proto__',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '1899-12-31T23:59:59Z',
  '3000-01-01T00:00:00Z',
  '2999-12-31T23:59:59Z',
  '2026-02-30T10:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T00:00:00+14:00',
  '2026-01-01T00:00:00-23:59',
  '2026-01-01T00:00:00.123456789Z',
  '+275760-09-13T00:00:00Z',
  '2026-01-01',
  'America/Nowhere',
  'Etc/GMT+14',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '{01234567-89ab-4def-8123-456789abcdef}',
  '#GGGGGG',
  '\\',
  '"',
];

/** Any UTF-16 code unit: control characters and lone surrogates included. */
const wildString = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.integer({ min: 0, max: 0xffff })), { maxLength: 12 })
  .map((units) => String.fromCharCode(...units));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: wildString },
  // Long text: under and over the 1 MB body limit once quoted.
  { weight: 1, arbitrary: fc.constantFrom(5_000, 100_000, 1_100_000).map((n) => 'x'.repeat(n)) },
);

const hostileNumber = fc.constantFrom<unknown>(
  1e308,
  -1e308,
  -0,
  5e-324,
  0.5,
  -1,
  0,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_VALUE,
  raw('1e999'),
  raw('-1e999'),
  raw('123456789012345678901234567890'),
  raw('1.0000000000000000000000001'),
  raw('-0.0e-0'),
);

/** A value of the wrong type, or of the right type but absurd. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [[[]]], { $gt: '' }, ['a', 1, null]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(100, 10_000).map((depth) => raw(deepArrays(depth))) },
);

const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', 'x'.repeat(1000), '\u0000', '\ud800', 'id', 'userId', 'roles', 'plan');

type Path = (string | number)[];

/** Every place in a value: the root, each property and each array item. */
function placesOf(value: unknown, path: Path = []): Path[] {
  const here = [path];
  if (Array.isArray(value)) return here.concat(...value.map((item, i) => placesOf(item, [...path, i])));
  if (value && typeof value === 'object') return here.concat(...Object.entries(value).map(([key, item]) => placesOf(item, [...path, key])));
  return here;
}

function edit(value: unknown, path: Path, change: (node: unknown) => unknown): unknown {
  if (!path.length) return change(value);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const next = edit(copy[head], rest, change);
  if (next === REMOVE) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head];
  } else {
    copy[head] = next;
  }
  return copy;
}
const REMOVE = Symbol('remove');

export type Mutation = { kind: 'replace'; value: unknown } | { kind: 'remove' } | { kind: 'extra'; key: string; value: unknown } | { kind: 'wrap' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: hostileValue.map((value) => ({ kind: 'replace' as const, value })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'remove' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('extra' as const), key: hostileKey, value: hostileValue }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrap' as const }) },
);

/** A valid value with one to three places broken: replaced, removed, wrapped, or given an extra key. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return valid.chain((value) => {
    const places = placesOf(value);
    return fc.array(fc.tuple(fc.constantFrom(...places), mutation), { minLength: 1, maxLength: 3 }).map((changes) =>
      changes.reduce(
        (current, [path, change]) =>
          edit(current, path, (node) => {
            if (change.kind === 'replace') return change.value;
            if (change.kind === 'remove') return path.length ? REMOVE : undefined;
            if (change.kind === 'wrap') return [node];
            return node && typeof node === 'object' && !Array.isArray(node) ? { ...node, [change.key]: change.value } : node;
          }),
        value,
      ),
    );
  });
}

/** Body text that is not what the schema wants, or not JSON at all. */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":}',
    "{'a':1}",
    '[1,]',
    '{"a":1,}',
    '\ufeff{}',
    'nul',
    '"unterminated',
    '{"a":"\\x41"}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"a":1}{"a":2}',
    '/* comment */{}',
    'NaN',
    '{"a":NaN}',
    '{"a":-Infinity}',
    '{"name":"a","name":1}',
    '\u0000',
    '[]',
    'null',
    '0',
    '"text"',
  ),
  fc.constantFrom(1_000, 10_000, 100_000).map(deepArrays),
  fc.constantFrom(1_000, 10_000, 100_000).map(deepObjects),
  // Over and just under the 1 MB body limit, and many small pieces.
  fc.constantFrom(
    `{"x":"${'a'.repeat(1_048_576)}"}`,
    `{"x":"${'a'.repeat(1_000_000)}"}`,
    `[${'0,'.repeat(300_000)}0]`,
    `{${Array.from({ length: 30_000 }, (_v, i) => `"k${i}":${i}`).join(',')}}`,
  ),
);

/** Content types the JSON routes do not take, or take only when spelled just so. */
export const contentType = fc.constantFrom(
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;',
  'application/jsonx',
  'application/vnd.api+json',
  'application/octet-stream',
  '*/*',
  ';;;',
);

/** URL-encodes anything, lone surrogates too (as the bytes a raw client would send). */
export function encodeLoose(text: string): string {
  return [...text]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        const c = ch.charCodeAt(0);
        return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      }
    })
    .join('');
}

/** Path or query values as they appear in the address: raw traversal, bad escapes, long ids. */
export const hostileUrlValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    '%00',
    'a%00b',
    '%',
    '%ZZ',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%AF',
    '%FF%FE',
    'x'.repeat(5_000),
    '1'.repeat(200),
    '-1',
    '0',
    '1e308',
    'NaN',
    'null',
    '%20',
    ';',
    '..',
    '.',
    '',
    '?',
    '#',
    '%3F%23',
    'a/b',
  ),
  hostileString.filter((s) => s.length < 10_000).map(encodeLoose),
);
