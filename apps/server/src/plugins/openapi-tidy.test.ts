import { describe, expect, it } from 'vitest';
import { tidyOpenApi, type OpenApiDocument } from './openapi-tidy.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const call = (tag: string, body: string, answer: string) => ({ tags: [tag], requestBody: json(ref(body)), responses: { 200: json(ref(answer)) } });

describe('tidyOpenApi', () => {
  it('merges twins that say the same (recursive ones too), keeps those that differ, and names a request-only schema after its id', () => {
    const tree = { type: 'object', properties: { children: { type: 'array', items: ref('Tree') } } };
    const treeInput = { type: 'object', properties: { children: { type: 'array', items: ref('TreeInput') } } };
    const source: OpenApiDocument = {
      paths: {
        '/a': { post: call('b', 'TreeInput', 'Tree') },
        '/b': { post: call('a', 'AreaInput', 'Area') },
        '/c': { post: { ...call('a', 'SearchInput', 'Tree'), summary: 'no answer uses Search' } },
      },
      components: {
        schemas: {
          Tree: { $id: '#/components/schemas/Tree', ...tree },
          TreeInput: { $id: '#/components/schemas/TreeInput', ...treeInput },
          Area: { type: 'object', properties: { zoom: { default: 10 } } },
          AreaInput: { type: 'object', properties: { zoom: { type: 'number', default: 10 } } },
          Search: { type: 'object', properties: { text: { anyOf: [{}, { type: 'null' }] } } },
          SearchInput: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { text: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
          Unused: { type: 'string' },
          UnusedInput: { type: 'string' },
        },
      },
    };
    const tidy = tidyOpenApi(source);
    expect(Object.keys(tidy.components!.schemas!)).toEqual(['Area', 'AreaInput', 'Search', 'Tree']);
    expect(tidy.components!.schemas!.Tree).toEqual(tree);
    expect(tidy.components!.schemas!.Search).toEqual({ type: 'object', properties: { text: { anyOf: [{ type: 'string' }, { type: 'null' }] } } });
    expect(tidy.paths!['/a']!.post).toEqual(call('b', 'Tree', 'Tree'));
    expect(tidy.paths!['/b']!.post).toEqual(call('a', 'AreaInput', 'Area'));
    expect(tidy.paths!['/c']!.post).toMatchObject(call('a', 'Search', 'Tree'));
    expect(tidy.tags).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('reads an anyOf with an empty schema as the empty schema it is', () => {
    const source: OpenApiDocument = { paths: { '/x': { get: { tags: ['x'], responses: { 200: json(ref('X')) } } } }, components: { schemas: { X: { type: 'object', properties: { any: { anyOf: [{}, { type: 'null' }], description: 'anything' } } } } } };
    expect(tidyOpenApi(source).components!.schemas!.X).toEqual({ type: 'object', properties: { any: { description: 'anything' } } });
  });
});
