import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module declares its own tables; the glob finds them all, so no list is kept by hand.
  schema: './apps/server/src/modules/*/schema.ts',
  out: './apps/server/drizzle',
});
