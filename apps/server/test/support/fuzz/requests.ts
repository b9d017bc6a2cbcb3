import fc from 'fast-check';
import { contentType, encodeLoose, hostileJsonText, hostileString, hostileUrlValue, mutated, toJsonText } from './hostile.js';
import { upload } from './multipart.js';
import { valueOf, type JsonSchema, type SchemaContext } from './schema.js';

// One request case per run: an operation of the OpenAPI document with its path, query,
// headers and body filled in by a generator, valid-ish or hostile.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: Method;
  /** OpenAPI template, e.g. /engine/api/v1/event/{id} */
  path: string;
  secured: boolean;
  params: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
  upload: boolean;
  /** The statuses the document lists. */
  statuses: number[];
}

/** The two routes that take a multipart form rather than JSON (their OpenAPI entry names no body). */
export const UPLOAD_ROUTES = ['/engine/api/v1/event/thumbnail/{id}', '/engine/api/v1/flyer/image/{id}'];

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { security?: unknown[]; parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: JsonSchema }> }; responses?: Record<string, unknown> }>
  >;
  components: { schemas: Record<string, JsonSchema> };
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase() as Method,
      path,
      secured: Boolean(op.security?.length),
      params: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
      upload: method === 'post' && UPLOAD_ROUTES.includes(path),
      statuses: Object.keys(op.responses ?? {}).map(Number),
    })),
  );
}

/** Real resources stand in requests as these markers, swapped for their ids when sent (see `resolveRefs`). */
export const REFS = ['event', 'flyer', 'launch', 'link', 'tag', 'owner', 'stranger'] as const;
export type Ref = (typeof REFS)[number];
/** Markers for the owner's credentials, to reach the paths behind a known account. */
export const CREDENTIALS = ['ownerEmail', 'ownerEmailUpper', 'ownerEmailKelvin', 'password'] as const;
export const refMarker = (ref: Ref | (typeof CREDENTIALS)[number]) => `~~${ref}~~`;
export const resolveRefs = (text: string, ids: Record<string, string>) => text.replace(/~~(\w+)~~/g, (whole, ref: string) => ids[ref] ?? whole);

/** Which real resources an id field of this name can point at. */
function refsFor(name: string, path: string): readonly Ref[] {
  if (name === 'eventId') return ['event'];
  if (/^(tagIds?|categoryId)$/.test(name)) return ['tag'];
  if (name === 'userId') return ['owner', 'stranger'];
  if (/^flyer(Ids|Order)$/.test(name)) return ['flyer'];
  if (name === 'id') {
    if (path.includes('/event/link/')) return ['link'];
    if (path.includes('/flyer/')) return ['flyer'];
    if (path.includes('/launch/')) return ['launch'];
    if (path.includes('/event/')) return ['event'];
    if (path.includes('/user/')) return ['owner', 'stranger'];
  }
  return REFS;
}

const HOUR = 3_600_000;
/** Today, 00:00 UTC: generated dates stay the same all day, so a counterexample replays. */
const TODAY = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR;
/** Instants: mostly in the next two weeks (so events and launches make sense), sometimes anywhere in 1900–2999. */
const instant = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -24, max: 15 * 24 }).map((hours) => new Date(TODAY + hours * HOUR).toISOString()) },
  { weight: 1, arbitrary: fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()) },
);

/** What the schema cannot say: a start comes before its end. */
function plausible(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const { startDate, endDate } = value as Record<string, unknown>;
  if (typeof startDate !== 'string' || typeof endDate !== 'string' || startDate <= endDate) return value;
  return { ...value, startDate: endDate, endDate: startDate };
}

function schemaContext(components: Record<string, JsonSchema>, op: Operation): SchemaContext {
  const ctx: SchemaContext = {
    components,
    uuid: (name) => fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...refsFor(name, op.path)).map(refMarker) }, { weight: 1, arbitrary: fc.uuid() }),
    hint(name, schema) {
      if (/date$/i.test(name)) return instant;
      if (name === 'timeZone') return fc.constantFrom('UTC', 'America/Chicago', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Chatham');
      if (name === 'email') {
        const owners = fc.constantFrom('ownerEmail', 'ownerEmailUpper', 'ownerEmailKelvin' as const).map(refMarker);
        return fc.oneof(fc.stringMatching(/^[a-z0-9][a-z0-9.+_-]{0,20}@example\.test$/), fc.emailAddress(), owners);
      }
      if (name === 'password') return fc.oneof({ weight: 3, arbitrary: fc.string({ minLength: schema.minLength, maxLength: 40 }) }, { weight: 1, arbitrary: fc.constant(refMarker('password')) });
      if (name === 'website') return fc.webUrl();
      // The query parameters of cities-nearby (the bodies' coordinates are numbers).
      if (name === 'latitude' || name === 'longitude') return fc.double({ min: name === 'latitude' ? -90 : -180, max: name === 'latitude' ? 90 : 180, noNaN: true }).map(String);
      // Flyer designs (and event content) are JSON text; mostly a real design, sometimes any text.
      if (/Json$/.test(name) && components.FlyerContentInput) {
        const design = valueOf(components.FlyerContentInput, ctx).map((v) => JSON.stringify(v));
        return fc.oneof({ weight: 3, arbitrary: design }, { weight: 1, arbitrary: fc.string({ maxLength: schema.maxLength ?? 100 }) });
      }
      return undefined;
    },
  };
  return ctx;
}

/** What to send, before the identity and the real ids are filled in. */
export interface RequestCase {
  generator: string;
  method: Method;
  /** With ~~ref~~ markers. */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** True when the case sets its own Authorization header, so the identity does not matter. */
  ownAuth: boolean;
}

const fill = (op: Operation, params: Record<string, string>) => op.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '');
const queryText = (values: object) =>
  Object.entries(values)
    .map(([key, value]) => `${encodeLoose(key)}=${encodeLoose(String(value))}`)
    .join('&');

const hostileHeaders: fc.Arbitrary<Record<string, string | undefined>> = fc.oneof(
  fc.constantFrom<Record<string, string | undefined>>(
    { 'x-tenant': undefined },
    { 'x-tenant': 'other' },
    { 'x-tenant': 'nowhere' },
    { 'x-tenant': 'HUBBUB' },
    { 'x-tenant': 'x'.repeat(2_000) },
    { accept: 'text/html' },
    { accept: 'application/xml' },
    { 'x-forwarded-for': 'not-an-ip, ::1, 999.1.1.1' },
    { 'accept-encoding': 'gzip;q=abc' },
    { 'content-length': '3' },
    { 'content-length': '99999' },
    { 'content-length': '-1' },
  ),
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Basic dXNlcjpwYXNz',
    `Bearer ${'a'.repeat(10_000)}`,
    // alg none, and HS256 signed with another key
    'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAifQ.',
    'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  ).map((authorization) => ({ authorization })),
);

/** Every generator for one operation, weighted; the case says which one made it. */
export function requestCases(op: Operation, components: Record<string, JsonSchema>): fc.Arbitrary<RequestCase> {
  const ctx = schemaContext(components, op);
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const objectOf = (params: Operation['params']): JsonSchema => ({
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  });
  const validPath = valueOf(objectOf(pathParams), ctx).map((v) => Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, encodeLoose(String(x))])));
  const validQuery = valueOf(objectOf(queryParams), ctx).map((v) => queryText(v as object));
  const validBody: fc.Arbitrary<unknown> = op.body ? valueOf(op.body, ctx).map(plausible) : fc.constant(undefined);
  const json = (value: unknown) => (value === undefined ? {} : { payload: toJsonText(value), headers: { 'content-type': 'application/json' } });

  type Parts = { generator: string; params: Record<string, string>; query: string; payload?: string | Buffer; headers?: Record<string, string | undefined> };
  const named = (generator: string, arbitrary: fc.Arbitrary<Omit<Parts, 'generator'>>) => arbitrary.map((parts) => ({ generator, ...parts }));

  const generators: fc.WeightedArbitrary<Parts>[] = [
    { weight: 4, arbitrary: named('valid', fc.record({ params: validPath, query: validQuery, body: validBody }).map(({ body, ...rest }) => ({ ...rest, ...json(body) }))) },
    {
      weight: 2,
      arbitrary: named(
        'hostile path or query',
        fc.record({
          params: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, fc.oneof(hostileUrlValue, fc.constant(refMarker('event')))]))),
          query: fc.oneof(
            validQuery,
            fc.dictionary(fc.constantFrom(...queryParams.map((p) => p.name), '__proto__', 'constructor[prototype][x]', 'limit'), hostileString.filter((s) => s.length < 10_000), { maxKeys: 3 }).map(queryText),
            fc.constantFrom(
              'search=a&search=b',
              'limit=1&limit=2',
              'search=%',
              'search=%ff',
              'latitude=1e999&longitude=-1e999',
              'latitude=0x10&longitude=%2010&limit=5.5',
              'limit=-0',
              'limit=99999999999999999999',
              'a[b][c][d][e][f]=1',
              '&&&==&',
              `${'a=1&'.repeat(5_000)}search=x`,
            ),
          ),
          body: validBody,
        }).map(({ body, ...rest }) => ({ ...rest, ...json(body) })),
      ),
    },
    { weight: 2, arbitrary: named('hostile headers', fc.record({ params: validPath, query: validQuery, body: validBody, headers: hostileHeaders }).map(({ body, headers, ...rest }) => ({ ...rest, ...json(body), headers: { ...json(body).headers, ...headers } }))) },
    { weight: 2, arbitrary: named('malformed JSON text', fc.record({ params: validPath, query: validQuery, payload: fc.oneof(hostileJsonText, validBody.map((v) => toJsonText(v)).chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut)))), headers: fc.constant({ 'content-type': 'application/json' }) })) },
    { weight: 2, arbitrary: named('wrong content type', fc.record({ params: validPath, query: validQuery, payload: fc.oneof(validBody.map((v) => toJsonText(v)), fc.constant('a=1&b=%ff')), headers: contentType.map((type) => ({ 'content-type': type })) })) },
  ];
  if (op.body) generators.push({ weight: 6, arbitrary: named('mutated body', fc.record({ params: validPath, query: validQuery, body: mutated(validBody) }).map(({ body, ...rest }) => ({ ...rest, ...json(body) }))) });
  if (op.upload) generators.push({ weight: 8, arbitrary: named('multipart upload', fc.record({ params: validPath, query: validQuery, upload }).map(({ upload: u, ...rest }) => ({ ...rest, payload: u.payload, headers: { 'content-type': u.contentType } }))) });

  return fc.oneof(...generators).map((parts) => {
    const headers = Object.fromEntries(Object.entries({ 'x-tenant': 'hubbub', ...parts.headers }).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return {
      generator: parts.generator,
      method: op.method,
      url: fill(op, parts.params) + (parts.query ? `?${parts.query}` : ''),
      headers,
      payload: parts.payload,
      ownAuth: 'authorization' in headers,
    };
  });
}

/** A request, short enough to read in a failure: long text is cut, with its length. */
export function describeRequest(req: { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer }, identity?: string): string {
  const clip = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters in all)` : text);
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, clip(v, 120)]));
  const body =
    req.payload === undefined
      ? '(none)'
      : Buffer.isBuffer(req.payload)
        ? `${req.payload.length} bytes: ${JSON.stringify(clip(req.payload.toString('latin1')))}`
        : JSON.stringify(clip(req.payload));
  return [`${req.method} ${clip(req.url, 300)}${identity ? ` as ${identity}` : ''}`, `headers: ${JSON.stringify(headers)}`, `body: ${body}`].join('\n  ');
}

/** fast-check prints the (shrunk) counterexample with this. */
export function printable(c: RequestCase): RequestCase {
  return Object.assign(c, { [fc.toStringMethod]: () => `[${c.generator}] ${describeRequest(c)}` });
}
