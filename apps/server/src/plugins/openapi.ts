import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { DOCS_PATH, OPENAPI_PATH } from '@hubbub/contract';
import { tidyOpenApi, type OpenApiDocument } from './openapi-tidy.js';

/**
 * The OpenAPI document is generated from the contract's zod schemas on the routes. It is OpenAPI 3.1
 * because zod writes JSON Schema 2020-12 (`const`, `type: [..., 'null']`), which is 3.1's dialect;
 * test/openapi.test.ts lints it with Redocly's recommended rules and types a client from it.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, opts: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hubbub API',
        version: opts.version,
        description:
          'Every API call names its tenant in the X-Tenant header (e.g. "hubbub"). Errors are JSON Problems {status, code, title, detail?, errors?}: clients decide on `code` (the ProblemCode schema lists every code and its meaning), never on the status alone.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      // The API is served beside this document, whatever host serves it.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          tenant: { type: 'apiKey', in: 'header', name: 'X-Tenant' },
        },
      },
      security: [{ tenant: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => tidyOpenApi(jsonSchemaTransformObject(input) as OpenApiDocument),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
});
