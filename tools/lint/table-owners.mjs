import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which server module owns (alone writes) each table: the module whose schema.ts declares it
 * (apps/server/src/modules/<module>/schema.ts). Read from those files, so adding a table to a
 * module's schema.ts is all it takes; rules/table-owner.mjs checks, while linting each schema.ts,
 * that every pgTable there was found here.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MODULES = 'apps/server/src/modules';

// `export const userFollows = pgTable(\n  'user_follows',` — the form every declaration takes.
const DECLARATION = /export\s+const\s+(\w+)\s*=\s*pgTable\(\s*['"]([a-z_][a-z0-9_]*)['"]/g;

/** Table name → owning module, e.g. `user_follows` → `users`. */
export const TABLE_OWNERS = {};
/** Exported name → table name, e.g. `userFollows` → `user_follows`: what a repository's import binds. */
export const TABLE_NAMES = {};

for (const dir of fs.readdirSync(path.join(root, MODULES), { withFileTypes: true })) {
  const file = path.join(root, MODULES, dir.name, 'schema.ts');
  if (!dir.isDirectory() || !fs.existsSync(file)) continue;
  for (const [, name, table] of fs.readFileSync(file, 'utf8').matchAll(DECLARATION)) {
    if (TABLE_OWNERS[table]) throw new Error(`Table '${table}' is declared in both modules/${TABLE_OWNERS[table]} and modules/${dir.name}.`);
    TABLE_OWNERS[table] = dir.name;
    TABLE_NAMES[name] = table;
  }
}
