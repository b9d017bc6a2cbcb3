export * from './callback';
export * from './intent';
