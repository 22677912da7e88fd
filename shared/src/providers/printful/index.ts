// Printful, the print-on-demand provider, in one place: the client, cross-replica request pacing,
// typed errors, the configuration check and webhook registration (server-only), plus the wire
// shapes and pure rules of ./rules.ts.
export * from './rules.js';
export * from './client.js';
export * from './config-check.js';
export * from './errors.js';
export * from './pacer.js';
export * from './webhook-registration.js';
