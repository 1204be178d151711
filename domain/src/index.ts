// @colouring/domain: the shop's pure rules, shared by backend and frontend.
export * from './api.js';
export * from './analytics.js';
export * from './api-errors.js';
export * from './constants.js';
export * from './errors.js';
export * from './home-previews.js';
export * from './pricing.js';
export * from './prompt-check.js';
export * from './scene-text.js';
export * from './scene-vocabulary.js';
export * from './share-stats.js';
export * from './validation/index.js';
