// The collections registry and the reads parsed through it.
export * from './registry.js';
export * from './collection-reads.js';
