import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { type OpenAPI3 } from 'openapi-typescript';
import { OPENAPI_PATH, eventsApi, geoApi, projectDocumentApi } from '@hubbub/contract';
import { build, type TestApp } from './support/build.js';

// The OpenAPI document as other tools take it: valid 3.1, clean under Redocly's recommended rules,
// one operationId and one declared tag per call, and good enough to type a client from.

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The recommended warnings the API accepts, each for a reason; `at` (when given) lists the
 * only places it may be reported ("GET /path", or the path alone).
 */
const ALLOWED: { rule: string; at?: string[]; why: string }[] = [
  { rule: 'no-path-trailing-slash', why: 'paths keep the trailing slash their clients already call (an error in recommended, a warning in redocly.yaml)' },
  { rule: 'tag-description', why: 'tags are the endpoint tables\u2019 feature names, read from the routes; the operations carry the prose' },
  {
    rule: 'no-ambiguous-paths',
    at: ['/project/api/v1/projectDocument/{id}/revisions', '/project/api/v1/projectDocument/{id}/images', '/project/api/v1/projectDocument/{id}/export', '/presence/api/v1/auth/external/{provider}/start'],
    why: 'a literal segment (`event`, `accounts`) wins over a parameter in the router, so each URL has one route',
  },
  {
    rule: 'operation-4xx-response',
    at: ['GET /', 'GET /account/api/v1/manifest/', 'GET /engine/api/v1/tag/categories', 'GET /account/api/v1/push/key'],
    why: 'public reads that take no input: nothing the caller sends can be wrong',
  },
  { rule: 'operation-2xx-response', at: ['GET /presence/api/v1/auth/external/{provider}/start'], why: 'a navigation that answers with a 302 to the provider' },
];

interface Operation {
  operationId?: string;
  tags?: string[];
}
interface Document extends OpenAPI3 {
  tags?: { name: string }[];
  components?: OpenAPI3['components'] & { schemas?: Record<string, unknown> };
}

/** "GET /path" (or "/path") for a JSON pointer into the document's paths. */
function place(pointer: string): string {
  const [, section, escapedPath, method] = pointer.replace(/^#/, '').split('/');
  if (section !== 'paths' || !escapedPath) return pointer;
  const url = escapedPath.replaceAll('~1', '/').replaceAll('~0', '~');
  return method && METHODS.includes(method) ? `${method.toUpperCase()} ${url}` : url;
}

function operations(document: Document): { where: string; operation: Operation }[] {
  return Object.entries(document.paths ?? {}).flatMap(([url, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ where: `${method.toUpperCase()} ${url}`, operation })),
  );
}

function schemaRefs(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) schemaRefs(item, into);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) into.add(value.slice('#/components/schemas/'.length));
      else schemaRefs(value, into);
    }
  }
  return into;
}

let t: TestApp;
let source: string;
let document: Document;
beforeAll(async () => {
  t = await build();
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  source = res.body;
  document = JSON.parse(source) as Document;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("passes Redocly's recommended rules, but for the warnings it allows", async () => {
    // The repository's redocly.yaml: what `npx @redocly/cli lint` reads too.
    const config = await loadConfig({ configPath: path.resolve(import.meta.dirname, '../../../redocly.yaml') });
    const problems = await lintFromString({ source, absoluteRef: path.join(os.tmpdir(), 'openapi.json'), config });
    const unexpected = problems
      .map((problem) => ({ rule: problem.ruleId, severity: problem.severity, at: place(problem.location[0]?.pointer ?? ''), message: problem.message }))
      .filter(({ rule, severity, at }) => severity === 'error' || !ALLOWED.some((allowed) => allowed.rule === rule && (!allowed.at || allowed.at.includes(at))));
    expect(unexpected).toEqual([]);
    // The list stays short: an allowance nothing needs any more goes.
    const reported = new Set(problems.map((problem) => `${problem.ruleId} ${place(problem.location[0]?.pointer ?? '')}`));
    const reportedRules = new Set(problems.map((problem) => problem.ruleId));
    const stale = ALLOWED.flatMap(({ rule, at }) => (at ? at.filter((where) => !reported.has(`${rule} ${where}`)).map((where) => `${rule} ${where}`) : reportedRules.has(rule) ? [] : [rule]));
    expect(stale).toEqual([]);
  });

  it('names every operation once, under one of its declared tags', () => {
    const all = operations(document);
    expect(all.length).toBeGreaterThan(50);
    const declared = new Set((document.tags ?? []).map((tag) => tag.name));
    const ids = new Map<string, string[]>();
    const faults: string[] = [];
    for (const { where, operation } of all) {
      if (!operation.operationId) faults.push(`${where}: no operationId`);
      else ids.set(operation.operationId, [...(ids.get(operation.operationId) ?? []), where]);
      if (operation.tags?.length !== 1 || !declared.has(operation.tags[0]!)) faults.push(`${where}: tags ${JSON.stringify(operation.tags)}`);
    }
    for (const [id, places] of ids) if (places.length > 1) faults.push(`${id} names ${places.join(', ')}`);
    // Every declared tag is used: the list is made from the operations.
    for (const name of declared) if (!all.some(({ operation }) => operation.tags?.includes(name))) faults.push(`tag ${name}: no operation`);
    expect(faults).toEqual([]);
  });

  it('has no component schema that nothing refers to', () => {
    const schemas = document.components?.schemas ?? {};
    const used = schemaRefs({ ...document, components: { ...document.components, schemas: {} } });
    for (const pending = [...used]; pending.length; ) {
      for (const name of schemaRefs(schemas[pending.pop()!])) {
        if (!used.has(name)) {
          used.add(name);
          pending.push(name);
        }
      }
    }
    expect(Object.keys(schemas).filter((name) => !used.has(name))).toEqual([]);
    expect([...used].filter((name) => !(name in schemas))).toEqual([]);
  });

  it('types a client: openapi-typescript and openapi-fetch, checked by tsc', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-openapi-'));
    try {
      await fs.writeFile(path.join(dir, 'schema.d.ts'), await openapiTS(structuredClone(document), { silent: true }));
      const openApiPath = (p: string) => JSON.stringify(p.replace(/:(\w+)/g, '{$1}'));
      await fs.writeFile(
        path.join(dir, 'client.ts'),
        `import createClient from 'openapi-fetch';
import type { paths } from './schema';

const client = createClient<paths>({ baseUrl: 'http://localhost:8080', headers: { 'X-Tenant': 'hubbub' } });

export async function calls(id: string): Promise<number> {
  const events = await client.POST(${openApiPath(eventsApi.search.path)}, { body: { searchText: 'jazz', orderBy: 'StartDate', pageNumber: 1 } });
  const cities = await client.GET(${openApiPath(geoApi.cities.path)}, { params: { query: { search: 'Omaha', limit: 5 } } });
  const documents = await client.POST(${openApiPath(projectDocumentApi.search.path)}, { body: { searchText: 'plan' } });
  const one = await client.GET(${openApiPath(projectDocumentApi.get.path)}, { params: { path: { id } } });
  // @ts-expect-error pageNumber is a number
  await client.POST(${openApiPath(eventsApi.search.path)}, { body: { pageNumber: 'one' } });
  const city: string | undefined = cities.data?.[0]?.name;
  const title: string | undefined = one.data?.title;
  return (events.data?.events.length ?? 0) + (documents.data?.documents.length ?? 0) + (city ? 1 : 0) + (title ? 1 : 0);
}
`,
      );
      // The temp dir has no node_modules: tsc takes openapi-fetch's types from the module node resolves
      // for this file (its `.d.mts` beside the `.mjs`), and what those import from the repo's node_modules.
      const openapiFetch = fileURLToPath(import.meta.resolve('openapi-fetch')).replace(/\.mjs$/, '.d.mts');
      await fs.writeFile(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2022', 'DOM'],
            types: [],
            paths: { 'openapi-fetch': [openapiFetch] },
          },
          files: ['client.ts'],
        }),
      );
      const tsc = await promisify(execFile)(path.join(REPO, 'node_modules/.bin/tsc'), ['-p', path.join(dir, 'tsconfig.json')]).then(
        ({ stdout, stderr }) => stdout + stderr,
        (error: { stdout?: string; stderr?: string; message: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}` || error.message,
      );
      expect(tsc).toBe('');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
