export * from './errors.js';
export * from './constants.js';
export * from './money.js';
export * from './account.js';
