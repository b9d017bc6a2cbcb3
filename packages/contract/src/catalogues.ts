/** The gradient and emoji catalogues: a separate entry, so only screens that need the data load it. */
export * from './gradients.js';
export * from './emoji.js';
