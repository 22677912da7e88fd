import type { Queue } from 'bullmq';
import { RECENT_JOBS, type ScrapedGauges } from './scraped-gauges.js';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
const QUANTILES = [0.5, 0.95, 1] as const;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** One queue's depth per state and the durations of its recent completed jobs. */
export async function readQueue(gauges: ScrapedGauges, queue: Queue): Promise<void> {
  const [counts, completed] = await Promise.all([
    queue.getJobCounts(...QUEUE_STATES),
    queue.getJobs(['completed'], 0, RECENT_JOBS - 1, false),
  ]);
  for (const state of QUEUE_STATES) gauges.queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
  const durations = completed
    .filter((job) => job?.processedOn && job.finishedOn)
    .map((job) => ((job.finishedOn as number) - (job.processedOn as number)) / 1000)
    .sort((a, b) => a - b);
  gauges.recentJobs.set({ queue: queue.name }, durations.length);
  if (durations.length === 0) return;
  for (const q of QUANTILES) gauges.jobDuration.set({ queue: queue.name, quantile: String(q) }, quantile(durations, q));
}
