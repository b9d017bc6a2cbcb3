import Module from 'node:module';

/**
 * The project compiles with TypeScript 7, whose package has no parser API;
 * typescript-eslint parses with TypeScript 5. npm hoists some of its helpers
 * (ts-api-utils) to the root, where `require('typescript')` would find 7, so
 * inside the lint process every `typescript` request resolves to this
 * workspace's TypeScript 5. Imported before typescript-eslint loads.
 */
const require = Module.createRequire(import.meta.url);
const typescript5 = require.resolve('typescript');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'typescript' ? typescript5 : resolve.call(this, request, ...rest);
};
