import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geoApi } from '@hubbub/contract';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, geoApi.cities, { handler: (request) => service.searchCities({ ctx, ...request.query }) });
  route(app, geoApi.citiesNearby, { handler: (request) => service.nearbyCities({ ctx, ...request.query }) });
  route(app, geoApi.areaCities, { handler: (request) => service.areaCities({ ctx, ...request.body }) });
};
