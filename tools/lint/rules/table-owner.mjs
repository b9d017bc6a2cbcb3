import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes to a table (INSERT, UPDATE, DELETE in any SQL text, or Drizzle's insert/update/
 * delete on a schema table) happen only in the repository of the module that owns the
 * table; everyone else asks that module's service. The owner is the module whose schema.ts
 * declares the table (tools/lint/table-owners.mjs), so it also checks that tables are declared
 * only there, in the form table-owners.mjs reads, and that db/schema.ts gathers every module's
 * schema.ts (what the drizzle client knows).
 */
// The table may be quoted and schema-qualified: update "public"."events", insert into public.events.
const WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?/gi;
const WRITE_BEFORE_INTERPOLATION = /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?$/i;
const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const tableOwnerRule = {
  meta: {
    type: 'problem',
    docs: { description: "Only the owning module's repository writes a table." },
    schema: [
      {
        type: 'object',
        properties: { owners: { type: 'object' }, tables: { type: 'object' }, root: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      notOwner: "{{verb}} on table '{{table}}' belongs in modules/{{owner}}/repository: call the {{owner}} service instead.",
      outsideModule: "Declare tables in the owning module's schema.ts (apps/server/src/modules/<module>/schema.ts): where a table is declared names its owner.",
      unreadable: "Declare the table as `export const name = pgTable('table_name', ...)`, the form tools/lint/table-owners.mjs reads to find its owner.",
      notGathered: "modules/{{module}}/schema.ts is missing here: add `export * from '../modules/{{module}}/schema.js';`.",
    },
  },
  create(context) {
    const { owners, tables, root } = context.options[0];
    const relative = (absolute) => path.relative(root, absolute).split(path.sep).join('/');
    const file = relative(context.filename);
    const match = /^apps\/server\/src\/modules\/([^/]+)\/(([a-z-]+-)?repository\.ts$|repository\/)/.exec(file);
    const here = match?.[1];
    const schemaOf = /^apps\/server\/src\/modules\/([^/]+)\/schema\.ts$/.exec(file)?.[1];
    const isGathering = file === 'apps/server/src/db/schema.ts';
    /** Where tables come from: db/schema.ts (all of them) or a module's schema.ts. */
    const isSchemaSource = (source) =>
      source.startsWith('.') &&
      /^apps\/server\/src\/(db|modules\/[^/]+)\/schema$/.test(relative(path.resolve(path.dirname(context.filename), source.replace(/\.[jt]s$/, ''))));
    const tableNamed = (name) => tables[name] ?? snake(name);
    /** Local names bound to schema tables, e.g. `userFollows` → `user_follows`. */
    const schemaTables = new Map();
    /** Local names of a namespace import of the schema (`import * as schema`). */
    const schemaNamespaces = new Set();

    function check(node, verb, table) {
      const owner = owners[table];
      if (!owner || owner === here) return;
      context.report({ node, messageId: 'notOwner', data: { verb: verb.replace(/\s+/g, ' ').toUpperCase(), table, owner } });
    }

    function checkText(node, text) {
      for (const m of text.matchAll(WRITE)) check(node, m[1], m[2].toLowerCase());
    }

    function tableOf(node) {
      if (node?.type === 'Identifier' && schemaTables.has(node.name)) return schemaTables.get(node.name);
      if (node?.type === 'MemberExpression' && node.object.type === 'Identifier' && schemaNamespaces.has(node.object.name) && node.property.type === 'Identifier') {
        return tableNamed(node.property.name);
      }
      return undefined;
    }

    return {
      ImportDeclaration(node) {
        if (!isSchemaSource(node.source.value)) return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier') schemaTables.set(spec.local.name, tableNamed(spec.imported.name));
          if (spec.type === 'ImportNamespaceSpecifier') schemaNamespaces.add(spec.local.name);
        }
      },
      // Any SQL text: plain strings (db.execute('...'), sql.raw('...')) and template literals, tagged or not.
      Literal(node) {
        if (typeof node.value === 'string') checkText(node, node.value);
      },
      TemplateLiteral(node) {
        node.quasis.forEach((quasi, i) => {
          const text = quasi.value.cooked ?? quasi.value.raw;
          checkText(node, text);
          const before = WRITE_BEFORE_INTERPOLATION.exec(text);
          const table = before && tableOf(node.expressions[i]);
          if (table) check(node, before[1], table);
        });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && callee.name === 'pgTable') {
          if (!schemaOf) {
            context.report({ node, messageId: 'outsideModule' });
            return;
          }
          // What table-owners.mjs found must be this very declaration, or its owner would be wrong or missing.
          const [name] = node.arguments;
          const declarator = node.parent;
          const found =
            name?.type === 'Literal' &&
            owners[name.value] === schemaOf &&
            declarator.type === 'VariableDeclarator' &&
            declarator.id.type === 'Identifier' &&
            tables[declarator.id.name] === name.value &&
            declarator.parent.parent?.type === 'ExportNamedDeclaration';
          if (!found) context.report({ node, messageId: 'unreadable' });
          return;
        }
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const verb = callee.property.name;
        if (verb !== 'insert' && verb !== 'update' && verb !== 'delete') return;
        const table = tableOf(node.arguments[0]);
        if (table) check(node, verb, table);
      },
      'Program:exit'(program) {
        if (!isGathering) return;
        const gathered = new Set(program.body.filter((n) => n.type === 'ExportAllDeclaration').map((n) => n.source.value));
        const modules = path.join(root, 'apps/server/src/modules');
        for (const module of fs.readdirSync(modules)) {
          if (fs.existsSync(path.join(modules, module, 'schema.ts')) && !gathered.has(`../modules/${module}/schema.js`)) {
            context.report({ node: program, messageId: 'notGathered', data: { module } });
          }
        }
      },
    };
  },
};
