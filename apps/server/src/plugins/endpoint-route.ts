import type { FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface, RouteShorthandOptionsWithHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProblemSchema, type Endpoint, type EndpointSpec } from '@hubbub/contract';

/** The route schema an endpoint entry makes, as the zod type provider reads it for the handler's types. */
type SchemaOf<E extends EndpointSpec> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  // A file answer may also say "not modified".
  response: { 200: E['answer']; 201: E['answer']; 304: undefined };
};

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyInstance['log'], ZodTypeProvider>;

type RouteOptions<E extends EndpointSpec> = Omit<
  RouteShorthandOptionsWithHandler<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, unknown, SchemaOf<E>, ZodTypeProvider>,
  'schema'
> & {
  /** Schema keys the entry does not carry (`hide`, a `description`, a response for a redirect). */
  schema?: { hide?: boolean; description?: string; response?: Record<number, unknown> };
};

/**
 * Registers the route of one endpoint entry: method, path, validation, answer and OpenAPI all come
 * from the entry; the caller gives the handler (and hooks such as a rate limit's config).
 */
export function route<E extends Endpoint>(app: ZodApp, endpoint: E, options: RouteOptions<E>): void {
  const { schema: extra, ...rest } = options;
  const problems = [...(endpoint.auth === 'bearer' ? [401, 403] : []), ...(endpoint.problems ?? [])];
  const status = endpoint.status ?? 200;
  const response: Record<number, unknown> = {
    ...(endpoint.answer ? { [status]: endpoint.answer } : {}),
    ...Object.fromEntries(problems.map((code) => [code, ProblemSchema])),
    ...extra?.response,
  };
  if (endpoint.produces) {
    // A file: only the success answer has the file's media type (Problems stay JSON), described as
    // the route describes it (OpenAPI takes a response's own `content` as it is).
    const described = response[status] as z.ZodType | undefined;
    const description = described?.description ?? endpoint.summary;
    response[status] = z.any().meta({ description, content: { [endpoint.produces]: { schema: { type: 'string', format: 'binary' } } } });
  }
  const preHandler = endpoint.auth === 'bearer' ? app.requireAuth : endpoint.auth === 'optional' ? app.optionalAuth : undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(preHandler ? { preHandler } : {}),
    ...rest,
    schema: {
      operationId: endpoint.operationId,
      tags: [endpoint.feature],
      summary: endpoint.summary,
      ...(extra?.description ? { description: extra.description } : {}),
      ...(extra?.hide ? { hide: true } : {}),
      ...(endpoint.auth === 'bearer' ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response,
    },
  } as Parameters<ZodApp['route']>[0]);
}
