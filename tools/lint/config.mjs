import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import './use-typescript-5.mjs';
const { default: js } = await import('@eslint/js');
const { default: tseslint } = await import('typescript-eslint');
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { TABLE_NAMES, TABLE_OWNERS } from './table-owners.mjs';
import { tableOwnerRule } from './rules/table-owner.mjs';
import { noCycleRule } from './rules/no-cycle.mjs';
import { oneFormatterRule } from './rules/one-formatter.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirsIn = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const serverModules = dirsIn(`${SERVER}/modules`);
const webFeatures = dirsIn(`${WEB}/features`);

/**
 * A module's public surface: what other modules may import from it. Its schema.ts (its tables) is
 * for another module's foreign keys and repositories, which may read them; only the owner writes them.
 */
const PUBLIC_FILES = ['./service.ts', './index.ts', './schema.ts'];

/**
 * The server's modules from the bottom up: a module may use the modules before it
 * (through their public files), never one after it, so no two modules can form a
 * cycle. The hub is a protocol framework and sits outside the order: it uses no
 * domain module, and the domain plugs into it. A new module takes its place here.
 */
export const MODULE_ORDER = [
  'tenants',
  'geo',
  'users',
  'auth',
  'external-auth',
  'account',
  'subscription',
  'tags',
  'events',
  'attractions',
  'event-drafts',
  'flyers',
  'launches',
  'chats',
  'event-details',
  'event-html',
  'project-documents',
  'event-links',
  'going',
  'series',
  'co-hosts',
  'check-in',
  'calendars',
  'event-page',
  'notifications',
  'account-data',
  'moderation',
  'federation',
  'event-sessions',
  'home',
  'demo',
  'container',
];
const unordered = serverModules.filter((m) => m !== 'hub' && !MODULE_ORDER.includes(m));
if (unordered.length) throw new Error(`Add ${unordered.join(', ')} to MODULE_ORDER in tools/lint/config.mjs.`);

const moduleDir = (m) => `./${SERVER}/modules/${m}`;
const serverZones = [
  {
    target: moduleDir('hub'),
    from: MODULE_ORDER.map(moduleDir),
    message: 'modules/hub is the SignalR framework: it imports no domain module (they plug into it).',
  },
  // The hub is reached through its index.ts only.
  ...MODULE_ORDER.map((m) => ({
    target: moduleDir(m),
    from: moduleDir('hub'),
    except: ['./index.ts'],
    message: 'Reach modules/hub through its index.ts, not its internals.',
  })),
  ...MODULE_ORDER.flatMap((m, i) => [
    // Another module is reached through its service (its public functions), never its repository.
    ...MODULE_ORDER.slice(0, i).map((n) => ({
      target: moduleDir(m),
      from: moduleDir(n),
      except: PUBLIC_FILES,
      message: `Reach modules/${n} through its service.ts (or index.ts), not its internals.`,
    })),
    ...(i + 1 < MODULE_ORDER.length
      ? [
          {
            target: moduleDir(m),
            from: MODULE_ORDER.slice(i + 1).map(moduleDir),
            message: `modules/${m} comes before these modules in MODULE_ORDER (tools/lint/config.mjs): it may not use them, or modules would form a cycle.`,
          },
        ]
      : []),
  ]),
  {
    target: [`./${SERVER}/lib`, `./${SERVER}/db`],
    from: [`./${SERVER}/plugins`, `./${SERVER}/app.ts`, `./${SERVER}/app-context.ts`],
    message: 'lib/ and db/ are plumbing: they import no module, plugin or app file.',
  },
  { target: `./${SERVER}/lib`, from: `./${SERVER}/modules`, message: 'lib/ is plumbing: it imports no module.' },
  {
    // db/schema.ts gathers every module's tables for the drizzle client; nothing else of a module.
    target: `./${SERVER}/db`,
    from: `./${SERVER}/modules`,
    except: serverModules.map((m) => `./${m}/schema.ts`),
    message: "db/ is plumbing: it imports no module, only the modules' schema.ts (in db/schema.ts).",
  },
  {
    // Plugins are shared plumbing every module may use; what they need of a module, the app passes in.
    target: `./${SERVER}/plugins`,
    from: [`./${SERVER}/modules`, `./${SERVER}/app.ts`],
    message: 'plugins/ import no module: app.ts passes in what a plugin needs of one.',
  },
  {
    target: moduleDir('hub'),
    from: [`./${SERVER}/plugins`, `./${SERVER}/app.ts`, `./${SERVER}/app-context.ts`],
    message: 'modules/hub knows nothing of the app: the app plugs its identity, methods and hooks into it.',
  },
  {
    target: `./${SERVER}/modules`,
    from: `./${SERVER}/app.ts`,
    message: 'app.ts wires the modules; no module imports it.',
  },
];

const webZones = [
  {
    target: [`./${WEB}/lib`, `./${WEB}/components`],
    from: [`./${WEB}/features`, `./${WEB}/routes`, `./${WEB}/app`],
    message: 'lib/ and components/ are shared by everyone: they import no feature, route or app file.',
  },
  ...webFeatures.map((f) => ({
    target: `./${WEB}/features/${f}`,
    from: [...webFeatures.filter((g) => g !== f).map((g) => `./${WEB}/features/${g}`), `./${WEB}/routes`, `./${WEB}/app`],
    message: 'A feature imports no other feature, route or app file: move what both need to lib/, or compose them in a route.',
  })),
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist.next-*/**', '**/dist.old-*/**', 'data/**', 'apps/server/drizzle/**', 'apps/web/public/**', 'packages/contract/data/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs,js,cjs}'],
    plugins: { 'import-x': importX, hubbub: { rules: { 'table-owner': tableOwnerRule, 'no-cycle': noCycleRule, 'one-formatter': oneFormatterRule } } },
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 'latest', sourceType: 'module' },
    settings: {
      // Without it import-x reads only .js/.mjs/.cjs files, so an import graph through .ts files (and every cycle in it) went unseen.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/contract/tsconfig.json', 'e2e/tsconfig.json'].map((p) =>
            path.join(root, p),
          ),
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...serverZones, ...webZones] }],
      // import-x/no-cycle skips `import type` edges; ours (rules/no-cycle.mjs) is the same walk with them counted.
      'hubbub/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/**/*.test.ts`],
    rules: { 'hubbub/table-owner': ['error', { owners: TABLE_OWNERS, tables: TABLE_NAMES, root }] },
  },
  {
    // Dates, times and numbers are written by packages/contract/src/format.ts only (rules/one-formatter.mjs).
    files: [`${SERVER}/**/*.ts`, `${WEB}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', `${WEB}/test/**`],
    rules: { 'hubbub/one-formatter': 'error' },
  },
  {
    // A module's public surface is functions of its service, not its repository passed through.
    files: [`${SERVER}/modules/*/service.ts`, `${SERVER}/modules/*/index.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExportNamedDeclaration[source.value=/repository/][exportKind!='type'], ExportAllDeclaration[source.value=/repository/]",
          message: "Don't pass the repository through: export a service function that names what it does.",
        },
      ],
    },
  },
  {
    // SQL lives in repositories (and the shared pieces in db/); everything else calls them.
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/db/**`, `${SERVER}/modules/*/*repository.ts`, `${SERVER}/modules/*/repository/**`, `${SERVER}/modules/*/schema.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'SQL belongs in a repository: add a function there and call it.' }],
          patterns: [
            { group: ['**/db/schema*', '**/db/fragments*'], message: 'Tables and SQL fragments are for repositories.' },
            { regex: '^\\.\\.?/(.*/)?schema(\\.js)?$', message: "A module's tables are for repositories." },
          ],
        },
      ],
    },
  },
  {
    // Promises the code forgets (a rejection nobody hears) or hands where no promise belongs (an async
    // onClick, a promise in a condition): type-aware, so only over the app's own source.
    files: [`${SERVER}/**/*.ts`, `${WEB}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // The plugin's recommended set: the rules of hooks and the React Compiler's checks. A missing
    // dependency is an error, not a warning: a stale closure is a bug, not a style question.
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
);
