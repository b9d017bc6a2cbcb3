import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { DOCS_PATH, OPENAPI_PATH } from '@hubbub/contract';

/** The OpenAPI document is generated from the contract's zod schemas on the routes. */
export const openApiPlugin = fp(async (app: FastifyInstance, opts: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hubbub API',
        version: opts.version,
        description:
          'Every API call names its tenant in the X-Tenant header (e.g. "hubbub"). Errors are JSON Problems {status, code, title, detail?, errors?}: clients decide on `code` (the ProblemCode schema lists every code and its meaning), never on the status alone.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          tenant: { type: 'apiKey', in: 'header', name: 'X-Tenant' },
        },
      },
      security: [{ tenant: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
});
