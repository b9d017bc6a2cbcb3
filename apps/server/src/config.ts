import { z } from 'zod';
import { isIP } from 'node:net';
import path from 'node:path';

const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ message: `${name} must be a URL.` }).optional());

/** OpenFreeMap's `liberty`: OpenStreetMap data in the OpenMapTiles schema, no key, no quota. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
/** MAP_STYLE_URL's value for the built-in basemap only (no map host contacted at all). */
export const OFFLINE_MAP_STYLE = 'offline';
/** The default accept queue (LISTEN_BACKLOG below); the benchmarks listen with it too. */
export const LISTEN_BACKLOG = 4096;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const PLAN_NAMES = ['Free', 'Basic', 'Pro', 'Enterprise'] as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY as Fastify's `trustProxy`: false, or the proxies' addresses and ranges. */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | string[] {
  if (value === '' || value === 'false') return false;
  const entries = value.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (!entries.length || bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must list the proxies' addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8 or loopback)${bad.length ? `; not understood: ${bad.join(', ')}` : ''}. "true" and hop counts are refused: they cannot tell a proxy from a client forging X-Forwarded-For.`,
    });
    return z.NEVER;
  }
  return entries;
}

const ConfigSchema = z.object({
  PORT: z.coerce.number({ message: 'PORT must be a number.' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Which proxies may name the client's address in X-Forwarded-For: off (the socket's address
   * counts), or a comma list of the proxies' addresses and CIDR ranges (`loopback`,
   * `linklocal` and `uniquelocal` name those ranges). Trusting everyone would let any client
   * reset every per-address budget with a made-up header; a bare hop count cannot tell a
   * proxy from a client either (Fastify treats one as trusting nobody).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx) => parseTrustProxy(v, ctx)),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  DATABASE_URL: optionalUrl('DATABASE_URL'),
  /** Set: hub instances share event groups and watcher counts through Redis pub/sub. */
  REDIS_URL: optionalUrl('REDIS_URL'),
  TENANTS: z
    .string()
    .default('hubbub')
    .transform((v) => v.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^[a-z][a-z0-9-]{1,31}$/, { message: 'each tenant key must be 2-32 lowercase letters, digits or dashes' }))
        .min(1, { message: 'name at least one tenant' }),
    ),
  SMTP_URL: optionalUrl('SMTP_URL'),
  SMTP_FROM: z.string().default('Hubbub <no-reply@hubbub.local>'),
  /** Web push (VAPID) keys; without them a pair is generated once into DATA_DIR (set them when running several instances). */
  VAPID_PUBLIC_KEY: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  VAPID_PRIVATE_KEY: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  /** Who push services may contact about this server's pushes (a mailto: or https: address). */
  VAPID_SUBJECT: z.string().trim().default('mailto:admin@hubbub.local'),
  /** Push services browsers may subscribe at (host names, comma-separated); the server posts only there. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,wns2-par02p.notify.windows.com,web.push.apple.com')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  CMS_URL: optionalUrl('CMS_URL'),
  /**
   * The map's basemap: unset, OpenFreeMap's keyless OpenStreetMap style (DEFAULT_MAP_STYLE_URL);
   * `offline`, the built-in basemap alone (null); any other value, that hosted style's URL.
   */
  MAP_STYLE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : DEFAULT_MAP_STYLE_URL))
    .pipe(z.union([z.literal(OFFLINE_MAP_STYLE).transform(() => null), z.url({ message: 'MAP_STYLE_URL must be a URL or "offline".' })])),
  JWT: z.string().min(32, { message: 'JWT must be a signing key of at least 32 characters.' }).optional(),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email({ message: 'ADMIN_EMAIL must be an email address.' }).optional()),
  /** The tenants (keys, comma-separated) where ADMIN_EMAIL is Admin; unset: the first of TENANTS (see adminTenants). */
  ADMIN_TENANT: z
    .string()
    .optional()
    .transform((v) => v?.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean))
    .transform((keys) => (keys?.length ? keys : undefined)),
  RATE_LIMIT_SCALE: z.coerce.number({ message: 'RATE_LIMIT_SCALE must be a number.' }).min(0.01).max(1000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** How long a SIGTERM or SIGINT may take before the process exits whatever is still open. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ message: 'SHUTDOWN_TIMEOUT_MS must be a number.' }).int().min(100).max(600_000).default(10_000),
  /**
   * How long /readyz answers 503 before the listener closes on SIGTERM, while every other request
   * is still served: a load balancer's health check sees the instance go and stops sending to it.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number({ message: 'SHUTDOWN_DRAIN_MS must be a number.' }).int().min(0).max(300_000).default(0),
  /**
   * After the drain, how long the connections already open are still served (each answer closing
   * its connection) once the listener has closed, before the app closes the idle ones. Longer than
   * the balancer's keep-alive timeout towards the instances (deploy/hubbub.nginx.conf: 1 s), so the
   * balancer drops its idle connections itself and never writes a request on one being closed.
   */
  SHUTDOWN_LINGER_MS: z.coerce.number({ message: 'SHUTDOWN_LINGER_MS must be a number.' }).int().min(0).max(60_000).default(0),
  /**
   * The listening socket's accept queue. Node's 511 overflows when a crowd arrives at once (5,000
   * watchers at a live event's door): the kernel drops the rest and their clients try again a second
   * later. The kernel caps it at net.core.somaxconn (4096 on current Linux).
   */
  LISTEN_BACKLOG: z.coerce.number({ message: 'LISTEN_BACKLOG must be a number.' }).int().min(1).max(65_535).default(LISTEN_BACKLOG),
  /**
   * ActivityPub (modules/federation, FEDERATION.md): the site's public events followable from
   * Mastodon and other servers. Off by default: it needs a public https PUBLIC_URL.
   */
  FEDERATION: z.enum(['true', 'false'], { message: 'FEDERATION must be true or false.' }).default('false').transform((v) => v === 'true'),
  /**
   * Lets federation fetch from and deliver to loopback and private addresses (http too). For tests
   * and closed networks only: on the internet it lets any remote server make this one call inside its network.
   */
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false'], { message: 'FEDERATION_ALLOW_PRIVATE_ADDRESSES must be true or false.' }).default('false').transform((v) => v === 'true'),
  /**
   * How long a public event is left unchanged before it goes to the fediverse (edits in a row go
   * out as one Update; an event made unlisted at once never leaves). Seconds, 1 to 3600.
   */
  FEDERATION_PUBLISH_DELAY_SECONDS: z.coerce
    .number({ message: 'FEDERATION_PUBLISH_DELAY_SECONDS must be a number of seconds.' })
    .int({ message: 'FEDERATION_PUBLISH_DELAY_SECONDS must be a whole number of seconds.' })
    .min(1, { message: 'FEDERATION_PUBLISH_DELAY_SECONDS is 1 to 3600.' })
    .max(3600, { message: 'FEDERATION_PUBLISH_DELAY_SECONDS is 1 to 3600.' })
    .default(60),
  /** /metrics (Prometheus text) answers only with this bearer token; unset, it is not served on the app's port. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.length >= 16, { message: 'METRICS_TOKEN must be at least 16 characters.' })
    .transform((v) => (v ? v : undefined)),
  /**
   * What this instance runs: all (the default), web (the API, the web app and the hub; no
   * background jobs) or jobs (the launch scheduler, the mail and push sender and the series
   * extender; only /livez, /readyz and /metrics on PORT). web and jobs need DATABASE_URL.
   */
  ROLE: z.enum(['all', 'web', 'jobs'], { message: 'ROLE must be all, web or jobs.' }).default('all'),
  /** A port of its own for /metrics (and /livez, /readyz), without a token: for a network only the scraper reaches. */
  METRICS_PORT: z.coerce.number({ message: 'METRICS_PORT must be a port number.' }).int().min(1).max(65_535).optional(),
  WEB_DIST: z.string().optional(),
  S3_BUCKET: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: optionalUrl('S3_PUBLIC_URL'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Sign-in with Google: both set, or neither. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: optionalUrl('GOOGLE_ISSUER'),
  /** Sign-in with Microsoft (the spec's "Windows"): both set, or neither. */
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  MICROSOFT_TENANT: z
    .string()
    .trim()
    .default('common')
    .pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/, { message: 'MICROSOFT_TENANT must be common, organizations, consumers, a tenant id or a tenant domain.' })),
  MICROSOFT_ISSUER: optionalUrl('MICROSOFT_ISSUER'),
  /** Billing with Stripe: both set, or neither (the operator then assigns plans). */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another Stripe API in Stripe's place (tests, the fake Stripe): http only on 127.0.0.1 or localhost. */
  STRIPE_API_URL: optionalUrl('STRIPE_API_URL'),
  /** The plan every new account starts on; unset: see defaultPlanOf. */
  DEFAULT_PLAN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(PLAN_NAMES, { message: 'DEFAULT_PLAN must be Free, Basic, Pro or Enterprise.' }).optional()),
});

export type PlanName = (typeof PLAN_NAMES)[number];
export type Config = Omit<z.infer<typeof ConfigSchema>, 'DEFAULT_PLAN'> & { DEFAULT_PLAN: PlanName; dataDir: string; publicUrl: string };

/**
 * The plan of a new account when DEFAULT_PLAN is not set. With Stripe, Free: the site sells the
 * others, and Free is what a visitor tries first. Without billing nobody can buy a plan, so Free's
 * limits (one event) would only stop a club's own server at its second event: new accounts get
 * Enterprise, whose capacities (1,000 events) are no practical limit (issue 26).
 */
export function defaultPlanOf(env: { STRIPE_SECRET_KEY?: string; DEFAULT_PLAN?: PlanName }): PlanName {
  return env.DEFAULT_PLAN ?? (env.STRIPE_SECRET_KEY ? 'Free' : 'Enterprise');
}

export class ConfigError extends Error {}

/** Reads the environment; a bad variable stops the start with its name in the message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.superRefine((c, ctx) => {
    if (c.S3_BUCKET && !c.S3_PUBLIC_URL && !c.S3_ENDPOINT) {
      ctx.addIssue({ code: 'custom', path: ['S3_PUBLIC_URL'], message: 'S3_PUBLIC_URL (or S3_ENDPOINT) is needed with S3_BUCKET, to build the URLs of stored files.' });
    }
    for (const p of ['GOOGLE', 'MICROSOFT'] as const) {
      const id = c[`${p}_CLIENT_ID`];
      const secret = c[`${p}_CLIENT_SECRET`];
      if (id && !secret) ctx.addIssue({ code: 'custom', path: [`${p}_CLIENT_SECRET`], message: `${p}_CLIENT_SECRET is needed with ${p}_CLIENT_ID.` });
      if (secret && !id) ctx.addIssue({ code: 'custom', path: [`${p}_CLIENT_ID`], message: `${p}_CLIENT_ID is needed with ${p}_CLIENT_SECRET.` });
      const issuer = c[`${p}_ISSUER`];
      // Plain http only for a provider on this machine (tests, trying it by hand).
      if (issuer && !issuer.startsWith('https://') && !(issuer.startsWith('http://') && LOOPBACK.has(new URL(issuer).hostname))) {
        ctx.addIssue({ code: 'custom', path: [`${p}_ISSUER`], message: `${p}_ISSUER must be an https URL (http only on 127.0.0.1 or localhost).` });
      }
    }
    const strangers = (c.ADMIN_TENANT ?? []).filter((key) => !c.TENANTS.includes(key));
    if (strangers.length) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_TENANT'], message: `ADMIN_TENANT names ${strangers.map((k) => `"${k.slice(0, 40)}"`).join(', ')}, not in TENANTS (${c.TENANTS.join(', ')}).` });
    }
    if (c.FEDERATION && !c.FEDERATION_ALLOW_PRIVATE_ADDRESSES && !c.PUBLIC_URL?.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'FEDERATION needs PUBLIC_URL to be this server\'s public https address (other servers fetch its actors and events there).' });
    }
    if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'STRIPE_WEBHOOK_SECRET is needed with STRIPE_SECRET_KEY, to verify the webhook.' });
    if (c.STRIPE_WEBHOOK_SECRET && !c.STRIPE_SECRET_KEY) ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'STRIPE_SECRET_KEY is needed with STRIPE_WEBHOOK_SECRET.' });
    const stripeApi = c.STRIPE_API_URL;
    if (stripeApi && !stripeApi.startsWith('https://') && !(stripeApi.startsWith('http://') && LOOPBACK.has(new URL(stripeApi).hostname))) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'STRIPE_API_URL must be an https URL (http only on 127.0.0.1 or localhost).' });
    }
  }).safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${String(i.path[0] ?? '(env)')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const data = result.data;
  const publicUrl = (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/$/, '');
  return { ...data, DEFAULT_PLAN: defaultPlanOf(data), dataDir: path.resolve(data.DATA_DIR), publicUrl };
}
