import type { z } from 'zod';

/**
 * One API call, declared once: its method, path, inputs and answer. The server registers its route
 * from the entry (validation, types and OpenAPI), the web app calls through it (body type-checked,
 * answer parsed). Entries live in one table per feature (`defineEndpoints`), so grepping
 * `projectDocument.search` finds the schema, the handler and every caller.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The Problem statuses a call may answer besides its success; 401 and 403 come with `auth`. */
export type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

export interface EndpointSpec {
  /** One line for the OpenAPI document. */
  summary: string;
  /** Who may call: `bearer` needs a signed-in person, `optional` reads the person when there is one. */
  auth?: 'bearer' | 'optional';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer; absent for answers that are not JSON (files, feeds, redirects). */
  answer?: z.ZodType;
  /** The success status, 200 unless said. */
  status?: 200 | 201 | 204 | 302;
  /** Problem statuses besides those `auth` brings. */
  problems?: readonly ProblemStatus[];
  /** Request media types other than JSON (multipart uploads). */
  consumes?: readonly string[];
  /** What a non-JSON answer is (`text/calendar`, `application/zip`, ...). */
  produces?: string;
  /** The path's parameters are secrets (a code, a link's token): logs redact them. */
  secretPath?: boolean;
}

export interface Endpoint<M extends HttpMethod = HttpMethod, P extends string = string> extends EndpointSpec {
  method: M;
  path: P;
  /** The entry's key in its feature's table (`search` of `projectDocumentApi.search`). */
  name: string;
  /** The feature the entry belongs to, as the URL and the server module name it (the OpenAPI tag). */
  feature: string;
  /** The feature and the name, unique across the API: `projectDocumentSearch`. */
  operationId: string;
}

export interface EndpointEntry<M extends HttpMethod = HttpMethod, P extends string = string> extends EndpointSpec {
  method: M;
  path: P;
}

/** An entry of an endpoint table; `defineEndpoints` names it. */
export function endpoint<const M extends HttpMethod, const P extends string, const S extends EndpointSpec>(method: M, path: P, spec: S): S & { method: M; path: P } {
  return { ...spec, method, path };
}

export type EndpointTable<T extends Record<string, EndpointEntry>> = { readonly [K in keyof T]: T[K] & { name: K & string; feature: string; operationId: string } };

/**
 * A feature's calls, named by their keys. The feature is the OpenAPI tag; feature and key make the
 * operationId (`projectDocument` + `search` = `projectDocumentSearch`).
 */
export function defineEndpoints<const T extends Record<string, EndpointEntry>>(feature: string, table: T): EndpointTable<T> {
  const named = Object.entries(table).map(([name, entry]) => [name, { ...entry, name, feature, operationId: feature + name[0]!.toUpperCase() + name.slice(1) }]);
  return Object.fromEntries(named) as EndpointTable<T>;
}

/** What the schema accepts as input (before defaults), or `undefined` when the entry has none. */
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
/** What the schema gives after parsing. */
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export type EndpointParams<E extends EndpointSpec> = Input<E['params']>;
export type EndpointQuery<E extends EndpointSpec> = Input<E['query']>;
export type EndpointBody<E extends EndpointSpec> = Input<E['body']>;
export type EndpointAnswer<E extends EndpointSpec> = Output<E['answer']>;

/** The `:name` parameters of a path template, each a string or a number. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}.${string}`
    ? { [K in Name]: string | number }
    : P extends `${string}:${infer Name}`
      ? { [K in Name]: string | number }
      : Record<never, never>;

/** The path with its `:name` parameters filled in, each encoded. */
export function pathOf(endpoint: { path: string }, params?: Record<string, string | number>): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
