// Browser-safe entry point. Server-only code is under '@shop/shared/server/*'.
export * from './constants/index.js';
export * from './errors/index.js';
