import { ContainerDataSchema } from './account.js';
import { defineEndpoints, endpoint } from './endpoint.js';

// GET / answers the container data to API clients (Accept: application/json) and the web app to browsers.

export const containerApi = defineEndpoints('container', {
  data: endpoint('GET', '/', { summary: 'Container data (with Accept: application/json), else the web app', answer: ContainerDataSchema }),
});
