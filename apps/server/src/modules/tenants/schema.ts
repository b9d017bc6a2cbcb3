import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';

export const tenants = pgTable('tenants', {
  id: id(),
  key: text('key').notNull().unique(),
  createdAt: createdAt(),
});
