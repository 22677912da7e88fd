import type { Job } from 'bullmq';
import type { SyncProgress } from '@shop/shared/schemas';
import type { JobContext } from '../../job-module.js';

// Progress of a sync: on the BullMQ job (QueueEvents `progress`, read by the admin endpoints)
// and as `sync.progress` events on the Redis channel (fanned out to the admin screen over SSE).
// Within a phase it reports about every 2%, so a 1000-product sync sends ~50 updates, not 1000.

const STEPS_PER_PHASE = 50;

export interface ProgressReporter {
  /** Starts a phase of `total` steps. */
  phase(phase: string, total: number): Promise<void>;
  /** One more step of the current phase done. */
  advance(): Promise<void>;
  /** The run ended: one last event with its final state. */
  finish(state: 'completed' | 'failed'): Promise<void>;
  current(): SyncProgress;
}

export function createProgressReporter(job: Job, publish: JobContext['publish']): ProgressReporter {
  let current: SyncProgress = { phase: 'listing', done: 0, total: 0 };
  let lastReported = 0;
  const jobId = job.id ?? '';

  async function report(state: string): Promise<void> {
    const progress = { ...current };
    lastReported = progress.done;
    await job.updateProgress(progress);
    await publish({ type: 'sync.progress', jobId, state, progress });
  }

  return {
    async phase(phase, total) {
      current = { phase, done: 0, total };
      await report('active');
    },
    async advance() {
      current = { ...current, done: current.done + 1 };
      const step = Math.max(1, Math.floor(current.total / STEPS_PER_PHASE));
      if (current.done === current.total || current.done - lastReported >= step) await report('active');
    },
    async finish(state) {
      if (state === 'completed') current = { phase: 'done', done: current.total, total: current.total };
      await report(state);
    },
    current: () => current,
  };
}
