import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ACCOUNT, CLIENT_VERSION, ENGINE, PRESENCE } from '@hubbub/contract';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AppError } from './lib/app-error.js';
import { createJwtSigner } from './lib/jwt.js';
import { createMailer } from './lib/mailer.js';
import { UPLOADS_PREFIX, createDiskStore } from './lib/file-store.js';
import { createS3Store } from './lib/s3-store.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, problem } from './plugins/errors.js';
import { openApiPlugin } from './plugins/openapi.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './plugins/rate-limits.js';
import { spaPlugin } from './plugins/spa.js';
import { createTenantHook } from './plugins/tenant.js';
import { accountRoutes, usageRoutes } from './modules/account/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { containerRoutes } from './modules/container/routes.js';
import { ensureTenants } from './modules/tenants/repository.js';
import { userRoutes } from './modules/users/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { eventLinkRoutes } from './modules/event-links/routes.js';
import { tagRoutes } from './modules/tags/routes.js';
import { geoRoutes } from './modules/geo/routes.js';
import { flyerRoutes } from './modules/flyers/routes.js';
import { launchRoutes } from './modules/launches/routes.js';
import { schedulerPlugin } from './modules/launches/plugin.js';
import { hubPlugin } from './modules/hub/index.js';
import { createRedisBus } from './modules/hub/redis-bus.js';
import { ensureCities } from './modules/geo/load-cities.js';
import { ensureCategories } from './modules/tags/seed.js';
import { MAX_UPLOAD_BYTES } from './lib/images.js';

export const SERVER_VERSION = '0.1.0';
const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  rateLimits?: Partial<RateLimits>;
  now?: () => Date;
}

/** Builds the whole HTTP app on an open database; the caller listens and closes. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
  }).withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The spec's follow call posts an empty body; an empty JSON body means "no body", not an error.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    // PostgreSQL cannot store NUL in text; refuse it here rather than fail in the database.
    if (typeof body === 'string' && body.includes('\\u0000')) return done(new AppError(400, 'Bad request', 'Text must not contain NUL characters.'), undefined);
    return defaultJson(request, body as string, done);
  });

  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw new AppError(400, 'Bad request', 'The address must not contain NUL characters.');
  });

  const tenants = await ensureTenants(database.db, config.TENANTS);
  for (const tenantId of tenants.values()) await ensureCategories(database.db, tenantId);
  await ensureCities(database.db, app.log);
  const ctx: AppContext = {
    db: database.db,
    config,
    jwt: createJwtSigner(options.jwtSecret),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.SMTP_FROM, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
    files: config.S3_BUCKET
      ? createS3Store({
          endpoint: config.S3_ENDPOINT,
          region: config.S3_REGION,
          bucket: config.S3_BUCKET,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          publicUrl: config.S3_PUBLIC_URL ?? `${config.S3_ENDPOINT!.replace(/\/$/, '')}/${config.S3_BUCKET}`,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : createDiskStore(path.join(config.dataDir, 'uploads')),
    tenants,
    now: options.now ?? (() => new Date()),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('tenant', null as never);

  await app.register(errorsPlugin);
  await app.register(openApiPlugin, { version: SERVER_VERSION });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      ...problem(429, 'Too many requests', `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
      statusCode: 429,
    }),
  });
  await app.register(authPlugin);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'uploads'),
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    // Upload names are unique and never rewritten, so browsers may keep them for a year.
    maxAge: '365d',
    immutable: true,
  });
  await app.register(spaPlugin, { distDir: config.WEB_DIST ?? DEFAULT_WEB_DIST });

  // RATE_LIMIT_SCALE raises or lowers every account limit at once (a busy test server, a strict deployment).
  const scale = config.RATE_LIMIT_SCALE;
  const scaled = Object.fromEntries(
    Object.entries(DEFAULT_RATE_LIMITS).map(([key, value]) => [key, key === 'windowMs' ? value : Math.max(1, Math.round(value * scale))]),
  ) as unknown as RateLimits;
  const limits = { ...scaled, ...options.rateLimits };
  await app.register(async (api) => {
    api.addHook('onRequest', createTenantHook(tenants));
    await api.register(authRoutes, { prefix: `${PRESENCE}/auth`, limits });
    await api.register(userRoutes, { prefix: `${PRESENCE}/user` });
    await api.register(accountRoutes, { prefix: ACCOUNT });
    await api.register(usageRoutes, { prefix: ENGINE });
    await api.register(eventRoutes, { prefix: ENGINE });
    await api.register(eventLinkRoutes, { prefix: ENGINE });
    await api.register(tagRoutes, { prefix: ENGINE });
    await api.register(geoRoutes, { prefix: ENGINE });
    await api.register(flyerRoutes, { prefix: ENGINE });
    await api.register(launchRoutes, { prefix: ENGINE });
  });
  // REDIS_URL shares event groups between instances; the hub closes the bus (and its connections) on app close.
  const bus = options.hub?.bus ?? (config.REDIS_URL ? createRedisBus({ url: config.REDIS_URL, log: app.log }) : undefined);
  await app.register(hubPlugin, { jwtSecret: options.jwtSecret, ...options.hub, bus });
  await app.register(schedulerPlugin, options.launches ?? {});
  await app.register(containerRoutes, {
    data: {
      name: 'Hubbub',
      version: SERVER_VERSION,
      tenants: config.TENANTS,
      build: process.env.HUBBUB_BUILD ?? `client ${CLIENT_VERSION}`,
      cmsUrl: config.CMS_URL ?? null,
      publicUrl: config.PUBLIC_URL ?? null,
      mapStyleUrl: config.MAP_STYLE_URL ?? null,
    },
  });

  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
