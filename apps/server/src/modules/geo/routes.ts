import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AreaCitiesRequestSchema, CityNearbyQuerySchema, CitySchema, CitySearchQuerySchema, ProblemSchema, routes } from '@hubbub/contract';
import * as service from './service.js';

const tags = ['geo'];
const Cities = z.array(CitySchema);

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get(routes.cities, {
    schema: { tags, summary: 'Cities by name: prefix then fuzzy, largest first ("Omaha, NE" narrows by state)', querystring: CitySearchQuerySchema, response: { 200: Cities, 400: ProblemSchema } },
    handler: (request) => service.searchCities({ ctx, ...request.query }),
  });
  app.get(routes.citiesNearby, {
    schema: { tags, summary: 'Cities nearest to a point', querystring: CityNearbyQuerySchema, response: { 200: Cities, 400: ProblemSchema } },
    handler: (request) => service.nearbyCities({ ctx, ...request.query }),
  });
  app.post(routes.areaCities, {
    schema: { tags, summary: "Cities inside an area's view, largest first", body: AreaCitiesRequestSchema, response: { 200: Cities, 400: ProblemSchema } },
    handler: (request) => service.areaCities({ ctx, ...request.body }),
  });
};
