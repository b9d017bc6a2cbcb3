import { ModuleInfo } from 'eslint-plugin-import-x/core/module-info';
import { isExternalModule, moduleVisitor, resolve } from 'eslint-plugin-import-x/utils';

/**
 * import-x/no-cycle, but every import counts: `import type` and `export type … from` too.
 * import-x skips type-only edges with no option to keep them, so a cycle made of
 * `import type` (say, a shared context file typed by the modules that use it) went
 * unseen. Types are still dependencies of the design: a low file naming a high file's
 * type ties the two together as much as a value would. Same walk as import-x's rule
 * (its own module graph and resolver), without the type filter.
 */
const traversed = new Set();

export const noCycleRule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Forbid an import (type-only ones included) of a module with a dependency path back to this one.' },
    schema: [{ type: 'object', properties: { ignoreExternal: { type: 'boolean' } }, additionalProperties: false }],
    messages: {
      cycle: 'Dependency cycle detected (type-only imports count)',
      cycleSource: 'Dependency cycle via "{{source}}" (type-only imports count)',
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    const options = context.options[0] ?? {};
    const ignoreModule = options.ignoreExternal ? (name) => isExternalModule(name, resolve(name, context), context) : () => false;

    function check(sourceNode, importer) {
      if (ignoreModule(sourceNode.value)) return;
      const imported = ModuleInfo.get(sourceNode.value, context);
      if (imported == null || imported.path === filename || traversed.has(imported.path)) return;
      traversed.add(imported.path);
      // Breadth first, so the route reported is a shortest one.
      const untraversed = [{ mget: () => imported, path: imported.path, route: [] }];
      const detectCycle = ({ mget, route }) => {
        const m = mget();
        if (m == null) return false;
        for (const [path, { resolve: next, declarations }] of m.getImports()) {
          if (traversed.has(path)) continue;
          const edges = [...declarations].filter(({ source }) => !ignoreModule(source.value));
          if (edges.length === 0) continue;
          if (path === filename) return true;
          traversed.add(path);
          untraversed.push({ mget: next, path, route: [...route, edges[0].source] });
        }
        return false;
      };
      while (untraversed.length > 0) {
        const next = untraversed.shift();
        if (!detectCycle(next)) continue;
        // What this walk queued but never reached may still lead back through another import.
        for (const { path } of untraversed) traversed.delete(path);
        if (next.route.length > 0) {
          context.report({ node: importer, messageId: 'cycleSource', data: { source: next.route.map((s) => `${s.value}:${s.loc.start.line}`).join('=>') } });
        } else {
          context.report({ node: importer, messageId: 'cycle' });
        }
        return;
      }
    }

    return {
      ...moduleVisitor(check, { esmodule: true }),
      'Program:exit'() {
        traversed.clear();
      },
    };
  },
};
