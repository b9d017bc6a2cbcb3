/**
 * Every table, gathered for the drizzle client (db/client.ts) and for repositories reading another
 * module's table. Each table is declared in its owning module's schema.ts, which is what makes that
 * module its owner (tools/lint/table-owners.mjs); migrations read those files directly
 * (drizzle.config.ts). The lint fails when a module's schema.ts is missing here.
 */
export * from '../modules/account/schema.js';
export * from '../modules/attractions/schema.js';
export * from '../modules/auth/schema.js';
export * from '../modules/calendars/schema.js';
export * from '../modules/chats/schema.js';
export * from '../modules/check-in/schema.js';
export * from '../modules/co-hosts/schema.js';
export * from '../modules/event-drafts/schema.js';
export * from '../modules/event-links/schema.js';
export * from '../modules/events/schema.js';
export * from '../modules/external-auth/schema.js';
export * from '../modules/federation/schema.js';
export * from '../modules/flyers/schema.js';
export * from '../modules/geo/schema.js';
export * from '../modules/going/schema.js';
export * from '../modules/launches/schema.js';
export * from '../modules/moderation/schema.js';
export * from '../modules/notifications/schema.js';
export * from '../modules/project-documents/schema.js';
export * from '../modules/series/schema.js';
export * from '../modules/subscription/schema.js';
export * from '../modules/tags/schema.js';
export * from '../modules/tenants/schema.js';
export * from '../modules/users/schema.js';
