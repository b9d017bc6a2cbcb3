import { vi } from 'vitest';
import { pathOf, type Endpoint, type ProblemCode } from '@hubbub/contract';

/** One request the page sent, as a test reads it. */
export interface FakeCall {
  method: string;
  /** The path as sent (parameters filled in and encoded), without the query. */
  path: string;
  query: URLSearchParams;
  /** The JSON body parsed, a FormData as it was, undefined when there was none. */
  body: unknown;
  headers: Record<string, string>;
}

/** What an entry answers: data (sent as JSON, 200) or a function of the call giving data or a Response. */
export type FakeReply = ((call: FakeCall) => unknown) | object;

interface Route {
  entry: Endpoint;
  matches: (path: string) => boolean;
  reply: FakeReply;
}

export interface FakeApi {
  /** Answers calls to `entry` (any parameters, or only these); a later `on` for the same call wins. */
  on(entry: Endpoint, reply: FakeReply, params?: Record<string, string | number>): FakeApi;
  /** The calls made to `entry` so far (any parameters, or only these), oldest first. */
  calls(entry: Endpoint, params?: Record<string, string | number>): FakeCall[];
  /** Every call made, answered or not. */
  readonly all: FakeCall[];
  /** Calls no `on` answered: they got a 500 `internal` Problem naming them. */
  readonly unanswered: FakeCall[];
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A Problem answer as the server sends it. */
export function problem(status: number, code: ProblemCode, detail?: string, errors?: Record<string, string[]>): Response {
  return json({ status, code, title: `Problem ${status}`, ...(detail ? { detail } : {}), ...(errors ? { errors } : {}) }, status);
}

/** `:name` matches one path segment, as the server's router does. */
function templateMatcher(template: string): (path: string) => boolean {
  const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  const regex = new RegExp(`^${pattern}$`);
  return (path) => regex.test(path);
}

function matcherOf(entry: Endpoint, params?: Record<string, string | number>): (path: string) => boolean {
  if (!params) return templateMatcher(entry.path);
  const exact = pathOf(entry, params);
  return (path) => path === exact;
}

function readBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Stubs `fetch` with answers keyed by the contract's endpoint entries, so a test names the call
 * the way the code does (`usersApi.follow`), never a path string. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeApi(): FakeApi {
  const routes: Route[] = [];
  const all: FakeCall[] = [];
  const unanswered: FakeCall[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const call: FakeCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: readBody(init.body),
      headers: { ...(init.headers as Record<string, string> | undefined) },
    };
    all.push(call);
    const route = [...routes].reverse().find((r) => r.entry.method === call.method && r.matches(call.path));
    if (!route) {
      unanswered.push(call);
      return problem(500, 'internal', `fake-api: nothing answers ${call.method} ${call.path}`);
    }
    const answer = typeof route.reply === 'function' ? await route.reply(call) : route.reply;
    if (answer instanceof Response) return answer;
    return answer === undefined ? new Response(null, { status: 204 }) : json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);

  const api: FakeApi = {
    on(entry, reply, params) {
      routes.push({ entry, matches: matcherOf(entry, params), reply });
      return api;
    },
    calls(entry, params) {
      const matches = matcherOf(entry, params);
      return all.filter((c) => c.method === entry.method && matches(c.path));
    },
    all,
    unanswered,
  };
  return api;
}
