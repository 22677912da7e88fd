// Printful integration: client, wire schemas, typed errors and cross-replica request pacing.
export * from './printful-client.js';
export * from './printful-config-check.js';
export * from './printful-errors.js';
export * from './request-pacer.js';
export * from './schemas.js';
export * from './stored-product.js';
export * from './webhook-registration.js';
