import { DEFAULT_TENANT, pathOf, TENANT_HEADER, type Endpoint, type EndpointAnswer, type EndpointBody, type EndpointQuery, type PathParams } from '@hubbub/contract';
import { ApiError, errorFromResponse } from './api-error';
import { curableByRefresh, endsSession } from './error-policy';

/** Anything with a zod-like parse; keeps this module free of a direct zod dependency. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | QueryValue[]>;

export interface RequestOptions<T> {
  schema?: Parser<T>;
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** Skips the refresh-and-retry (login, refresh and logout themselves). */
  noRetry?: boolean;
  /** Answers the successful Response itself, for a download; failures are still ApiErrors. */
  raw?: boolean;
}

/**
 * Called when an authenticated call fails with a code a refresh can cure (see error-policy);
 * true means new tokens are in place and a retry may succeed.
 */
export type UnauthorizedHandler = () => Promise<boolean>;

/** Called when an authenticated call fails with a code that ends the session (see error-policy). */
export type SessionRefusedHandler = (error: ApiError) => void;

type Keys<T> = keyof T extends never ? true : false;

/**
 * What a call through an endpoint entry sends: the path's parameters when it has any, the query and
 * body its schemas take (type-checked against them), a FormData for an upload.
 */
export type CallInput<E extends Endpoint> = (Keys<PathParams<E['path']>> extends true ? { params?: undefined } : { params: PathParams<E['path']> }) &
  (E extends { query: object } ? { query: EndpointQuery<E> } : { query?: undefined }) &
  (E extends { body: object } ? { body: EndpointBody<E> } : { body?: FormData }) & { signal?: AbortSignal; noRetry?: boolean };

/** The input as the client reads it, whatever the entry. */
interface AnyCallInput {
  params?: Record<string, string | number>;
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
  noRetry?: boolean;
}

/** An entry whose input is all optional may be called without one. */
type CallArgs<E extends Endpoint> = Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export interface HttpClient {
  /** Calls an endpoint entry: its method and path, the body its schema takes, the answer parsed by its schema. */
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointAnswer<E>>;
  /** Calls an entry whose answer is not JSON (a file): the successful Response itself. */
  download<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Response>;
  readonly name: string;
  /** Default headers sent with every request, like axios' defaults.headers.common. */
  readonly headers: Record<string, string>;
  get<T = unknown>(url: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(url: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(url: string, options?: RequestOptions<T>): Promise<T>;
  request<T = unknown>(method: string, url: string, options?: RequestOptions<T>): Promise<T>;
}

/** Array values become repeated keys (a=1&a=2), as the API expects. */
export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function withQuery(url: string, params: QueryParams | undefined): string {
  const query = buildQuery(params);
  if (!query) return url;
  return url.includes('?') ? `${url}&${query.slice(1)}` : `${url}${query}`;
}

export interface HttpClientOptions {
  name: string;
  baseUrl: string;
  /** Null sends no tenant header: for addresses outside the API, which know their tenant another way. */
  tenant?: string | null;
}

let unauthorizedHandler: UnauthorizedHandler | null = null;
let sessionRefusedHandler: SessionRefusedHandler | null = null;

/** Installed by the session layer; shared by every client so one refresh serves them all. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/** Installed by the session layer: signs the person out when the server refuses the account itself. */
export function setSessionRefusedHandler(handler: SessionRefusedHandler | null): void {
  sessionRefusedHandler = handler;
}

/** Only a call made as someone can end their session; a sign-in form's failure is the form's to show. */
function refused(error: ApiError, authenticated: boolean): ApiError {
  if (authenticated && endsSession(error)) sessionRefusedHandler?.(error);
  return error;
}

export function createHttpClient({ name, baseUrl, tenant = DEFAULT_TENANT }: HttpClientOptions): HttpClient {
  const headers: Record<string, string> = tenant === null ? { Accept: 'application/json' } : { [TENANT_HEADER]: tenant, Accept: 'application/json' };

  async function send(method: string, url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    const init: RequestInit = { method, headers: { ...headers }, credentials: 'include', signal };
    if (body instanceof FormData) {
      init.body = body;
    } else if (body !== undefined) {
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    try {
      return await fetch(`${baseUrl}${url}`, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw ApiError.network();
    }
  }

  async function request<T>(method: string, url: string, options: RequestOptions<T> = {}): Promise<T> {
    const fullUrl = withQuery(url, options.params);
    const hadAuthorization = Boolean(headers.Authorization);
    let response = await send(method, fullUrl, options.body, options.signal);

    if (!response.ok) {
      const error = await errorFromResponse(response);
      if (!(curableByRefresh(error) && hadAuthorization && !options.noRetry && unauthorizedHandler)) throw refused(error, hadAuthorization);
      const before = headers.Authorization;
      const refreshed = await unauthorizedHandler();
      if (!(refreshed && headers.Authorization && headers.Authorization !== before)) throw error;
      response = await send(method, fullUrl, options.body, options.signal);
      if (!response.ok) throw refused(await errorFromResponse(response), true);
    }
    if (options.raw) return response as T;
    if (response.status === 204) return undefined as T;

    const text = await response.text();
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        throw ApiError.unexpected(response.status);
      }
    }
    if (!options.schema) return data as T;
    try {
      return options.schema.parse(data);
    } catch (error) {
      console.error(`[${name}] ${method} ${url}: answer did not match the contract`, error);
      throw ApiError.unexpected(response.status);
    }
  }

  function callOptions(endpoint: Endpoint, input: AnyCallInput = {}): [string, RequestOptions<unknown>] {
    const url = pathOf(endpoint, input.params);
    return [url, { params: input.query as QueryParams | undefined, body: input.body, signal: input.signal, noRetry: input.noRetry, schema: endpoint.answer }];
  }

  return {
    name,
    headers,
    request,
    call: <E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>) => request<EndpointAnswer<E>>(endpoint.method, ...(callOptions(endpoint, input as AnyCallInput) as [string, RequestOptions<EndpointAnswer<E>>])),
    download: <E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>) => {
      const [url, options] = callOptions(endpoint, input as AnyCallInput);
      return request<Response>(endpoint.method, url, { ...options, schema: undefined, raw: true });
    },
    get: (url, options) => request('GET', url, options),
    post: (url, body, options) => request('POST', url, { ...options, body }),
    put: (url, body, options) => request('PUT', url, { ...options, body }),
    delete: (url, options) => request('DELETE', url, options),
  };
}

/** Main API (presence, account, project) and engine API share the site origin, as the spec says. */
export const api = createHttpClient({ name: 'api', baseUrl: '' });
export const engineApi = createHttpClient({ name: 'engine', baseUrl: '' });
export const httpClients: HttpClient[] = [api, engineApi];
/**
 * For addresses outside the API that anyone may call, like a signed unsubscribe link: no tenant
 * header (the link names its own) and, being left out of `httpClients`, never the bearer, so a
 * link opened while someone else is signed in acts only on what it names.
 */
export const publicApi = createHttpClient({ name: 'public', baseUrl: '', tenant: null });

/** Sets or clears the bearer header on both clients. */
export function setAuthorization(jwt: string | null): void {
  for (const client of httpClients) {
    if (jwt) client.headers.Authorization = `Bearer ${jwt}`;
    else delete client.headers.Authorization;
  }
}
