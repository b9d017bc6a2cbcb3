import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { CLIENT_VERSION } from '@hubbub/contract';
import { Redis } from 'ioredis';
import { Readiness } from './lib/readiness.js';
import { healthPlugin } from './plugins/health.js';
import { metricsPlugin } from './plugins/metrics.js';
import { Metrics } from './lib/metrics.js';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { JobRelay } from './lib/job-trigger.js';
import { RealtimeRelay } from './lib/realtime.js';
import { Throttle } from './lib/throttle.js';
import { authLimits, type RateLimits } from './modules/auth/limits.js';
import { createJwtSigner } from './lib/jwt.js';
import { OperatorLogController } from './logger.js';
import { createMailer } from './lib/mailer.js';
import { UPLOADS_PREFIX, createDiskStore } from './lib/file-store.js';
import { createS3Store } from './lib/s3-store.js';
import { authPlugin } from './plugins/auth.js';
import { closingPlugin } from './plugins/closing.js';
import { compressionPlugin } from './plugins/compression.js';
import { clientErrorHandler, errorsPlugin, problem } from './plugins/errors.js';
import { openApiPlugin } from './plugins/openapi.js';
import { requestTextPlugin } from './plugins/request-text.js';
import { spaPlugin } from './plugins/spa.js';
import { EARLY_ANSWER_HEADERS, securityHeadersPlugin } from './plugins/security-headers.js';
import { createTenantHook } from './plugins/tenant.js';
import { accountRoutes } from './modules/account/routes.js';
import { subscriptionRoutes, operatorRoutes, stripeWebhookRoutes } from './modules/subscription/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { authenticate } from './modules/auth/service.js';
import { containerRoutes } from './modules/container/routes.js';
import { externalAuthRoutes, externalStartRoutes } from './modules/external-auth/routes.js';
import { createExternalProviders } from './modules/external-auth/service.js';
import { createSecretBox } from './lib/secret-box.js';
import { createKeyedDigest } from './lib/keyed-digest.js';
import { ensureTenants } from './modules/tenants/service.js';
import { userRoutes } from './modules/users/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { eventDraftRoutes } from './modules/event-drafts/routes.js';
import { eventDetailRoutes } from './modules/event-details/routes.js';
import { eventHtmlRoutes } from './modules/event-html/routes.js';
import { thumbnailRoutes } from './modules/events/thumbnail-routes.js';
import { projectDocumentRoutes } from './modules/project-documents/routes.js';
import { checkStoredDocuments } from './modules/project-documents/stored-content.js';
import { contentOptionsOf, uploadsUrlOf } from './modules/project-documents/uploads-url.js';
import { moderationRoutes } from './modules/moderation/routes.js';
import { adminRoutes } from './modules/moderation/admin-routes.js';
import { accountDataRoutes } from './modules/account-data/routes.js';
import { calendarFeedRoutes, calendarRoutes } from './modules/calendars/routes.js';
import { eventPageRoutes } from './modules/event-page/routes.js';
import { notificationRoutes, unsubscribeRoutes } from './modules/notifications/routes.js';
import { notificationsPlugin, type NotificationsPluginOptions } from './modules/notifications/plugin.js';
import { eventSessionsPlugin, type LiveHubOptions } from './modules/event-sessions/index.js';
import { eventLinkRoutes } from './modules/event-links/routes.js';
import { goingRoutes } from './modules/going/routes.js';
import { attendance } from './modules/going/service.js';
import { seriesPlugin, type SeriesPluginOptions } from './modules/series/plugin.js';
import { federationPlugin, type FederationPluginOptions } from './modules/federation/plugin.js';
import { federationRoutes } from './modules/federation/routes.js';
import { seriesRoutes } from './modules/series/routes.js';
import { checkInRoutes } from './modules/check-in/routes.js';
import { coHostsRoutes } from './modules/co-hosts/routes.js';
import { attractionRoutes } from './modules/attractions/routes.js';
import { tagRoutes } from './modules/tags/routes.js';
import { geoRoutes } from './modules/geo/routes.js';
import { homeRoutes } from './modules/home/routes.js';
import { flyerRoutes } from './modules/flyers/routes.js';
import { launchRoutes } from './modules/launches/routes.js';
import { schedulerPlugin, type SchedulerPluginOptions } from './modules/launches/plugin.js';
import { createTokenSigner } from './lib/signed-token.js';
import { loadVapidKeys } from './lib/vapid-keys.js';
import { createTicketSigner } from './lib/ticket-signer.js';
import { createRedisBackplane, createRedisMemberCounts } from './modules/hub/index.js';
import { ensureCities } from './modules/geo/service.js';
import { ensureCategories } from './modules/tags/service.js';
import { MAX_UPLOAD_BYTES } from './lib/images.js';
import { createPasswords, type PasswordCost } from './lib/passwords.js';

export const SERVER_VERSION = '0.1.0';
const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Points of the account budgets by name, over the defaults scaled by RATE_LIMIT_SCALE (tests). */
  rateLimits?: Partial<RateLimits>;
  now?: () => Date;
  /** argon2id's cost; the OWASP baseline unless code building the app passes another (the API suites). */
  passwordCost?: PasswordCost;
  /** Hub timings and the watcher announcement window (tests shorten them), its backplane and member counts (Redis when REDIS_URL is set). */
  hub?: LiveHubOptions;
  /** Launch scheduler settings (tests shorten the poll); enabled unless false. */
  launches?: SchedulerPluginOptions;
  notifications?: NotificationsPluginOptions;
  series?: SeriesPluginOptions;
  /** ActivityPub's publisher and queue (tests shorten the polls), when FEDERATION is on. */
  federation?: FederationPluginOptions;
  /** What /readyz says; main.ts drains it on SIGTERM before closing. */
  readiness?: Readiness;
  /** This instance's metrics (main.ts also serves them on METRICS_PORT). */
  metrics?: Metrics;
}

/** How often a ROLE=jobs instance looks for mail and push to send: the web instances' wake-ups do not reach it. */
const JOBS_ROLE_MAIL_POLL_MS = 2_000;

/** Builds the whole HTTP app on an open database; the caller listens and closes. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // Request lines at debug, slow and failed requests above it, a client hanging up not an error.
    logController: new OperatorLogController(),
    bodyLimit: 1024 * 1024,
    // Only the proxies the operator names may say who the client is (TRUST_PROXY).
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // Unique across instances and restarts: a 500's correlation id finds its log line.
    genReqId: () => randomUUID(),
    clientErrorHandler,
    // A request that reaches a closing instance (on a connection a balancer opened just before the
    // listener closed) is served like any other, and its connection then closed (plugins/closing.ts):
    // Fastify's default 503 would fail a POST, which a balancer does not retry elsewhere.
    return503OnClosing: false,
    // A path Fastify's router cannot decode (broken percent escapes) never reaches the error handler.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.headers(EARLY_ANSWER_HEADERS).code(400).send(problem(400, 'malformed_request', 'Bad request', `The address is not valid: ${error.message}`));
    },
  }).withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tenants = await ensureTenants(database.db, config.TENANTS);
  for (const tenantId of tenants.values()) await ensureCategories(database.db, tenantId);
  await ensureCities(database.db, app.log);
  // Documents stored before the strict content rules (issue 22), brought to them once, before anyone reads one.
  await checkStoredDocuments({ db: database.db, options: contentOptionsOf(config), log: app.log });
  // One connection of its own: the budgets must count together on every instance.
  const limitsRedis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false }) : undefined;
  limitsRedis?.on('error', (error: Error) => app.log.warn({ err: error.message }, 'rate limit store connection error'));
  // What starts later, in a plugin (the hub, the background jobs), services reach through a relay
  // the context holds from the start; the plugin is given the relay to serve. Nothing sets a field later.
  const realtime = new RealtimeRelay();
  const launches = new JobRelay();
  const notifications = new JobRelay();
  const seriesJobs = new JobRelay();
  const federationJobs = new JobRelay();
  // The provider tokens kept for logout are sealed under a key derived from the JWT secret.
  const external = createExternalProviders({ config, secret: options.jwtSecret });
  const ctx: AppContext = {
    db: database.db,
    config,
    jwt: createJwtSigner(options.jwtSecret),
    passwords: createPasswords(options.passwordCost),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.SMTP_FROM, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
    files: config.S3_BUCKET
      ? createS3Store({
          endpoint: config.S3_ENDPOINT,
          region: config.S3_REGION,
          bucket: config.S3_BUCKET,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          publicUrl: uploadsUrlOf(config)!,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : createDiskStore(path.join(config.dataDir, 'uploads')),
    tenants,
    now: options.now ?? (() => new Date()),
    realtime,
    // RATE_LIMIT_SCALE raises or lowers every account budget at once (a busy test server, a strict deployment).
    throttle: new Throttle(authLimits(config.RATE_LIMIT_SCALE, options.rateLimits), limitsRedis),
    signedLinks: createTokenSigner(options.jwtSecret, 'email-links'),
    refreshSeal: createSecretBox(options.jwtSecret, 'hubbub refresh successors'),
    signInKeys: createKeyedDigest(options.jwtSecret, 'hubbub verification sign-in'),
    tickets: createTicketSigner(options.jwtSecret),
    vapid: await loadVapidKeys(config.dataDir, { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }),
    launches,
    notifications,
    series: seriesJobs,
    federation: federationJobs,
  };
  if (external.configured.length && !config.PUBLIC_URL) {
    app.log.warn({ redirectUri: `${config.publicUrl}/auth/callback/…` }, 'external sign-in is configured but PUBLIC_URL is not: the providers must know this redirect address');
  }
  app.decorate('ctx', ctx);
  app.decorateRequest('tenant', null as never);

  await app.register(closingPlugin);
  await app.register(healthPlugin, { db: database.db, readiness: options.readiness ?? new Readiness(), redis: limitsRedis });
  const metrics = options.metrics ?? new Metrics();
  await app.register(metricsPlugin, { metrics, token: config.METRICS_TOKEN });
  const pool = database.poolStats;
  if (pool) {
    metrics.gauge('hubbub_db_pool_connections', 'PostgreSQL pool connections, by state (in use, idle), and queries waiting for one.', ['state'], async () => {
      const { total, idle, waiting } = pool();
      return [
        { labels: { state: 'in-use' }, value: total - idle },
        { labels: { state: 'idle' }, value: idle },
        { labels: { state: 'waiting' }, value: waiting },
      ];
    });
  }
  await app.register(securityHeadersPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(errorsPlugin);
  await app.register(requestTextPlugin);
  await app.register(openApiPlugin, { version: SERVER_VERSION });
  await app.register(authPlugin, { authenticate });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  // Created up front: the static plugin wants its root to exist, and the first upload may come later.
  await fs.mkdir(path.join(config.dataDir, 'uploads'), { recursive: true });
  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'uploads'),
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    // Upload names are unique and never rewritten, so browsers may keep them for a year.
    maxAge: '365d',
    immutable: true,
  });
  // The cards' small thumbnails, made from the stored ones on first request (outside the tenant's API: pictures carry no X-Tenant).
  await app.register(thumbnailRoutes);
  await app.register(spaPlugin, { distDir: config.WEB_DIST ?? DEFAULT_WEB_DIST });

  await app.register(async (api) => {
    api.addHook('onRequest', createTenantHook(tenants));
    // Every route names its full path from the contract's `routes`, so no prefix here.
    await api.register(authRoutes);
    await api.register(externalAuthRoutes, { providers: external });
    await api.register(userRoutes);
    await api.register(accountRoutes);
    await api.register(subscriptionRoutes);
    await api.register(eventRoutes);
    await api.register(eventDraftRoutes);
    await api.register(eventDetailRoutes);
    await api.register(eventHtmlRoutes);
    await api.register(eventLinkRoutes, { attendance });
    await api.register(goingRoutes);
    await api.register(seriesRoutes);
    await api.register(coHostsRoutes);
    await api.register(checkInRoutes);
    await api.register(attractionRoutes);
    await api.register(tagRoutes);
    await api.register(geoRoutes);
    await api.register(flyerRoutes);
    await api.register(launchRoutes);
    await api.register(projectDocumentRoutes);
    await api.register(moderationRoutes);
    await api.register(federationRoutes);
    await api.register(adminRoutes);
    await api.register(accountDataRoutes);
    await api.register(calendarRoutes);
    await api.register(notificationRoutes);
    await api.register(homeRoutes);
  });
  // Stripe names no tenant: the event says whose subscription it is.
  await app.register(stripeWebhookRoutes);
  // Calendar apps name no tenant either: the feed's secret address says whose calendar it is.
  await app.register(calendarFeedRoutes);
  // The public event pages are the web site's: its tenant, and the browser's session cookie at most.
  await app.register(eventPageRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(operatorRoutes);
  // A browser navigation: the tenant is in its query, not a header.
  await app.register(externalStartRoutes, { providers: external });
  // REDIS_URL shares event groups and watcher counts between instances; the hub closes them on app close.
  const redisUrl = config.REDIS_URL;
  const hub = {
    ...options.hub,
    backplane: options.hub?.backplane ?? (redisUrl ? createRedisBackplane({ url: redisUrl, log: app.log }) : undefined),
    memberCounts: options.hub?.memberCounts ?? (redisUrl ? createRedisMemberCounts({ url: redisUrl, log: app.log }) : undefined),
  };
  await app.register(eventSessionsPlugin, { jwtSecret: options.jwtSecret, hub, relay: realtime, metrics });
  // ROLE=web leaves the background jobs to a jobs instance (exactly once holds either way: each
  // job is claimed in the database). A jobs instance polls for mail soon, as web instances cannot wake it.
  const jobs = config.ROLE !== 'web';
  const mailPoll = config.ROLE === 'jobs' ? { pollMs: JOBS_ROLE_MAIL_POLL_MS } : {};
  await app.register(schedulerPlugin, { ...options.launches, enabled: jobs && options.launches?.enabled !== false, relay: launches, metrics });
  await app.register(notificationsPlugin, { ...mailPoll, ...options.notifications, enabled: jobs && options.notifications?.enabled !== false, relay: notifications, metrics });
  await app.register(seriesPlugin, { ...options.series, enabled: jobs && options.series?.enabled !== false, relay: seriesJobs, metrics });
  await app.register(federationPlugin, { ...options.federation, enabled: jobs && options.federation?.enabled !== false, relay: federationJobs, metrics });
  await app.register(containerRoutes, {
    data: {
      name: 'Hubbub',
      version: SERVER_VERSION,
      tenants: config.TENANTS,
      build: process.env.HUBBUB_BUILD ?? `client ${CLIENT_VERSION}`,
      cmsUrl: config.CMS_URL ?? null,
      publicUrl: config.PUBLIC_URL ?? null,
      mapStyleUrl: config.MAP_STYLE_URL,
      uploadsUrl: uploadsUrlOf(config),
      externalProviders: external.configured,
    },
  });

  app.addHook('onClose', async () => {
    limitsRedis?.disconnect();
    await database.close();
  });
  return app;
}
