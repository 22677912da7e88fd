import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queue } from 'bullmq';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError, MESSAGES } from '@shop/shared';
import { ORDER_STATUSES } from '@shop/shared/schemas';
import { COLLECTIONS, readableDoc } from '@shop/shared/server/collections';
import { countOrdersWithStatus } from '@shop/shared/server/orders';
import { scanCollection, type DocumentStore } from '@shop/shared/server/store';
import { errorBody } from './error-handler.js';
import { bearerMatches } from './secret-match.js';

// GET /metrics for Prometheus. Request durations are observed as requests finish; everything
// else (queue depths, job durations, sync runs, webhook events, orders) is read from Redis and the
// document store when scraped, so no route or worker has to report anything and every replica
// answers alike. A dependency that is down is reported as such instead of failing the scrape.
// Each app has its own registry, so several apps in one process (tests) never share series.

export const METRICS_PATH = '/metrics';
/** Completed jobs per queue whose durations the job-duration gauges summarise. */
export const RECENT_JOBS = 100;
/** Sync runs counted by outcome: the schedule adds one an hour, so only the recent ones. */
export const RECENT_SYNC_RUNS = 100;
const DEPENDENCY_TIMEOUT_MS = 1500;
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
const QUANTILES = [0.5, 0.95, 1] as const;

/** Runs `read`, rejecting if it has not settled in time (a hung Redis must not hang the scrape). */
async function withTimeout<T>(read: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      read(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${DEPENDENCY_TIMEOUT_MS} ms`)),
          DEPENDENCY_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Counts per label set. */
class Tally<L extends string> {
  private readonly counts = new Map<string, { labels: Record<L, string>; n: number }>();
  add(labels: Record<L, string>): void {
    const key = JSON.stringify(labels);
    const entry = this.counts.get(key) ?? { labels, n: 0 };
    entry.n++;
    this.counts.set(key, entry);
  }
  setOn(gauge: Gauge<L>): void {
    for (const { labels, n } of this.counts.values()) gauge.set(labels, n);
  }
}

function createMetrics(registry: Registry) {
  const registers = [registry];
  /** A gauge in this app's registry, set on every scrape. */
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge<L>({ name, help, labelNames, registers });
  return {
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route pattern, method and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    sourceUp: gauge(
      'shop_metrics_source_up',
      'Whether the last scrape could read the source (queues: Redis, store: the document store)',
      ['source'],
    ),
    queueJobs: gauge('shop_queue_jobs', 'Jobs per queue and state', ['queue', 'state']),
    jobDuration: gauge(
      'shop_queue_recent_job_duration_seconds',
      `Processing time of the last ${RECENT_JOBS} completed jobs per queue (quantile 1 is the longest)`,
      ['queue', 'quantile'],
    ),
    recentJobs: gauge('shop_queue_recent_jobs', 'Completed jobs behind shop_queue_recent_job_duration_seconds', [
      'queue',
    ]),
    syncRuns: gauge('shop_sync_runs', `Product syncs among the last ${RECENT_SYNC_RUNS} by job name and state`, [
      'name',
      'state',
    ]),
    lastSyncProducts: gauge(
      'shop_sync_last_run_products',
      'Products per outcome in the most recent finished product sync',
      ['outcome'],
    ),
    webhookEvents: gauge('shop_webhook_events', 'Recorded provider webhook events by provider, type and outcome', [
      'provider',
      'type',
      'outcome',
    ]),
    orders: gauge('shop_orders', 'Orders by status', ['status']),
  };
}
type Metrics = ReturnType<typeof createMetrics>;

async function readQueue(metrics: Metrics, queue: Queue): Promise<void> {
  const [counts, completed] = await Promise.all([
    queue.getJobCounts(...QUEUE_STATES),
    queue.getJobs(['completed'], 0, RECENT_JOBS - 1, false),
  ]);
  for (const state of QUEUE_STATES) metrics.queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
  const durations = completed
    .filter((job) => job?.processedOn && job.finishedOn)
    .map((job) => ((job.finishedOn as number) - (job.processedOn as number)) / 1000)
    .sort((a, b) => a - b);
  metrics.recentJobs.set({ queue: queue.name }, durations.length);
  if (durations.length === 0) return;
  for (const q of QUANTILES)
    metrics.jobDuration.set({ queue: queue.name, quantile: String(q) }, quantile(durations, q));
}

async function readStore(metrics: Metrics, store: DocumentStore): Promise<void> {
  const orderCounts = await Promise.all(ORDER_STATUSES.map((status) => countOrdersWithStatus(store, status)));
  ORDER_STATUSES.forEach((status, i) => metrics.orders.set({ status }, orderCounts[i]));

  // Tallied first and then set, so that two concurrent scrapes cannot add up each other's counts.
  // Webhook events and sync runs are counted raw, readable or not: a record its schema refuses
  // still shows up (under whatever labels it carries) rather than vanishing from the figures.
  const events = new Tally<'provider' | 'type' | 'outcome'>();
  await scanCollection(store, COLLECTIONS.webhookEvents, ({ data: event }) => {
    // Printful records name their provider; Stripe's records carry no such field.
    const provider = typeof event.provider === 'string' ? event.provider : 'stripe';
    events.add({ provider, type: String(event.type), outcome: String(event.outcome) });
  });
  events.setOn(metrics.webhookEvents);

  const runs = await store.query(COLLECTIONS.syncRuns, {
    orderBy: [{ field: 'startedAt', direction: 'desc' }],
    limit: RECENT_SYNC_RUNS,
  });
  const runStates = new Tally<'name' | 'state'>();
  for (const { data } of runs.docs) runStates.add({ name: String(data.name), state: String(data.state) });
  runStates.setOn(metrics.syncRuns);
  const last = runs.docs
    .map(({ data }) => readableDoc(COLLECTIONS.syncRuns, data))
    .find((run) => run !== null && run.state !== 'active');
  if (last) {
    for (const [outcome, value] of Object.entries({ ...last.counts, unchanged: last.unchanged })) {
      metrics.lastSyncProducts.set({ outcome }, value);
    }
  }
}

async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics = createMetrics(registry);

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids and tokens in paths must not become label values.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  /** Replaces the scraped gauges with what Redis and the store hold now. */
  async function refresh(request: FastifyRequest): Promise<void> {
    const scraped = [
      metrics.queueJobs,
      metrics.jobDuration,
      metrics.recentJobs,
      metrics.syncRuns,
      metrics.lastSyncProducts,
      metrics.webhookEvents,
      metrics.orders,
    ];
    for (const gauge of scraped) gauge.reset();
    const [queues, store] = await Promise.allSettled([
      withTimeout(() => Promise.all(Object.values(app.queues).map((queue) => readQueue(metrics, queue)))),
      withTimeout(() => readStore(metrics, app.store)),
    ]);
    for (const [source, outcome] of [
      ['queues', queues],
      ['store', store],
    ] as const) {
      metrics.sourceUp.set({ source }, outcome.status === 'fulfilled' ? 1 : 0);
      if (outcome.status === 'rejected')
        request.log.warn({ source, err: (outcome.reason as Error).message }, 'metrics source unavailable');
    }
  }

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.METRICS_TOKEN;
    // Without a token the endpoint does not exist: the very answer an unknown route gets.
    if (!token)
      return reply.status(404).send(errorBody('not-found', MESSAGES.routeNotFound(request.method, METRICS_PATH)));
    if (!bearerMatches(request.headers.authorization, token))
      throw new AppError('unauthenticated', MESSAGES.metricsTokenInvalid);
    await refresh(request);
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['infrastructure'] });
