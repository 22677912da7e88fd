import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { parseConfig } from '@shop/shared/server/config';
import type { FullDocumentStore } from '@shop/shared/server/store';
import { buildApp } from '../src/app.js';
import { uniqueQueuePrefix } from '../../tests/fixtures/queue-prefix.js';
import { openTempStore } from '../../tests/fixtures/temp-store.js';

// What the API benchmarks share: the real app in this process on a fresh SQLite file and a random
// port, and one autocannon run per route reduced to the figures the reports print.

export interface BenchApp {
  app: FastifyInstance;
  store: FullDocumentStore;
  /** Where the app listens, e.g. http://127.0.0.1:41234 */
  url: string;
}

export interface BenchAppOptions {
  /** Names the temporary folder, to tell benchmarks apart in os.tmpdir(). */
  name: string;
  /** Runs before the app is built (seed data the app should find at start). */
  prepare?: (store: FullDocumentStore) => Promise<void>;
  /** Adds routes to the app before it listens (a comparison route). */
  setup?: (app: FastifyInstance) => void;
  /** More configuration, e.g. WEB_DIST for a benchmark of the pages. */
  env?: Record<string, string>;
  /** Serve the built SPA and its pages too; default false, the API alone. */
  serveWeb?: boolean;
}

/** Runs `bench` against a freshly built app, then closes the app and the store and removes the file. */
export async function withBenchApp<T>(options: BenchAppOptions, bench: (target: BenchApp) => Promise<T>): Promise<T> {
  const temp = openTempStore(`${options.name}-bench`);
  const { store } = temp;
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env.REDIS_URL,
    QUEUE_PREFIX: uniqueQueuePrefix('bench'),
    SQLITE_PATH: temp.sqlitePath,
    // The benchmark is one client hammering the API: the per-client limit must not be what it measures.
    RATE_LIMIT_PER_MIN: '10000000',
    ...options.env,
  });
  // Seed first: the app loads its catalogue read model while it is built.
  await options.prepare?.(store);
  const app = await buildApp({ config, store, logger: false, serveWeb: options.serveWeb ?? false });
  try {
    options.setup?.(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return await bench({ app, store, url });
  } finally {
    await app.close();
    await temp.close();
  }
}

/** The latency figures every benchmark report prints, in milliseconds. */
export interface LatencyMs {
  p50Ms: number;
  p99Ms: number;
}

export interface RouteMeasureOptions {
  /** A single path to GET, or autocannon requests (rotating paths, bodies, headers). */
  requests: string | autocannon.Request[];
  connections: number;
  /** Stop after this many requests... */
  amount?: number;
  /** ...or after this many seconds. */
  duration?: number;
}

export interface RouteMeasurement {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function measureRoute(url: string, options: RouteMeasureOptions): Promise<RouteMeasurement> {
  const { requests, connections, amount, duration } = options;
  const started = performance.now();
  const result = await autocannon({
    url,
    connections,
    requests: typeof requests === 'string' ? [{ method: 'GET', path: requests }] : requests,
    ...(amount !== undefined ? { amount } : {}),
    ...(duration !== undefined ? { duration } : {}),
  });
  return {
    // autocannon samples once a second and reports a run's length in whole seconds, so a run of a
    // fixed number of requests takes its rate from the clock here (5,000 requests in 6.4 s, not 6).
    reqPerSec:
      duration !== undefined && amount === undefined
        ? result.requests.total / duration
        : result.requests.total / ((performance.now() - started) / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
