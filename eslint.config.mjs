// The rules live in tools/lint, a workspace with its own TypeScript 5 for the parser (see its package.json).
export { default } from './tools/lint/config.mjs';
