import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attractionsApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { readUpload } from '../../plugins/uploads.js';
import * as service from './service.js';

export const attractionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, attractionsApi.create, { handler: (request) => service.createAttraction({ ctx, auth: authOf(request), input: request.body }) });
  route(app, attractionsApi.update, { handler: (request) => service.updateAttraction({ ctx, auth: authOf(request), input: request.body }) });
  route(app, attractionsApi.reorder, { handler: (request) => service.reorderAttractions({ ctx, auth: authOf(request), input: request.body }) });
  route(app, attractionsApi.delete, { handler: (request) => service.deleteAttraction({ ctx, auth: authOf(request), id: request.params.id }) });
  route(app, attractionsApi.setPicture, {
    handler: async (request) => service.setAttractionPicture({ ctx, auth: authOf(request), id: request.params.id, data: await readUpload(request) }),
  });
  route(app, attractionsApi.removePicture, { handler: (request) => service.removeAttractionPicture({ ctx, auth: authOf(request), id: request.params.id }) });
};
