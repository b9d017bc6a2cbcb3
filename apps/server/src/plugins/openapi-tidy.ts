import { isDeepStrictEqual } from 'node:util';

/**
 * Tidies the OpenAPI document fastify-type-provider-zod makes, so linters and generators take it as
 * it is. The transform registers every contract schema with a `.meta({ id })` twice, `X` as answers
 * read it and `XInput` as requests write it; most twins are identical or never used.
 */

const SCHEMA_REF = '#/components/schemas/';
const INPUT = 'Input';

type Json = unknown;
type Schemas = Record<string, Json>;

/** The parts of the document this file reads or rewrites. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Schemas; [key: string]: unknown };
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

/** `X` for a request twin's name `XInput`, else undefined. */
const twinBase = (name: string): string | undefined => (name.endsWith(INPUT) && name.length > INPUT.length ? name.slice(0, -INPUT.length) : undefined);

const isObject = (node: Json): node is Record<string, Json> => typeof node === 'object' && node !== null && !Array.isArray(node);

/** A copy of a JSON tree with every schema `$ref` passed through `rename` (a component's name in, its new name out). */
function renameRefs<T>(node: T, rename: (name: string) => string): T {
  if (Array.isArray(node)) return node.map((item: Json) => renameRefs(item, rename)) as T;
  if (!isObject(node)) return node;
  const copy: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] = key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF) ? SCHEMA_REF + rename(value.slice(SCHEMA_REF.length)) : renameRefs(value, rename);
  }
  return copy as T;
}

/** The component schema names a JSON tree refers to. */
function refsIn(node: Json, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, into);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) into.add(value.slice(SCHEMA_REF.length));
      else refsIn(value, into);
    }
  }
  return into;
}

/**
 * `anyOf: [{}, ...]` matches anything: zod writes `{}` for what JSON Schema cannot say (z.unknown(),
 * a transform's output), and linters flag the union as illogical. The empty schema says the same.
 */
function simplifySchemas<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item: Json) => simplifySchemas(item)) as T;
  if (!isObject(node)) return node;
  const copy: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'anyOf' && Array.isArray(value) && value.some((option) => isObject(option) && Object.keys(option).length === 0)) continue;
    // JSON Schema 2020-12 is OpenAPI 3.1's own dialect: a per-schema `$schema` only repeats it, and an
    // `$id` of `#/components/schemas/X` (zod's) is a fragment, which 2020-12 does not allow in `$id`.
    if (key === '$schema' || (key === '$id' && typeof value === 'string' && value.startsWith(SCHEMA_REF))) continue;
    copy[key] = simplifySchemas(value);
  }
  return copy as T;
}

/**
 * The bases `X` whose `XInput` twin says the same as `X`, references to other twins counted as the
 * same when those twins are the same too (largest such set, so mutually recursive twins merge).
 */
function identicalTwins(schemas: Schemas): Set<string> {
  const twins = new Set(
    Object.keys(schemas)
      .map(twinBase)
      .filter((base): base is string => base !== undefined && schemas[base] !== undefined),
  );
  const base = (name: string) => {
    const twin = twinBase(name);
    return twin !== undefined && twins.has(twin) ? twin : name;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of twins) {
      if (!isDeepStrictEqual(renameRefs(schemas[name + INPUT], base), renameRefs(schemas[name], base))) {
        twins.delete(name);
        changed = true;
      }
    }
  }
  return twins;
}

/** Every schema name reachable from the document outside `components.schemas`. */
function usedSchemas(document: OpenApiDocument): Set<string> {
  const schemas = document.components?.schemas ?? {};
  const used = refsIn({ ...document, components: { ...document.components, schemas: {} } });
  for (const pending = [...used]; pending.length; ) {
    for (const name of refsIn(schemas[pending.pop()!])) {
      if (!used.has(name)) {
        used.add(name);
        pending.push(name);
      }
    }
  }
  return used;
}

/**
 * The document with: one schema per contract id where the request and answer forms agree (`X`), the
 * request form named after the id when no answer uses the id (`XInput` becomes `X`), both kept
 * where they differ; no schema nothing refers to; and a top-level tag per tag the operations carry.
 */
export function tidyOpenApi(source: OpenApiDocument): OpenApiDocument {
  let document = simplifySchemas(source);
  const registered = new Set(Object.keys(document.components?.schemas ?? {}));

  const twins = identicalTwins(document.components?.schemas ?? {});
  document = renameRefs(document, (name) => {
    const base = twinBase(name);
    return base !== undefined && twins.has(base) ? base : name;
  });

  const used = usedSchemas(document);
  const kept = Object.keys(document.components?.schemas ?? {}).filter((name) => used.has(name));
  // An `XInput` whose answer form `X` went unused takes the contract's name.
  const renamed = (name: string) => {
    const base = twinBase(name);
    return base !== undefined && registered.has(base) && !used.has(base) ? base : name;
  };
  document = renameRefs(document, renamed);
  const schemas = Object.fromEntries(kept.map((name) => [renamed(name), document.components!.schemas![name]]));

  return {
    ...document,
    tags: operationTags(document),
    components: { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) },
  };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The document's tags as the operations carry them (each endpoint table's feature), named once, sorted. */
function operationTags(document: OpenApiDocument): { name: string; description?: string }[] {
  const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag]));
  for (const item of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method) || !isObject(operation) || !Array.isArray(operation.tags)) continue;
      for (const name of operation.tags) if (typeof name === 'string' && !declared.has(name)) declared.set(name, { name });
    }
  }
  return [...declared.values()].sort((a, b) => a.name.localeCompare(b.name));
}
