// The browser-safe half of the Printful provider: its wire shapes and the pure rules over them.
// No client, no I/O (lint holds it), so domain rules and the SPA may import this without pulling
// server code in (`@shop/shared/providers/printful/rules`).
export * from './wire.js';
export * from './stored-product.js';
export * from './normalise-product.js';
export * from './external-id.js';
export * from './order-check.js';
export * from './order-model.js';
export * from './catalog-variants.js';
