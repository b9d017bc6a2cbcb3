export * from './api-error';
export * from './error-policy';
export * from './http-client';
export * from './query-client';
export * from './query-keys';
export * from './form-errors';
export * from './upload-form';
