// No static import of @microsoft/signalr here: it loads with the first connection (buzz route).
export * from './active-flyers';
export * from './realtime-client';
export * from './realtime';
export * from './use-realtime';
export { reconnectDelay, FIRST_START_RETRY_MS } from './retry-policy';
export { HUB_URL } from './hub-connection';
