import type { FastifyServerOptions } from 'fastify';
import type { HubServerEventName, HubServerEventPayload } from '@hubbub/contract';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { FileStore } from './lib/file-store.js';
import type { JwtSigner } from './lib/jwt.js';
import type { Mailer } from './lib/mailer.js';
import type { MemberCounts, Backplane } from './modules/hub/index.js';
import type { HubTimings } from './modules/hub/index.js';
import type { SchedulerOptions } from './modules/launches/scheduler.js';
import type { TokenSigner } from './lib/signed-token.js';
import type { SecretBox } from './lib/secret-box.js';
import type { VapidKeys } from './lib/vapid-keys.js';
import type { NotificationOptions } from './modules/notifications/worker.js';
import type { Throttle } from './lib/throttle.js';
import type { AuthLimitName, RateLimits } from './modules/auth/limits.js';
import type { ExternalProviders } from './modules/external-auth/providers.js';

// The app's shared types, declared here once: what services receive (AppContext),
// who is asking (TenantRef, AuthInfo) and how the app is built (BuildOptions).

/** What services tell the realtime hub; every instance acts on it (through Redis when configured). */
export interface Realtime {
  /** Sends a message to everyone watching an event. */
  toEvent<K extends HubServerEventName>(tenantId: string, eventId: string, name: K, payload: HubServerEventPayload<K>): Promise<void>;
  /** Sessions were revoked (logout, refresh-token reuse, password reset): their hub connections close now. */
  sessionsEnded(ended: { tenantId: string; sessionId?: string; userId?: string }): Promise<void>;
  /** Someone blocked someone: the blocked person leaves the blocker's live sessions now. */
  blocked(block: { tenantId: string; blockerId: string; blockedId: string }): Promise<void>;
  /**
   * Events went out of sight (a moderator hid one; its host was suspended or deleted: all of theirs):
   * everyone watching hears EventStopped with `message` and leaves the event's group now, on every
   * instance, so nothing of the event reaches them after.
   */
  eventsClosed(closed: { tenantId: string; message: string } & ({ eventId: string } | { hostId: string })): Promise<void>;
  /** For the admin console: the tenant's hub connections and each event's watchers now, over every instance. */
  stats(tenantId: string, eventIds: string[]): Promise<{ connections: number; watchers: number[] }>;
}

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
  /** The realtime hub as services see it; plugged in by modules/event-sessions once the hub runs. */
  realtime: Realtime;
  /** The account calls' budgets (modules/auth/limits.ts), shared through Redis when REDIS_URL is set. */
  throttle: Throttle<AuthLimitName>;
  /** Sign-in with Google and Microsoft (modules/external-auth): the configured providers, discovered on first use. */
  external: ExternalProviders;
  /** The web push (VAPID) key pair (lib/vapid-keys.ts). */
  vapid: VapidKeys;
  /** Signs the links in emails that work without a sign-in (unsubscribe). */
  signedLinks: TokenSigner;
  /** Seals the successor a replaced refresh token still answers with during its grace window (modules/auth). */
  refreshSeal: SecretBox;
  /** Wakes the launch scheduler so "launch now" is not a poll late; absent when the scheduler is off. */
  launches?: { wake(): void };
  /** The alerts and reminders sender; absent when it is off. */
  notifications?: { runNow(): Promise<void> };
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

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Points of the account budgets by name, over the defaults scaled by RATE_LIMIT_SCALE (tests). */
  rateLimits?: Partial<RateLimits>;
  now?: () => Date;
  /** Hub timings and the watcher announcement window (tests shorten them), its backplane and member counts (Redis when REDIS_URL is set). */
  hub?: Partial<HubTimings> & { watcherAnnounceMs?: number; backplane?: Backplane; memberCounts?: MemberCounts };
  /** Launch scheduler settings (tests shorten the poll); enabled unless false. */
  launches?: Partial<SchedulerOptions> & { enabled?: boolean };
  notifications?: Partial<NotificationOptions> & { enabled?: boolean };
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
  interface FastifyReply {
    /** The web app's index.html (plugins/spa.ts). */
    sendShell(): FastifyReply;
  }
}
