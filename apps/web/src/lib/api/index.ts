export * from './api-error';
export * from './http-client';
export * from './query-client';
export * from './form-errors';
