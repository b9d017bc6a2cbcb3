import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

/**
 * Reports of abuse: one open report per reporter and target (partial unique indexes). A report
 * from the fediverse (an ActivityPub Flag, modules/federation) has a remote actor for reporter.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The remote actor (its address) who flagged the target from another server; null for a report made here. */
    reporterActor: text('reporter_actor'),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /** open, dismissed or actioned. */
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_open_key').on(t.reporterId, t.targetType, t.targetId).where(sql`status = 'open'`),
    uniqueIndex('reports_open_remote_key').on(t.reporterActor, t.targetType, t.targetId).where(sql`status = 'open' and reporter_actor is not null`),
    index('reports_queue_idx').on(t.tenantId, t.status, t.targetType, t.targetId),
  ],
);

/** What administrators did, with before and after; written once, never changed. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_tenant_created_idx').on(t.tenantId, t.createdAt)],
);
