import path from 'node:path';

/**
 * Writes to a table (INSERT, UPDATE, DELETE in SQL text, or Drizzle's
 * insert/update/delete on a schema table) happen only in the repository of the
 * module that owns the table; everyone else asks that module's service.
 */
const WRITE = /\b(insert\s+into|update|delete\s+from)\s+([a-z_][a-z0-9_]*)/gi;
const WRITE_BEFORE_INTERPOLATION = /\b(insert\s+into|update|delete\s+from)\s+$/i;
const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const tableOwnerRule = {
  meta: {
    type: 'problem',
    docs: { description: "Only the owning module's repository writes a table." },
    schema: [{ type: 'object', properties: { owners: { type: 'object' }, root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      notOwner: "{{verb}} on table '{{table}}' belongs in modules/{{owner}}/repository: call the {{owner}} service instead.",
    },
  },
  create(context) {
    const { owners, root } = context.options[0];
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const match = /^apps\/server\/src\/modules\/([^/]+)\/(([a-z-]+-)?repository\.ts$|repository\/)/.exec(file);
    const here = match?.[1];
    /** Local names bound to schema tables, e.g. `userFollows` → `user_follows`. */
    const schemaTables = new Map();

    function check(node, verb, table) {
      const owner = owners[table];
      if (!owner || owner === here) return;
      context.report({ node, messageId: 'notOwner', data: { verb: verb.replace(/\s+/g, ' ').toUpperCase(), table, owner } });
    }

    return {
      ImportDeclaration(node) {
        if (!/db\/schema(\.js)?$/.test(node.source.value)) return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier') schemaTables.set(spec.local.name, snake(spec.imported.name));
        }
      },
      TaggedTemplateExpression(node) {
        const quasis = node.quasi.quasis;
        quasis.forEach((quasi, i) => {
          const text = quasi.value.cooked ?? quasi.value.raw;
          for (const m of text.matchAll(WRITE)) check(node, m[1], m[2].toLowerCase());
          const before = WRITE_BEFORE_INTERPOLATION.exec(text);
          const expression = node.quasi.expressions[i];
          if (before && expression?.type === 'Identifier' && schemaTables.has(expression.name)) {
            check(node, before[1], schemaTables.get(expression.name));
          }
        });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const verb = callee.property.name;
        if (verb !== 'insert' && verb !== 'update' && verb !== 'delete') return;
        const [arg] = node.arguments;
        if (arg?.type === 'Identifier' && schemaTables.has(arg.name)) check(node, verb, schemaTables.get(arg.name));
      },
    };
  },
};
