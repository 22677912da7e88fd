import { Gauge, type Registry } from 'prom-client';

/** Completed jobs per queue whose durations the job-duration gauges summarise. */
export const RECENT_JOBS = 100;
/** Sync runs counted by outcome: the schedule adds one an hour, so only the recent ones. */
export const RECENT_SYNC_RUNS = 100;

/** The gauges set on every scrape from what Redis and the document store hold. */
export function createScrapedGauges(registry: Registry) {
  const registers = [registry];
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge<L>({ name, help, labelNames, registers });
  return {
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
export type ScrapedGauges = ReturnType<typeof createScrapedGauges>;

/** Counts per label set, tallied before any gauge is set. */
export class Tally<L extends string> {
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
