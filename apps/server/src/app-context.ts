import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { FileStore } from './lib/file-store.js';
import type { JobTrigger } from './lib/job-trigger.js';
import type { JwtSigner } from './lib/jwt.js';
import type { KeyedDigest } from './lib/keyed-digest.js';
import type { TicketSigner } from './lib/ticket-signer.js';
import type { Mailer } from './lib/mailer.js';
import type { Passwords } from './lib/passwords.js';
import type { Realtime } from './lib/realtime.js';
import type { TokenSigner } from './lib/signed-token.js';
import type { SecretBox } from './lib/secret-box.js';
import type { VapidKeys } from './lib/vapid-keys.js';
import type { Throttle } from './lib/throttle.js';

// The app's shared types, declared here once: what services receive (AppContext) and who is
// asking (TenantRef, AuthInfo). Only plumbing's types (lib/, db/): a module's own types stay in
// the module, so no module is a dependency of this file (how the app is built: app.ts).

/**
 * What every service needs from the running app; passed explicitly so services stay plain functions.
 * app.ts builds it once, before any plugin runs, and nothing changes it after: what starts later
 * (the realtime hub, the background jobs) is reached through a relay made up front.
 */
export interface AppContext {
  readonly db: Db;
  readonly config: Config;
  readonly jwt: JwtSigner;
  readonly mailer: Mailer;
  /** argon2id at the OWASP baseline (lib/passwords.ts). */
  readonly passwords: Passwords;
  readonly files: FileStore;
  /** tenant key → tenant id, loaded at start. */
  readonly tenants: Map<string, string>;
  now(): Date;
  /** The realtime hub as services see it (lib/realtime.ts); modules/event-sessions serves it once the hub runs. */
  readonly realtime: Realtime;
  /** The account calls' budgets by name (modules/auth/limits.ts), shared through Redis when REDIS_URL is set. */
  readonly throttle: Throttle<string>;
  /** The web push (VAPID) key pair (lib/vapid-keys.ts). */
  readonly vapid: VapidKeys;
  /** Signs the links in emails that work without a sign-in (unsubscribe). */
  readonly signedLinks: TokenSigner;
  /** Seals the successor a replaced refresh token still answers with during its grace window (modules/auth). */
  readonly refreshSeal: SecretBox;
  /** Makes and checks the key that signs in the browser that registered, once it verifies (modules/auth). */
  readonly signInKeys: KeyedDigest;
  /** Signs and checks tickets' codes (Ed25519, a key per tenant derived from the server secret). */
  readonly tickets: TicketSigner;
  /** Wakes the launch scheduler so "launch now" is not a poll late; does nothing when the scheduler is off. */
  readonly launches: JobTrigger;
  /** The alerts and reminders sender (tests run its rounds); does nothing when it is off. */
  readonly notifications: JobTrigger;
  /** Adds the next dates of open-ended series (tests run its rounds); does nothing when it is off. */
  readonly series: JobTrigger;
  /** Sends public events' creations, changes and deletions to the fediverse (modules/federation); does nothing when FEDERATION is off. */
  readonly federation: JobTrigger;
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
    readonly ctx: AppContext;
    requireAuth: (request: FastifyRequest) => Promise<void>;
    optionalAuth: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    tenant: TenantRef;
    auth: AuthInfo | null;
  }
  interface FastifyReply {
    /** The web app's index.html (plugins/spa.ts). */
    sendShell(): FastifyReply;
  }
}
