import path from 'node:path';

/**
 * Writes to a table (INSERT, UPDATE, DELETE in any SQL text, or Drizzle's insert/update/
 * delete on a schema table) happen only in the repository of the module that owns the
 * table; everyone else asks that module's service. In db/schema.ts it also checks that
 * every table has an owner, so a new table cannot be left out of the rule.
 */
// The table may be quoted and schema-qualified: update "public"."events", insert into public.events.
const WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?/gi;
const WRITE_BEFORE_INTERPOLATION = /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?$/i;
const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const tableOwnerRule = {
  meta: {
    type: 'problem',
    docs: { description: "Only the owning module's repository writes a table." },
    schema: [{ type: 'object', properties: { owners: { type: 'object' }, root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      notOwner: "{{verb}} on table '{{table}}' belongs in modules/{{owner}}/repository: call the {{owner}} service instead.",
      noOwner: "Table '{{table}}' has no owner: add it to TABLE_OWNERS in tools/lint/table-owners.mjs.",
    },
  },
  create(context) {
    const { owners, root } = context.options[0];
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const match = /^apps\/server\/src\/modules\/([^/]+)\/(([a-z-]+-)?repository\.ts$|repository\/)/.exec(file);
    const here = match?.[1];
    const isSchema = file === 'apps/server/src/db/schema.ts';
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
        return snake(node.property.name);
      }
      return undefined;
    }

    return {
      ImportDeclaration(node) {
        if (!/db\/schema(\.js)?$/.test(node.source.value)) return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier') schemaTables.set(spec.local.name, snake(spec.imported.name));
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
        if (isSchema && callee.type === 'Identifier' && callee.name === 'pgTable') {
          const [name] = node.arguments;
          if (name?.type === 'Literal' && typeof name.value === 'string' && !owners[name.value]) {
            context.report({ node, messageId: 'noOwner', data: { table: name.value } });
          }
          return;
        }
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const verb = callee.property.name;
        if (verb !== 'insert' && verb !== 'update' && verb !== 'delete') return;
        const table = tableOf(node.arguments[0]);
        if (table) check(node, verb, table);
      },
    };
  },
};
