import { AsyncLocalStorage } from 'node:async_hooks';
import { lookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { getDocumentLoader, type DocumentLoader } from '@fedify/fedify';
import { Agent, fetch as undiciFetch } from 'undici';
import { isPrivateAddress } from './address-guard.js';

// Every request federation makes goes through here: Fedify 1.5's own loaders check an address
// before they fetch it, but miss IPv4-mapped IPv6 and 100.64/10, trust a failed lookup, follow an
// HTML page's alternate link unchecked, read any size for any time, and deliveries follow a
// redirect anywhere. Here the address is checked when the connection is made (no DNS rebinding),
// each redirect is checked again, and sizes and times are bounded.

/** The largest document read from another server (an actor, a key, an object). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

/** The JSON-LD contexts Fedify carries (runtime/contexts.js): read from it, never fetched. */
const PRELOADED_CONTEXTS = new Set([
  'https://www.w3.org/ns/activitystreams',
  'https://w3id.org/security/v1',
  'https://w3id.org/security/data-integrity/v1',
  'https://www.w3.org/ns/did/v1',
  'https://w3id.org/security/multikey/v1',
  'https://w3id.org/identity/v1',
  'https://purl.archive.org/socialweb/webfinger',
  'http://schema.org/',
  'https://gotosocial.org/ns',
]);

export class FederationFetchError extends Error {
  constructor(
    readonly url: string,
    message: string,
  ) {
    super(`${url}: ${message}`);
    this.name = 'FederationFetchError';
  }
}

const agents = new Map<boolean, Agent>();

/** An HTTP agent whose connections refuse private addresses (unless allowed), whatever DNS says at the time. */
function agentFor(allowPrivate: boolean): Agent {
  let agent = agents.get(allowPrivate);
  if (!agent) {
    agent = new Agent({
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      connect: {
        timeout: TIMEOUT_MS,
        lookup: (hostname, options, callback) => {
          lookup(hostname, { ...options, all: true }, (error, found) => {
            const addresses = found as unknown as LookupAddress[];
            if (error) return callback(error, '', 0);
            if (!addresses.length || (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))) {
              return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), '', 0);
            }
            if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
            return callback(null, addresses[0]!.address, addresses[0]!.family);
          });
        },
      },
    });
    agents.set(allowPrivate, agent);
  }
  return agent;
}

/** Refuses an address before any connection: another scheme, plain http on the internet, a private IP written in it. */
function checkUrl(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new FederationFetchError(url.href, 'only https is fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host)))) {
    throw new FederationFetchError(url.href, 'a private address');
  }
}

/** Reads at most `max` bytes of a body; more is an error (the connection is dropped). */
async function readCapped(body: ReadableStream<Uint8Array> | null, url: string, max: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new FederationFetchError(url, `larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export interface SafeResponse {
  url: string;
  status: number;
  headers: Headers;
  body: Buffer;
}

/** A GET to another server: redirects followed (each checked), bounded in size and time. */
export async function safeGet(target: string, options: { allowPrivate: boolean; headers?: Record<string, string>; maxBytes?: number }): Promise<SafeResponse> {
  let url = new URL(target);
  for (let hop = 0; ; hop++) {
    checkUrl(url, options.allowPrivate);
    const response = await undiciFetch(url, {
      headers: options.headers,
      redirect: 'manual',
      dispatcher: agentFor(options.allowPrivate),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new FederationFetchError(url.href, 'too many redirects');
      url = new URL(location, url);
      continue;
    }
    const body = await readCapped(response.body as ReadableStream<Uint8Array> | null, url.href, options.maxBytes ?? MAX_DOCUMENT_BYTES);
    return { url: url.href, status: response.status, headers: response.headers as unknown as Headers, body };
  }
}

const ACTIVITY_ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
const preloaded = getDocumentLoader();

/**
 * Fedify's document loader, made safe: the contexts it carries come from it, anything else is
 * fetched through safeGet as ActivityPub JSON (an HTML page is refused, not searched for links).
 */
export function safeDocumentLoader(options: { allowPrivate: boolean; userAgent: string }): DocumentLoader {
  return async (url) => {
    if (PRELOADED_CONTEXTS.has(url)) return preloaded(url);
    const response = await safeGet(url, { allowPrivate: options.allowPrivate, headers: { accept: ACTIVITY_ACCEPT, 'user-agent': options.userAgent } });
    if (response.status !== 200) throw new FederationFetchError(url, `answered ${response.status}`);
    const type = response.headers.get('content-type') ?? '';
    if (!/^application\/(activity\+json|ld\+json|json)\b/.test(type) && !type.includes('+json')) throw new FederationFetchError(url, `not JSON (${type.slice(0, 80)})`);
    let document: unknown;
    try {
      document = JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new FederationFetchError(url, 'not valid JSON');
    }
    return { contextUrl: null, document, documentUrl: response.url };
  };
}

/** JSON-LD contexts: only those Fedify carries; another server's context is never fetched (its terms are inline or unknown). */
export const contextLoader: DocumentLoader = async (url) => {
  if (PRELOADED_CONTEXTS.has(url)) return preloaded(url);
  throw new FederationFetchError(url, 'an unknown JSON-LD context is not fetched');
};

/**
 * Fedify delivers with the global fetch (federation/send.js), which follows redirects anywhere
 * and connects to whatever the inbox's name resolves to. The queue runs deliveries inside
 * `deliveryScope`, where the global fetch is this one: the same connection guard, no redirects.
 */
const deliveryScope = new AsyncLocalStorage<{ allowPrivate: boolean }>();
let installed = false;

function installGuardedFetch(): void {
  if (installed) return;
  installed = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const scope = deliveryScope.getStore();
    if (!scope) return original(input, init);
    const request = new Request(input, init);
    checkUrl(new URL(request.url), scope.allowPrivate);
    return undiciFetch(request.url, {
      method: request.method,
      headers: request.headers as never,
      body: request.body as never,
      duplex: 'half',
      redirect: 'manual',
      dispatcher: agentFor(scope.allowPrivate),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }) as unknown as Promise<Response>;
  };
}

/** Runs `work` (a queued delivery or received activity) with every fetch it makes guarded. */
export function guarded<T>(allowPrivate: boolean, work: () => Promise<T>): Promise<T> {
  installGuardedFetch();
  return deliveryScope.run({ allowPrivate }, async () => work());
}
