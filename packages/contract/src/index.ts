export * from './common.js';
export * from './claims.js';
export * from './auth.js';
export * from './user.js';
export * from './account.js';
export * from './paths.js';
export * from './events.js';
