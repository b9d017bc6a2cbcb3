import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { tenants } from '../tenants/schema.js';

export const tags = pgTable(
  'tags',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    name: text('name').notNull(),
    categoryId: uuid('category_id'),
    isCategory: boolean('is_category').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);
