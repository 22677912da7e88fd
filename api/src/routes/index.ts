import type { FastifyInstance } from 'fastify';
import healthRoutes from './health/index.js';
import blogRoutes from './blog/index.js';
import quoteRoutes from './quotes/index.js';

// Every route module, with its prefix. Each feature registers its plugin here with one line.
export const routes: Array<{ plugin: (app: FastifyInstance) => Promise<void>; prefix: string }> = [
  { plugin: healthRoutes, prefix: '/api/health' },
  { plugin: blogRoutes, prefix: '/api/blog' },
  { plugin: quoteRoutes, prefix: '/api/quotes' },
];
