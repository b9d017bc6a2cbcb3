import fc from 'fast-check';

// Valid-ish values from the JSON schemas of the OpenAPI document (what zod's toJSONSchema
// writes): enough of JSON Schema for this API, not all of it.

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
}

export interface SchemaContext {
  /** components.schemas, where `$ref`s point. */
  components: Record<string, JsonSchema>;
  /** Ids for a uuid field of this name: real ones (as placeholders) and made-up ones. */
  uuid(name: string): fc.Arbitrary<string>;
  /** A string field the schema says too little about (dates and emails are plain strings in it). */
  hint(name: string, schema: JsonSchema): fc.Arbitrary<string> | undefined;
}

export function resolve(schema: JsonSchema, ctx: SchemaContext): JsonSchema {
  if (!schema.$ref) return schema;
  const target = ctx.components[schema.$ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`unresolved ${schema.$ref}`);
  return resolve(target, ctx);
}

/** Values the schema allows (mostly: lengths count graphemes where zod counts UTF-16 units). */
export function valueOf(input: JsonSchema, ctx: SchemaContext, name = ''): fc.Arbitrary<unknown> {
  const schema = resolve(input, ctx);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => valueOf(choice, ctx, name)));
  if (schema.allOf?.length === 1) return valueOf(schema.allOf[0], ctx, name);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => valueOf({ ...schema, type }, ctx, name)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'string':
      return stringOf(schema, ctx, name);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(valueOf(schema.items ?? {}, ctx, name), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, ctx);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  if (!Object.keys(properties).length && typeof schema.additionalProperties === 'object') {
    return fc.dictionary(fc.string({ maxLength: 10 }), valueOf(schema.additionalProperties, ctx), { maxKeys: 3 });
  }
  const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valueOf(value, ctx, key)]));
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

function stringOf(schema: JsonSchema, ctx: SchemaContext, name: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return ctx.uuid(name);
  const hinted = ctx.hint(name, schema);
  if (hinted) return hinted;
  const minLength = schema.minLength ?? 0;
  const limit = schema.maxLength ?? 200;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= limit);
  const maxLength = Math.max(minLength, Math.min(limit, 40));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    // Right at the limit.
    { weight: 1, arbitrary: fc.constant('é'.repeat(limit)) },
  );
}
