// Server-only cart storage, shared by the API's cart routes and the worker's order jobs.
export * from './cart-repository.js';
