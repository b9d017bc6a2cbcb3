import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { JwtSigner } from './lib/jwt.js';
import type { Mailer } from './lib/mailer.js';
import type { FileStore } from './lib/file-store.js';

/** What every service needs from the running app; passed explicitly so services stay plain functions. */
export interface AppContext {
  db: Db;
  config: Config;
  jwt: JwtSigner;
  mailer: Mailer;
  files: FileStore;
  /** tenant key → tenant id, loaded at start. */
  tenants: Map<string, string>;
  now(): Date;
}

export interface TenantRef {
  id: string;
  key: string;
}

export interface AuthInfo {
  userId: string;
  sessionId: string;
  tenant: TenantRef;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    requireAuth: (request: FastifyRequest) => Promise<void>;
    optionalAuth: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    tenant: TenantRef;
    auth: AuthInfo | null;
  }
}
