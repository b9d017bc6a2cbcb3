import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.js';

/** What the policy depends on: where the app lives and which other hosts the browser may use. */
export interface SecurityHeaderSettings {
  /** The address people use (PUBLIC_URL); an https one turns on HSTS and upgrade-insecure-requests. */
  publicUrl: string;
  /**
   * The hosted MapLibre style (MAP_STYLE_URL, OpenFreeMap's by default): its origin serves the
   * style, tiles, glyphs, sprites and fonts. Absent with MAP_STYLE_URL=offline: no map host at all.
   */
  mapStyleUrl?: string;
  /** Where browsers fetch uploaded pictures when they are not under /uploads/ (S3_PUBLIC_URL). */
  uploadsUrl?: string;
}

const originOf = (url: string | undefined) => (url ? new URL(url).origin : null);
const isHttps = (url: string) => new URL(url).protocol === 'https:';

/** The configured settings: the S3 address is built as app.ts builds the store's. */
export function securityHeaderSettings(config: Config): SecurityHeaderSettings {
  const s3 = config.S3_BUCKET ? (config.S3_PUBLIC_URL ?? (config.S3_ENDPOINT ? `${config.S3_ENDPOINT.replace(/\/$/, '')}/${config.S3_BUCKET}` : undefined)) : undefined;
  return { publicUrl: config.publicUrl, mapStyleUrl: config.MAP_STYLE_URL ?? undefined, uploadsUrl: s3 };
}

/** The Content-Security-Policy directives of every answer, as helmet takes them. */
export function contentSecurityDirectives(settings: SecurityHeaderSettings): Record<string, string[]> {
  const map = originOf(settings.mapStyleUrl);
  const uploads = originOf(settings.uploadsUrl);
  const publicUrl = new URL(settings.publicUrl);
  // CSP3 lets 'self' match ws:/wss: on the same host (Chromium, Firefox); older Safari needs it named.
  const hub = `${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}`;
  const directives: Record<string, (string | null)[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // The built index.html has no inline script (Vite emits module files), so none may run.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Mantine writes its theme variables as <style> tags at run time and the shell has an inline
    // loading style; without a per-request nonce in the static shell, inline styles must be allowed.
    // Styles cannot run script, so this weakens only CSS-injection defences.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for Mantine's and Swagger UI's inline icons, blob: for pictures chosen before upload.
    'img-src': ["'self'", 'data:', 'blob:', uploads, map],
    // The map's label fonts are the app's own files (maplibre font-faces), or a hosted style's
    // own font-faces files on its origin.
    'font-src': ["'self'", 'data:', map],
    // The API and the hub on this origin; a hosted map style's style, tiles, glyphs and sprites
    // (maplibre fetches them) are on the style's origin.
    'connect-src': ["'self'", hub, map],
    // MapLibre's worker and the service worker are files of the app. MapLibre's default build starts
    // its worker from a blob: URL, but the app points it at its own file (setWorkerUrl in
    // apps/web/src/features/map/map-lib.ts), so blob: stays out.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    // No page of the app may be framed (clickjacking of the account or admin pages).
    'frame-ancestors': ["'none'"],
    // External sign-in and billing are links and redirects, never forms posting elsewhere.
    'form-action': ["'self'"],
  };
  if (isHttps(settings.publicUrl)) directives['upgrade-insecure-requests'] = [];
  return Object.fromEntries(Object.entries(directives).map(([name, sources]) => [name, [...new Set(sources.filter((s): s is string => s !== null))]]));
}

/** Helmet's options: the CSP above, framing refused, and HSTS only when the app is served over https. */
export function helmetOptions(settings: SecurityHeaderSettings): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(settings) },
    frameguard: { action: 'deny' },
    // Sent only over https by browsers anyway; announced only when PUBLIC_URL is https, without
    // includeSubDomains, so a server on plain http (a LAN, a test) never pins its host to https.
    strictTransportSecurity: isHttps(settings.publicUrl) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Other sites learn only the origin: hosted map providers check it against the key's allowed
    // sites, and paths holding tokens (/unsubscribe?token=, feeds) never leave the site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-Origin-Opener-Policy same-origin, Cross-Origin-Resource-Policy same-origin,
    // X-Content-Type-Options nosniff and the rest stay at helmet's defaults.
  };
}

/**
 * Headers that act only on a document (a page, or a file a browser may open as one) or on what a
 * document loads: the policy, framing, the opener, the referrer, and old browsers' switches. A
 * script, stylesheet or font is governed by the page that loads it, so they go out without these
 * (about 800 bytes an answer, 60 KB over the 80 files of a first visit to /search). Kept there:
 * nosniff (a script or stylesheet served with the wrong type is refused, never guessed) and
 * Cross-Origin-Resource-Policy (other sites cannot pull the files into their pages).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Whether a built file is only ever a subresource: a script, stylesheet, font or raster picture.
 * Not a worker's script (a worker takes its policy from its own answer, not from the page: the
 * map's worker fetches tiles and must stay under connect-src), not an SVG (opened on its own it is
 * a document that can run script), not HTML.
 */
export function isSubresourceOnly(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return /\.(js|css|woff2?|png|jpe?g|webp|avif|gif)$/.test(name) && !/worker/.test(name);
}

/**
 * For the answer Fastify makes before any hook runs (an address its router cannot decode,
 * app.ts frameworkErrors): a Problem that loads nothing, is never sniffed and is never framed.
 */
export const EARLY_ANSWER_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

/**
 * Security headers on every answer (pages, API, uploads, docs, feeds, hub negotiate) through
 * @fastify/helmet. Register before the routes and the static plugins.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  await app.register(helmet, helmetOptions(securityHeaderSettings(opts.config)));
});
